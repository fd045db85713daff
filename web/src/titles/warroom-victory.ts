// War Room's Victory panel: the scenario's victory conditions, who holds each of their regions now
// (the capitals) and what the Victory Check would find if the war ended now. Everything comes from
// the view's "victory" (warroom/view.cpp, the same facts as the terminal board's "Victory:" lines),
// worded here from the catalogues (data/i18n/warroom, the warroom.victory messages).
import { escape } from '../api';
import { has, language, t } from '../i18n';
import { colour } from './warroom-map';

export interface VictoryRegion {
  id: string;
  name: string;
  controller: string | null;
  capital_of: string | null;
}
export interface Victory {
  alliances: { alliance: string; terms: { at_least: number; regions: VictoryRegion[] }[]; met: boolean }[];
  if_ended_now: 'none' | 'allied' | 'axis' | 'both' | 'both-lose';
}

const nationName = (id: string) => (has(`warroom.nation.${id}`) ? t(`warroom.nation.${id}`) : id);
const list = (items: string[]) => new Intl.ListFormat(language(), { type: 'conjunction' }).format(items);

// What the Victory Check would find now, in words.
export function verdict(v: Victory): string {
  switch (v.if_ended_now) {
    case 'allied':
      return t('warroom.victory.now_allied');
    case 'axis':
      return t('warroom.victory.now_axis');
    case 'both':
      return t('warroom.victory.now_both');
    case 'both-lose':
      return t('warroom.victory.now_both_lose');
    default:
      return t('warroom.victory.now_none');
  }
}

// Each alliance's condition in words: "Axis win by controlling 2 of B1 Great Britain, R1 Moscow and
// U1 Eastern United States."
export function conditions(v: Victory): { alliance: string; text: string; met: boolean }[] {
  return v.alliances
    .filter((a) => a.terms.length > 0)
    .map((a) => {
      const terms = a.terms.map((term) => {
        const regions = list(term.regions.map((r) => `${r.id} ${r.name}`));
        return term.at_least < term.regions.length ? t('warroom.victory.some', { n: term.at_least, regions }) : regions;
      });
      return {
        alliance: a.alliance,
        met: a.met,
        text: t('warroom.victory.condition', { alliance: t(`warroom.alliance.${a.alliance}`), terms: list(terms) }),
      };
    });
}

// The regions the conditions name, once each, with their holders now.
export function holders(v: Victory): VictoryRegion[] {
  const seen = new Map<string, VictoryRegion>();
  for (const a of v.alliances) for (const term of a.terms) for (const r of term.regions) seen.set(r.id, r);
  return [...seen.values()];
}

// How far an alliance that has not won is from its condition, where the condition is "N of" several
// regions: "objective not held: 1 of the 2 held now" (a capital taken is one step of two, where
// "objective not held" alone hid it). `allianceOf` names a nation's alliance (the view's nations).
export function progress(v: Victory, alliance: string, allianceOf: (nation: string) => string | undefined): string | null {
  const a = v.alliances.find((x) => x.alliance === alliance);
  if (!a || a.met || a.terms.length !== 1 || a.terms[0].at_least < 2) return null;
  const term = a.terms[0];
  const held = term.regions.filter((r) => r.controller && allianceOf(r.controller) === alliance).length;
  return t('warroom.victory.not_met_count', { held, n: term.at_least });
}

export function victoryPanel(v: Victory, allianceOf: (nation: string) => string | undefined = () => undefined): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'panel warroom-victory';
  panel.setAttribute('aria-labelledby', 'victory-title');
  const rows = holders(v)
    .map((r) => {
      const holder = r.controller
        ? `<i class="swatch" style="background:${colour[r.controller] ?? '#999'}"></i>${escape(t('warroom.victory.held_by', { nation: nationName(r.controller) }))}`
        : escape(t('warroom.victory.neutral'));
      const capital = r.capital_of ? ` <small>(${escape(t('warroom.victory.capital', { nation: nationName(r.capital_of) }))})</small>` : '';
      return `<li><b>${escape(r.id)} ${escape(r.name)}</b>${capital}: ${holder}</li>`;
    })
    .join('');
  const goals = conditions(v)
    .map(
      (c) =>
        `<li class="alliance-${escape(c.alliance)}">${escape(c.text)} <span class="${c.met ? 'met' : 'not-met'}">${escape(progress(v, c.alliance, allianceOf) ?? t(c.met ? 'warroom.victory.met' : 'warroom.victory.not_met'))}</span></li>`,
    )
    .join('');
  panel.innerHTML = `<h2 id="victory-title">${escape(t('warroom.victory.title'))}</h2><ul class="conditions">${goals}</ul>
    <ul class="holders">${rows}</ul><p class="verdict now-${escape(v.if_ended_now)}">${escape(verdict(v))}</p>
    <p class="hint">${escape(t('warroom.victory.checked'))}</p>`;
  return panel;
}
