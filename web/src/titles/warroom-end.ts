// War Room's end screen (issue 33, item 9): why the war ended (the condition, the capitals and who
// holds them, the round), each nation's losses, Stress and Medals over the war, a Replay button with
// jumps to each round and its battles, and a summary of each round -- battles, territories taken,
// units captured under an Industry Token, collapses, losses. Everything comes as structure from the
// view's "chronicle" (warroom/chronicle.cpp, read from the log) and "victory", worded here from the
// catalogues (the warroom.end messages).
import { escape } from '../api';
import { has, language, t } from '../i18n';
import { reconstructedMark } from '../provenance';
import { colour } from './warroom-map';
import type { Nation } from './warroom-sheet';
import { conditions, holders, type Victory } from './warroom-victory';
import './warroom-odds.css';

export interface Tally {
  units_lost: number;
  casualty_points: number;
  stress: number;
  medals: number;
  captured_units: number;
}
export interface ChronicleRound {
  round: number;
  battles: string[];
  captured: { nation: string; region: string; from: string | null }[];
  units_captured: { nation: string; region: string; units: number; from: string }[];
  collapsed: string[];
  nations: Record<string, Tally>;
}
export interface Chronicle {
  end: { kind: 'victory' | 'both-lose' | 'stopped'; alliance?: 'allied' | 'axis'; round: number } | null;
  rounds: ChronicleRound[];
  totals: Record<string, Tally>;
  casualty_points_provenance?: string; // the units' Casualty Points: "reconstructed" where they are the project's
}
export interface EndView {
  id: string;
  round: number;
  nations: Nation[];
  victory?: Victory;
  chronicle?: Chronicle;
}

const nationName = (id: string) => (has(`warroom.nation.${id}`) ? t(`warroom.nation.${id}`) : id);
const list = (items: string[]) => new Intl.ListFormat(language(), { type: 'conjunction' }).format(items);
const swatch = (n: string) => `<i class="swatch" style="background:${colour[n] ?? '#999'}"></i>`;

// Why the war ended, in words.
export function reason(c: Chronicle, roundNow: number): string {
  const end = c.end;
  if (!end) return t('warroom.end.unknown', { round: roundNow });
  if (end.kind === 'victory') return t('warroom.end.victory', { alliance: t(`warroom.alliance.${end.alliance}`), round: end.round });
  if (end.kind === 'both-lose') return t('warroom.end.both_lose', { round: end.round });
  return t('warroom.end.stopped', { round: end.round });
}

// The lines of a round's summary.
export function roundLines(r: ChronicleRound, name: (id: string) => string): string[] {
  const out: string[] = [];
  if (r.battles.length) out.push(t('warroom.end.battles', { count: r.battles.length, regions: list(r.battles.map(name)) }));
  for (const x of r.captured)
    out.push(
      x.from
        ? t('warroom.end.took_from', { nation: nationName(x.nation), region: name(x.region), from: nationName(x.from) })
        : t('warroom.end.took', { nation: nationName(x.nation), region: name(x.region) }),
    );
  for (const x of r.units_captured)
    out.push(
      t('warroom.end.units_captured', { nation: nationName(x.nation), count: x.units, region: name(x.region), from: nationName(x.from) }),
    );
  for (const n of r.collapsed) out.push(t('warroom.end.collapsed', { nation: nationName(n) }));
  const losses = Object.entries(r.nations)
    .filter(([, x]) => x.units_lost > 0)
    .map(([n, x]) => t('warroom.end.lost', { nation: nationName(n), count: x.units_lost }));
  if (losses.length) out.push(list(losses));
  return out;
}

// The table of each nation's war: units lost, Casualty Points, Stress and Medals gained, units
// captured, and where it stands at the end.
function nationsTable(v: EndView, c: Chronicle): string {
  const zero: Tally = { units_lost: 0, casualty_points: 0, stress: 0, medals: 0, captured_units: 0 };
  const columns = [
    'warroom.end.column.units_lost',
    'warroom.end.column.casualty_points',
    'warroom.end.column.stress',
    'warroom.end.column.medals',
    'warroom.end.column.captured_units',
    'warroom.end.column.now',
  ];
  const mark = (k: string) => (k === 'warroom.end.column.casualty_points' ? reconstructedMark(c.casualty_points_provenance) : '');
  // Each cell carries its column's name: on a phone a nation's row is a card of named values (the
  // column's reconstructed mark, in its heading, is hidden with the headings there, so it goes in the cell).
  const cellClass = (k: string) => k.split('.').pop()!.replaceAll('_', '-');
  const phoneMark = (k: string) => (mark(k) ? `<span class="phone-only">${mark(k)}</span>` : '');
  const rows = v.nations
    .map((n) => {
      const x = c.totals[n.id] ?? zero;
      const now = `${n.stress}/${n.threshold} · ${escape(has(`warroom.zone.${n.zone}`) ? t(`warroom.zone.${n.zone}`) : n.zone)} · ${n.medals}`;
      const values = [x.units_lost, x.casualty_points, x.stress, x.medals, x.captured_units, now];
      const cells = columns
        .map((k, i) => `<td class="${cellClass(k)}" data-label="${escape(t(k))}">${phoneMark(k)}${values[i]}</td>`)
        .join('');
      return `<tr data-nation="${escape(n.id)}"><th scope="row">${swatch(n.id)}${escape(nationName(n.id))}${n.collapsed ? ` <small>(${escape(t('warroom.end.collapsed_mark'))})</small>` : ''}</th>${cells}</tr>`;
    })
    .join('');
  return `<div class="wide" tabindex="0"><table class="end-nations"><tr class="head"><th></th>${columns
    .map((k) => `<th scope="col">${escape(t(k))}${mark(k) ? `<br/>${mark(k)}` : ''}</th>`)
    .join('')}</tr>${rows}</table></div>`;
}

// The end screen (HTML), or '' without a chronicle.
export function endScreen(v: EndView, name: (id: string) => string): string {
  const c = v.chronicle;
  if (!c) return '';
  const replay = `#/game/${escape(v.id)}/replay`;
  const capitals = v.victory
    ? holders(v.victory)
        .map(
          (r) =>
            `<li>${escape(`${r.id} ${r.name}`)}${r.capital_of ? ` <small>(${escape(t('warroom.victory.capital', { nation: nationName(r.capital_of) }))})</small>` : ''}: ${r.controller ? `${swatch(r.controller)}${escape(t('warroom.victory.held_by', { nation: nationName(r.controller) }))}` : escape(t('warroom.victory.neutral'))}</li>`,
        )
        .join('')
    : '';
  const met = v.victory
    ? conditions(v.victory)
        .filter((x) => x.met)
        .map((x) => `<li>${escape(x.text)}</li>`)
        .join('')
    : '';
  const rounds = c.rounds
    .map((r, i) => {
      const lines = roundLines(r, name);
      return `<details class="end-round" data-round="${r.round}"${i === c.rounds.length - 1 ? ' open' : ''}><summary>${escape(t('warroom.end.round', { round: r.round }))}</summary>
        <p class="jumps"><a class="jump" href="${replay}/${r.round}/1">${escape(t('warroom.end.replay_round'))}</a>${r.battles.length ? ` <a class="jump" href="${replay}/${r.round}/4">${escape(t('warroom.end.replay_battles'))}</a>` : ''}</p>
        ${lines.length ? `<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>` : `<p class="hint">${escape(t('warroom.end.quiet'))}</p>`}</details>`;
    })
    .join('');
  return `<section class="panel wr-end" aria-labelledby="end-title"><h2 id="end-title">${escape(t('warroom.end.title'))}</h2>
    <p class="end-reason end-${escape(c.end?.kind ?? 'unknown')}">${escape(reason(c, v.round))}</p>
    ${met ? `<ul class="end-conditions">${met}</ul>` : ''}
    ${capitals ? `<h3>${escape(t('warroom.end.capitals'))}</h3><ul class="end-capitals">${capitals}</ul>` : ''}
    <h3>${escape(t('warroom.end.nations'))}</h3>${nationsTable(v, c)}
    <p><a class="button primary" id="end-replay" href="${replay}">${escape(t('warroom.end.replay'))}</a></p>
    <h3>${escape(t('warroom.end.what_happened'))}</h3>${rounds}</section>`;
}
