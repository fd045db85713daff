// War Room's placement panel (Phase 7 › Step 5. Transfer New Units to Industries): while one of the
// seat's nations places its new units, a row for each unit type it still has to place and each
// territory the engine lets it go to, with a count and "Place N": one action places that many units
// of the type under the territory's Industry token (`place USSR R1 inf*3`). The counts offered are the
// engine's (the action_fields' `count` of the seat's legal `place` actions: the territory's SV less
// its Bomb tokens and the units already there, and what the rest still needs); the page decides
// nothing itself, and Undo takes a placement back as one.
import type { Legal } from '../actions';
import { escape } from '../api';
import { t } from '../i18n';
import { titleFields, type WarRoomActionFields } from '../wire';
import type { WarRoomView } from '../view-types';
import './warroom-placement.css';

interface Choice {
  region: string;
  unit: string;
  counts: Map<number, string>; // count -> the legal action placing that many
}

// The seat's placements by territory and unit type, in the order the engine lists them.
function choicesOf(nation: string, legal: Legal): Choice[] {
  const out: Choice[] = [];
  for (const a of legal.where({ kind: 'place', nation })) {
    const f = titleFields<WarRoomActionFields>(legal.fields[a]);
    if (f?.kind !== 'place' || !f.region) continue;
    let c = out.find((x) => x.region === f.region && x.unit === f.unit);
    if (!c) out.push((c = { region: f.region, unit: f.unit, counts: new Map() }));
    c.counts.set(f.count, a);
  }
  return out;
}

// The units a nation still has to place (its revealed purchases, less what is placed).
function leftToPlace(v: WarRoomView, nation: string): number {
  const p = v.nations.find((n) => n.id === nation)?.sheet.purchases ?? {};
  return Object.entries(p).reduce((sum, [unit, x]) => sum + (unit !== 'goods' && typeof x === 'number' ? x : 0), 0);
}

const largest = (c: Choice) => Math.max(...c.counts.keys());

function row(nation: string, c: Choice, name: (id: string) => string): string {
  const unit = t(`warroom.unit.${c.unit}`);
  const most = largest(c);
  return `<tr data-region="${escape(c.region)}" data-unit="${escape(c.unit)}"><th scope="row">${escape(unit)}</th>
    <td><input class="count" type="number" min="1" max="${most}" value="${most}" inputmode="numeric"
      aria-label="${escape(t('warroom.placement.count_of', { unit, region: name(c.region) }))}"></td>
    <td><button class="place primary" data-nation="${escape(nation)}" data-action="${escape(c.counts.get(most)!)}">${escape(t('warroom.placement.place', { count: most }))}</button></td></tr>`;
}

// The seat's nation placing its new units (Step 5 places one nation's at a time), if any.
const placing = (v: WarRoomView, legal: Legal) =>
  v.terminal ? undefined : v.nations.find((n) => v.seat && n.seat === v.seat && legal.find({ kind: 'place', nation: n.id }))?.id;

// The placements the panel offers, every count of them (a typed count picks any): the page's action
// list leaves them out and points here instead, so a placement is shown once.
export function placementActions(v: WarRoomView, legal: Legal): string[] {
  const nation = placing(v, legal);
  return nation ? legal.where({ kind: 'place', nation }) : [];
}

export function placementPanel(
  v: WarRoomView,
  legal: Legal,
  name: (id: string) => string,
  act: (action: string) => Promise<void>,
): HTMLElement | null {
  const nation = placing(v, legal);
  if (!nation) return null;
  const choices = choicesOf(nation, legal);
  const regions = [...new Set(choices.map((c) => c.region))];
  const panel = document.createElement('section');
  panel.className = 'panel wr-placement';
  panel.dataset.place = 'side';
  panel.dataset.nation = nation;
  panel.innerHTML = `<h2>${escape(t('warroom.placement.title'))}</h2>
    <p class="left" role="status">${escape(t('warroom.placement.left', { nation: t(`warroom.nation.${nation}`), count: leftToPlace(v, nation) }))}</p>
    <p class="hint">${escape(t('warroom.placement.hint'))}</p>
    ${regions
      .map(
        (r) => `<table class="placement" data-region="${escape(r)}"><caption>${escape(name(r))}</caption>
        <tbody>${choices
          .filter((c) => c.region === r)
          .map((c) => row(nation, c, name))
          .join('')}</tbody></table>`,
      )
      .join('')}`;
  // A typed count changes what the row's button sends: the engine's action for that many, or none.
  panel.querySelectorAll<HTMLTableRowElement>('tr[data-unit]').forEach((tr) => {
    const c = choices.find((x) => x.region === tr.dataset.region && x.unit === tr.dataset.unit)!;
    const input = tr.querySelector<HTMLInputElement>('input.count')!;
    const button = tr.querySelector<HTMLButtonElement>('button.place')!;
    input.addEventListener('input', () => {
      const count = Math.floor(Number(input.value) || 0);
      const action = c.counts.get(count);
      button.textContent = t('warroom.placement.place', { count });
      button.disabled = !action;
      if (action) button.dataset.action = action;
      else delete button.dataset.action;
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && button.dataset.action) button.click();
    });
    button.addEventListener('click', () => {
      if (button.dataset.action) act(button.dataset.action);
    });
  });
  return panel;
}
