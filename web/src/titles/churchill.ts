// Churchill: the conference table and the military display (churchill-board.ts), and the state panel's
// scores, tracks and hand; card faces, the move waiting for a debate, what each action does, the
// end-of-game explanation and the summary of each conference.
import { escape } from '../api';
import { hintButton } from '../hint';
import { Board, Card, ChurchillView, drawFronts, drawLocations, drawTable, Power, POWERS } from './churchill-board';
import type { TitleUi } from './index';

function panel(title: string, ...content: (Node | string)[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'panel';
  section.innerHTML = `<h2>${title}</h2>`;
  section.append(...content);
  return section;
}

// The provenance of a datum as a reader needs it: printed cards say nothing, the others say so.
function provenance(card: Card): string {
  const p = card.origin.provenance;
  if (p === 'rulebook') return '';
  if (p === 'reconstructed') return '<span class="prov reconstructed" title="Not printed in any rulebook: the project\'s reconstruction">reconstructed</span>';
  return `<span class="prov" title="${escape(card.origin.source)}">${escape(p === 'rulebook-it' ? 'Italian rulebook' : 'Russian rulebook')}</span>`;
}

// A card face: value, name, office, what it does, where it comes from. Clicking it shows its details.
export function cardFace(card: Card, extra = ''): string {
  return `<button class="card-face p-${card.power}" data-detail="${escape(card.id)}" aria-label="${escape(`${card.name}, value ${card.value}`)}">
    <span class="value">${escape(card.value)}</span><span class="name">${escape(card.name)}</span>
    <span class="office">${escape(card.office)}</span>
    <span class="text">${escape(card.text.replace(/^Attribute: /, ''))}</span>${provenance(card)}${extra}</button>`;
}

const cards = (layout: unknown) => (layout as Board).cards;

// The cards an action names: its words that are card ids of the acting power (or Leaders).
function cardsIn(view: ChurchillView, board: Board, action: string): Card[] {
  return action.split(' ').map((w) => board.cards[w]).filter((c) => c && (c.kind === 'leader' || c.power === view.seat));
}

function pendingText(v: ChurchillView): string {
  const p = v.pending;
  if (!p) return '';
  const card = `<span class="card-name" data-detail="${escape(p.card === 'leader' ? v.powers[p.power].leader : p.card)}">${escape(p.card_name)}</span>`;
  const what = p.capture
    ? `it would reach the ${escape(p.power)} chair from ${escape(p.from ?? '')} unless a debate's value, subtracted first, stops it (5.23).`
    : `it has moved to <b>${escape(p.to)}</b>; a debate moves it from there toward the debater (5.24).`;
  const debate = p.debate ? ` <b>${escape(p.debate.power)}</b> debates with ${escape(p.debate.card_name)} (${p.debate.value}).` : '';
  return `<p class="pending" role="status"><b class="p-${p.power}">${escape(p.power)}</b> plays ${card} (value ${p.value})
    on <b>${escape(p.issue_name)}</b>: ${what}${debate}</p>`;
}

// The totals of each power at the end, with each 9.4 line that scored.
function endScreen(v: ChurchillView, board: Board): string {
  const e = v.end!;
  // A condition that scored several times (3 VP per aligned country) is one line: "A ×4 ... 12".
  const byPower = (p: string) => {
    const rows = new Map<string, { condition: string; text: string; vp: number; times: number }>();
    for (const l of e.lines.filter((x) => x.power === p)) {
      const row = rows.get(l.condition) ?? { condition: l.condition, text: l.text, vp: 0, times: 0 };
      row.vp += l.vp;
      row.times += 1;
      rows.set(l.condition, row);
    }
    return [...rows.values()];
  };
  const agenda = Object.entries(v.secret_agenda ?? {});
  const locName = (id: string) => board.locations.find((l) => l.id === id)?.name ?? id;
  return `<section class="panel end" id="end">
    <h2>${escape(v.winner ? `${v.winner} wins the game` : 'The game is over')}</h2>
    <p class="why"><b>${escape(e.case)}.</b> ${escape(e.why)}</p>
    <p>${e.surrendered.length ? `${e.surrendered.map(escape).join(' and ')} surrendered.` : 'Neither Axis power surrendered.'}</p>
    <div class="end-powers">${POWERS.map((p) => `<div class="end-power"><h3 class="p-${p}">${p}: ${v.scores[p]} VP</h3>
      <table>${byPower(p).map((l) => `<tr><td class="cond">${escape(l.condition)}${l.times > 1 ? ` ×${l.times}` : ''}</td><td>${escape(l.text)}</td><td class="vp">${l.vp}</td></tr>`).join('')
        || '<tr><td colspan="3">no victory points</td></tr>'}</table></div>`).join('')}</div>
    ${agenda.length ? `<p>Secret Agendas (10.3): ${agenda.map(([p, ms]) => `<b class="p-${p}">${escape(p)}</b> ${ms.map((m) => escape(locName(m))).join(', ')}`).join(' · ')}</p>` : ''}
    <p class="end-buttons"><a class="button" href="#/">New game</a> <a class="button" id="replay" href="#/game/${escape(v.id)}/replay">Replay</a> <button id="show-log">The whole game's log</button></p>
  </section>`;
}

// Free support markers a power still has to place (6.9 leadership, a card's offensive support).
function bonus(v: ChurchillView, p: Power): string {
  const b = v.powers[p].bonus_support;
  if (!b) return '';
  const parts = [[b.europe, 'Europe'], [b.pacific, 'Pacific'], [b.either, 'either theater'], [b.any_front_offensive, 'offensive, any Front']]
    .filter(([n]) => Number(n) > 0).map(([n, where]) => `${n} ${where}`);
  return parts.length ? ` (+ free support: ${parts.join(', ')})` : '';
}

// Why a power's Leader is inactive, from the log since this conference's card was revealed (and a
// heart attack at the conference before).
function leaderReason(v: ChurchillView, power: string, name: string): string {
  const reveals = v.log.map((l, i) => (/^\[5\.11\] Conference \d+ .* is revealed/.test(l) ? i : -1)).filter((i) => i >= 0);
  const now = reveals.length ? reveals[reveals.length - 1] : 0;
  const before = reveals.length > 1 ? reveals[reveals.length - 2] : -1;
  const since = v.log.slice(now);
  if (since.some((l) => l.includes(`${name} is inactive`))) return 'the conference card makes him inactive';
  if (since.some((l) => new RegExp(`^\\[[0-9.]+\\] ${power} (plays|debates with) the Leader`).test(l) || l.includes(`${power}'s Leader breaks the tie`)))
    return 'used this conference';
  if (before >= 0 && v.log.slice(before, now).some((l) => l.includes(`${power}'s Leader has a heart attack`)))
    return 'heart attack at the last conference (3.31)';
  return 'used this conference';
}

// "[7.7] the Western Front rolls ..." -> "7.7"
const ruleOf = (line: string) => line.match(/^\[([0-9.]+)\]/)?.[1] ?? '';
const chapter = (line: string) => ruleOf(line).split('.')[0];

export const churchill: TitleUi = {
  board(view, layout, marked, pick, previous) {
    const v = view as ChurchillView, board = layout as Board, before = previous as ChurchillView | null | undefined;
    // What moved since the view before (a bot's advance, a Front's roll) is highlighted for a moment.
    const moved = new Set<string>();
    if (before && before.conference === v.conference) {
      for (const [id, at] of Object.entries(v.issues)) if (before.issues[id] !== at) moved.add(id);
      for (const [id, f] of Object.entries(v.fronts)) if (before.fronts[id]?.position !== f.position) moved.add(id);
    }
    const table = document.createElement('div');
    table.id = 'table';
    table.append(drawTable(v, board, marked, pick));
    table.querySelectorAll<SVGElement>('g.issue').forEach((g) => { if (moved.has(g.dataset.id!)) g.classList.add('moved'); });
    const fronts = document.createElement('div');
    fronts.id = 'fronts';
    fronts.tabIndex = 0;  // on a phone it scrolls sideways: the keyboard may scroll it too
    fronts.setAttribute('role', 'region');
    fronts.setAttribute('aria-label', 'Fronts');
    fronts.append(drawFronts(v, board, marked, pick));
    fronts.querySelectorAll<SVGElement>('g.front').forEach((g) => { if (moved.has(g.dataset.id!)) g.classList.add('moved'); });
    const locations = document.createElement('div');
    locations.id = 'locations';
    locations.append(drawLocations(v, board, marked, pick));
    const panels = [panel(`Conference ${v.conference}${v.conference_card ? ` · card ${escape(v.conference_card)}` : ''}`, table)];
    if (v.hand.length) {
      const hand = document.createElement('div');
      hand.className = 'hand';
      hand.setAttribute('aria-label', 'Your hand');
      hand.innerHTML = v.hand.map((c) => board.cards[c] ? cardFace(board.cards[c]) : `<span class="card">${escape(c)}</span>`).join('');
      const p = panel(`Your hand (${v.hand.length} cards) <small>— click a card for its details</small>`, hand);
      p.id = 'hand-panel';
      panels.push(p);
    }
    const legend = document.createElement('p');
    legend.className = 'legend';
    legend.innerHTML = `Legend: <b>●</b> a Front's position (its colour) · <b>+N</b> offensive support · <b>■N</b> Axis reserves
      opposing · <b>DO</b> Directed Offensive · <b>⚓N</b> naval support in the theater · blue spaces: amphibious ·
      <b>●●</b> Clandestine Networks (owner's colour) · <b>PA</b> Political Alignment · <b>*</b> colony`;
    panels.push(panel('Military display', fronts, locations, legend));
    return panels;
  },
  status(view, layout) {
    const v = view as ChurchillView, board = layout as Board;
    const leaders = POWERS.map((p) => {
      const s = v.powers[p], card = board.cards[s.leader];
      const state = !s.active ? `inactive: ${leaderReason(v, p, card?.name ?? '')}` : s.stays_home ? 'stays home: may debate, may not advance' : 'active';
      return `<span class="p-${p}"><span class="card-name" data-detail="${escape(s.leader)}">${escape(card?.name ?? s.leader)}</span>: ${state}, ${s.cards_in_hand} cards</span>`;
    }).join('<br/>');
    return `
      <p class="scores">${POWERS.map((p) => `<span class="p-${p}">${p} ${v.scores[p]} VP${v.seats[p] !== 'human' ? ' (bot)' : ''}</span>`).join(' ')}</p>
      ${v.terminal ? '' : `<p class="tracks if-now">If the game ended now: ${escape(v.score_case)}${v.winner_if_ended_now
        ? ` — <b class="p-${v.winner_if_ended_now}">${escape(v.winner_if_ended_now)} would win</b>` : ' (Secret Agendas are hidden)'}</p>`}
      <p class="tracks">A-Bomb: ${escape(v.tracks.a_bomb)} · Spy ring: ${escape(v.tracks.spy_ring)} · Leadership: Europe ${v.tracks.leadership.Europe}, Pacific ${v.tracks.leadership.Pacific}</p>
      <p class="tracks">Global Issues: ${Object.entries(v.tracks.global).map(([k, pos]) => `${escape(k)} <b>${escape(pos)}</b>`).join(' · ')}
        ${Object.entries(v.tracks.surrendered).filter(([, s]) => s).map(([k]) => ` · ${k} has surrendered`).join('')}</p>
      <p class="tracks leaders">${leaders}</p>
      ${/^6\./.test(v.phase) ? `<p class="tracks">Production left: ${POWERS.map((p) => `${p} ${v.powers[p].production ?? 0}${bonus(v, p)}`).join(', ')}</p>` : ''}
      ${/^7\.[13]/.test(v.phase) ? `<p class="tracks">Still to place: ${POWERS.map((p) => `${p} ${v.powers[p].networks_to_place ?? 0} networks, ${v.powers[p].alignment_to_place ?? 0} alignment`).join(' · ')}</p>` : ''}
`;
  },
  result(view) {
    return `Game over: ${(view as ChurchillView).winner} wins`;
  },
  prompt(view) {
    return pendingText(view as ChurchillView) + hintButton(view);
  },
  note(view, layout, action) {
    const v = view as ChurchillView;
    const named = cardsIn(v, layout as Board, action).map((c) => `${c.name.split(' ').slice(-1)[0]} (${c.value})`);
    const effect = v.action_notes?.[action];
    return [named.join(', '), effect].filter(Boolean).map(escape).join(' · ');
  },
  related(view, action) {
    const v = view as ChurchillView;
    if (!v.pending) return [];
    return /^(debate|debate-leader|debate-chief|no-debate|chief-debate|decline)\b/.test(action) ? [v.pending.issue] : [];
  },
  detail(_view, layout, id) {
    const card = cards(layout)[id];
    if (!card) return null;
    return `<div class="card-detail p-${card.power}"><div class="value big">${escape(card.value)}</div>
      <h3>${escape(card.name)}</h3><p class="office">${escape(card.office)} · ${escape(card.power)}${card.kind === 'leader' ? ' Leader' : ' staff card'}</p>
      <p>${escape(card.text)}</p>
      <p class="source"><b>Source:</b> ${escape(card.origin.provenance)}${card.origin.source ? ` — ${escape(card.origin.source)}` : ''}</p></div>`;
  },
  end(view, layout) {
    const v = view as ChurchillView;
    return v.end ? endScreen(v, layout as Board) : '';
  },
  summaries(log) {
    // A conference ends with "[8.0] conference N ends": its summary is what the Meeting, the
    // Decision Segment and the War Phase did since the previous one.
    const out: ReturnType<NonNullable<TitleUi['summaries']>> = [];
    let start = 0;
    log.forEach((line, i) => {
      const m = line.match(/^\[8\.0\] conference (\d+) ends/);
      if (!m) return;
      const part = log.slice(start, i + 1);
      start = i + 1;
      const pick = (test: (l: string) => boolean) => part.filter(test).map((l) => l);
      const meeting = pick((l) => /^\[5\.27\]|wins the conference|^\[6\.2[12]\]/.test(l));
      const decision = pick((l) => chapter(l) === '6' && !/^\[6\.2[12]\]/.test(l));
      const war = pick((l) => chapter(l) === '7' || /^\[4\.4\]/.test(l));
      const important = pick((l) => /heart attack|dies|surrenders|arrested|Paranoia roll \d+: USSR|removed from the game/.test(l));
      out.push({ key: `conference ${m[1]}`, title: `Conference ${m[1]}: what happened`, sections: [
        { title: 'Important', lines: important },
        { title: 'Meeting: issues won', lines: meeting },
        { title: 'Decision Segment', lines: decision },
        { title: 'War Phase: placements, reserves, Front rolls, surrenders', lines: war },
      ].filter((s) => s.lines.length) });
    });
    return out;
  },
};
