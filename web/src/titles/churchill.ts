// Churchill: the conference table and the military display (churchill-board.ts), and the state panel's
// scores, tracks and hand; card faces, the move waiting for a debate, what each action does, the
// end-of-game explanation and the summary of each conference.
import { escape } from '../api';
import { hintButton } from '../hint';
import { reconstructedMark } from '../provenance';
import { has, language, nameOf, render, t } from '../i18n';
import { Board, Card, ChurchillView, drawFronts, drawLocations, drawTable, Power, POWERS } from './churchill-board';
import { titleEvent, titleFields, type ChurchillActionFields, type ChurchillLogEvent } from '../wire';
import type { TitleUi } from './index';

// ---------------------------------------------------------------------------------------------
// The reader's language (docs/i18n.md). The layout's names are put in that language once per
// language; the view's words (a Front's position, the move waiting for a debate) are worded from
// the ids and messages the server sends beside them, so the board draws them as they are.

const pw = (p: string) => (has(`power.${p}`) ? t(`power.${p}`) : p);
const localized = new Map<string, Board>();
function localBoard(layout: unknown): Board {
  const b = layout as Board;
  const key = language();
  const done = localized.get(key);
  if (done && (done as unknown as { from: Board }).from === b) return done;
  const cards: Record<string, Card> = {};
  for (const [id, c] of Object.entries(b.cards)) {
    const k = (c as Card & { key?: string }).key ?? `${c.kind}.${id}`;
    cards[id] = {
      ...c,
      name: nameOf(k, c.name),
      surname: has(`${k}.surname`) ? t(`${k}.surname`) : c.surname,
      office: has(`${k}.office`) ? t(`${k}.office`) : c.kind === 'leader' ? t('ui.card_kind.leader') : c.office,
      text: has(`${k}.text`) ? t(`${k}.text`) : c.text,
    };
  }
  const out = {
    ...b,
    fronts: b.fronts.map((f) => ({
      ...f,
      name: nameOf(`front.${f.id}`, f.name),
      track: f.track.map((s) => ({ ...s, name: nameOf(`space.${s.id}`, s.name) })),
    })),
    locations: b.locations.map((l) => ({ ...l, name: nameOf(`location.${l.id}`, l.name) })),
    issues: b.issues.map((i) => ({
      ...i,
      name: nameOf(`issue.${i.id}`, i.name),
      short: has(`issue.${i.id}.short`) ? t(`issue.${i.id}.short`) : i.id,
    })),
    cards,
    // 3.24: the A-Bomb track's spaces by name (the view names where the markers are in English).
    a_bomb_names: b.a_bomb.map((name, i) => nameOf(`a_bomb.${(b as Board & { a_bomb_ids?: string[] }).a_bomb_ids?.[i]}`, name)),
    from: b,
  };
  localized.set(key, out);
  return out;
}
// The view with its words in the reader's language: a Front's position as the localized layout
// names its space, the waiting move's text.
function localView(v: ChurchillView): ChurchillView {
  const fronts: ChurchillView['fronts'] = {};
  for (const [id, f] of Object.entries(v.fronts)) {
    const at = f.position_id;
    fronts[id] = { ...f, position: at ? nameOf(`space.${at}`, f.position) : t('board.theater_box') };
  }
  const pending = v.pending && { ...v.pending, text: render(v.pending.message) || v.pending.text };
  return { ...v, fronts, pending };
}

function panel(title: string, ...content: (Node | string)[]): HTMLElement {
  // `title` is HTML
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
  if (p === 'reconstructed') return reconstructedMark(p);
  return `<span class="prov" title="${escape(card.origin.source)}">${escape(t(p === 'rulebook-it' ? 'ui.web.italian_rulebook' : 'ui.web.russian_rulebook'))}</span>`;
}

// A card face: value, name, office, what it does, where it comes from. Clicking it shows its details.
export function cardFace(card: Card, extra = ''): string {
  return `<button class="card-face p-${card.power}" data-detail="${escape(card.id)}" aria-label="${escape(t('ui.web.card_label', { name: card.name, value: card.value }))}">
    <span class="value">${escape(card.value)}</span><span class="name">${escape(card.name)}</span>
    <span class="office">${escape(card.office)}</span>
    <span class="text">${escape(card.text.replace(/^[^:]{1,20}: /, ''))}</span>${provenance(card)}${extra}</button>`;
}

const cards = (layout: unknown) => localBoard(layout).cards;

// The cards an action names (its fields `card` and `discard`: the acting power's staff cards).
function cardsIn(view: ChurchillView, board: Board, action: string): Card[] {
  const f = titleFields<ChurchillActionFields>(view.action_fields?.[action]);
  const ids = [f && 'card' in f ? f.card : undefined, f && 'discard' in f ? f.discard : undefined];
  return ids.map((id) => (id ? board.cards[id] : undefined)).filter((c): c is Card => !!c);
}

function pendingText(v: ChurchillView, board: Board): string {
  const p = v.pending;
  if (!p) return '';
  const id = p.card === 'leader' ? v.powers[p.power].leader : p.card;
  const debate = p.debate
    ? ' ' +
      t('ui.web.debates_with', {
        power: pw(p.debate.power),
        card: board.cards[p.debate.card === 'leader' ? v.powers[p.debate.power].leader : p.debate.card]?.name ?? p.debate.card_name,
        value: p.debate.value,
      })
    : '';
  return `<p class="pending" role="status" data-detail="${escape(id)}"><b class="p-${p.power}">${escape(p.text)}</b>${escape(debate)}</p>`;
}

// The totals of each power at the end, with each 9.4 line that scored.
function endScreen(v: ChurchillView, board: Board): string {
  const e = v.end!;
  // A condition that scored several times (3 VP per aligned country) is one line: "A ×4 ... 12".
  const byPower = (p: string) => {
    const rows = new Map<string, { condition: string; text: string; vp: number; times: number }>();
    for (const l of e.lines.filter((x) => x.power === p)) {
      const row = rows.get(l.condition) ?? { condition: l.condition, text: render(l.message) || l.text, vp: 0, times: 0 };
      row.vp += l.vp;
      row.times += 1;
      rows.set(l.condition, row);
    }
    return [...rows.values()];
  };
  const agenda = Object.entries(v.secret_agenda ?? {});
  const locName = (id: string) => board.locations.find((l) => l.id === id)?.name ?? id;
  return `<section class="panel end" id="end">
    <h2>${escape(v.winner ? t('ui.web.wins_the_game', { power: pw(v.winner) }) : t('ui.web.game_is_over'))}</h2>
    <p class="why"><b>${escape(e.case_key ? t(e.case_key) : e.case)}.</b> ${escape(render(e.why_message) || e.why)}</p>
    ${e.adjusted_message ? `<p class="adjusted">${escape(render(e.adjusted_message))}</p>` : ''}
    <p>${escape(
      e.surrendered.length
        ? t('ui.web.surrendered', {
            count: e.surrendered.length,
            axis: (e.surrendered_keys ?? e.surrendered).map((k, i) => (has(k) ? t(k) : e.surrendered[i])).join(` ${t('ui.play.and')} `),
          })
        : t('ui.web.no_surrender'),
    )}</p>
    <div class="end-powers">${POWERS.map(
      (p) => `<div class="end-power"><h3 class="p-${p}">${escape(t('ui.web.vp', { power: pw(p), count: v.scores[p] }))}</h3>
      <table>${
        byPower(p)
          .map(
            (l) =>
              `<tr><td class="cond">${escape(l.condition)}${l.times > 1 ? ` ×${l.times}` : ''}</td><td>${escape(l.text)}</td><td class="vp">${l.vp}</td></tr>`,
          )
          .join('') || `<tr><td colspan="3">${escape(t('ui.web.no_vp'))}</td></tr>`
      }</table></div>`,
    ).join('')}</div>
    ${agenda.length ? `<p>${escape(t('ui.web.secret_agendas'))} ${agenda.map(([p, ms]) => `<b class="p-${p}">${escape(pw(p))}</b> ${ms.map((m) => escape(locName(m))).join(', ')}`).join(' · ')}</p>` : ''}
    <p class="end-buttons"><a class="button" href="#/">${escape(t('ui.web.new_game'))}</a> <a class="button" id="replay" href="#/game/${escape(v.id)}/replay">${escape(t('ui.web.replay'))}</a> <button id="show-log">${escape(t('ui.web.whole_log'))}</button></p>
  </section>`;
}

// Free support markers a power still has to place (6.9 leadership, a card's offensive support).
function bonus(v: ChurchillView, p: Power): string {
  const b = v.powers[p].bonus_support;
  if (!b) return '';
  const parts = [
    [b.europe, 'ui.web.bonus_europe'],
    [b.pacific, 'ui.web.bonus_pacific'],
    [b.either, 'ui.web.bonus_either'],
    [b.any_front_offensive, 'ui.web.bonus_any'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, where]) => `${n} ${t(String(where))}`);
  return parts.length ? ` ${t('ui.web.free_support', { list: parts.join(', ') })}` : '';
}

// Why a power's Leader is inactive, from the log's entries (churchill/log_json.cpp) since this
// conference's card was revealed (and a heart attack at the conference before).
function leaderReason(v: ChurchillView, power: Power): string {
  const log = (v.log_events ?? []).map((e) => titleEvent<ChurchillLogEvent>(e));
  const reveals = log.map((e, i) => (e?.event === 'conference_card' ? i : -1)).filter((i) => i >= 0);
  const now = reveals.length ? reveals[reveals.length - 1] : 0;
  const before = reveals.length > 1 ? reveals[reveals.length - 2] : -1;
  const since = log.slice(now);
  const leader = v.powers[power].leader;
  // 5.11: the card makes the Leader in office inactive (a card naming another Leader does nothing).
  if (
    since.some(
      (e) => e?.event === 'leader_restricted' && e.restriction === 'inactive' && e.leader === e.in_office && e.in_office === leader,
    )
  )
    return t('ui.web.inactive_card');
  if (since.some((e) => (e?.event === 'played' || e?.event === 'debated') && e.power === power && e.card === 'leader'))
    return t('ui.web.inactive_used');
  if (before >= 0 && log.slice(before, now).some((e) => e?.event === 'heart_attack' && e.power === power))
    return t('ui.web.inactive_heart_attack');
  return t('ui.web.inactive_used');
}

// The parts of a conference's summary, by each entry's rule and event.
type Entry = ChurchillLogEvent;
const chapter = (e: Entry) => e.rule.split('.')[0];
const inMeeting = (e: Entry) => e.rule === '5.27' || e.event === 'conference_winner' || e.rule === '6.21' || e.rule === '6.22';
const inDecision = (e: Entry) => chapter(e) === '6' && e.rule !== '6.21' && e.rule !== '6.22';
const inWar = (e: Entry) => chapter(e) === '7' || e.rule === '4.4';
const important = (e: Entry) =>
  ['heart_attack', 'leader_dies', 'surrender', 'card_removed'].includes(e.event) ||
  (e.event === 'purge' && e.arrested) ||
  (e.event === 'paranoia' && e.failed);

export const churchill: TitleUi<ChurchillView> = {
  wordName(layout, word) {
    const b = localBoard(layout);
    return b.cards[word]?.name ?? [...b.issues, ...b.fronts, ...b.locations].find((x) => x.id === word)?.name;
  },
  board(view, layout, marked, pick, previous) {
    const v = localView(view),
      board = localBoard(layout),
      before = previous && localView(previous);
    // What moved since the view before (a bot's advance, a Front's roll) is highlighted for a moment.
    const moved = new Set<string>();
    if (before && before.conference === v.conference) {
      for (const [id, at] of Object.entries(v.places)) if (JSON.stringify(before.places[id]) !== JSON.stringify(at)) moved.add(id);
      for (const [id, f] of Object.entries(v.fronts)) if (before.fronts[id]?.position !== f.position) moved.add(id);
    }
    const table = document.createElement('div');
    table.id = 'table';
    table.append(drawTable(v, board, marked, pick));
    table.querySelectorAll<SVGElement>('g.issue').forEach((g) => {
      if (moved.has(g.dataset.id!)) g.classList.add('moved');
    });
    const fronts = document.createElement('div');
    fronts.id = 'fronts';
    fronts.tabIndex = 0; // on a phone it scrolls sideways: the keyboard may scroll it too
    fronts.setAttribute('role', 'region');
    fronts.setAttribute('aria-label', t('ui.web.fronts'));
    fronts.append(drawFronts(v, board, marked, pick));
    fronts.querySelectorAll<SVGElement>('g.front').forEach((g) => {
      if (moved.has(g.dataset.id!)) g.classList.add('moved');
    });
    const locations = document.createElement('div');
    locations.id = 'locations';
    locations.append(drawLocations(v, board, marked, pick));
    const card = v.conference_card;
    const panels = [
      panel(
        escape(
          card
            ? t('board.conference_card', {
                number: v.conference,
                title: nameOf(`conference.${v.conference}`, ''),
                version: card.slice(-1).toUpperCase(),
              })
            : t('board.conference', { number: v.conference }),
        ),
        table,
      ),
    ];
    if (v.hand.length) {
      const hand = document.createElement('div');
      hand.className = 'hand';
      hand.setAttribute('aria-label', t('ui.web.your_hand_label'));
      hand.innerHTML = v.hand.map((c) => (board.cards[c] ? cardFace(board.cards[c]) : `<span class="card">${escape(c)}</span>`)).join('');
      const p = panel(
        `${escape(t('ui.web.your_hand', { count: v.hand.length }))} <small>— ${escape(t('ui.web.click_card'))}</small>`,
        hand,
      );
      p.id = 'hand-panel';
      panels.push(p);
    }
    const legend = document.createElement('p');
    legend.className = 'legend';
    legend.innerHTML = escape(t('ui.web.legend')).replace(/\[(.+?)\]/g, '<b>$1</b>');
    panels.push(panel(escape(t('ui.web.military_display')), fronts, locations, legend));
    return panels;
  },
  status(view, layout) {
    const v = view,
      board = localBoard(layout);
    const ids = v.tracks.ids;
    const leaders = POWERS.map((p) => {
      const s = v.powers[p],
        card = board.cards[s.leader];
      const state = !s.active
        ? t('ui.web.leader_inactive', { reason: leaderReason(v, p) })
        : s.stays_home
          ? t('ui.web.leader_stays_home')
          : t('ui.web.leader_active');
      return `<span class="p-${p}"><span class="card-name" data-detail="${escape(s.leader)}">${escape(card?.name ?? s.leader)}</span>: ${escape(state)}, ${escape(t('ui.web.cards', { count: s.cards_in_hand }))}</span>`;
    }).join('<br/>');
    const global = Object.entries(ids.global).map(
      ([id, p]) =>
        `${escape(nameOf(`global_issue.${id}`, id))} <b>${escape(p ? t(`global_issue.${id}.advantage.${p}`) : t('board.neutral'))}</b>`,
    );
    // The step's rule number: the Decision Segment (6) shows production left, the placements (7.1x, 7.3x) what is still to place.
    const rule = v.phase_rule;
    return `
      <p class="scores">${POWERS.map((p) => `<span class="p-${p}">${escape(t('ui.web.vp', { power: pw(p), count: v.scores[p] }))}${v.seats[p] !== 'human' ? ` ${escape(t('ui.web.bot'))}` : ''}</span>`).join(' ')}</p>
      ${
        v.terminal
          ? ''
          : `<p class="tracks if-now">${escape(t('ui.web.if_ended_now', { case: t(v.score_case_key) }))}${
              v.winner_if_ended_now
                ? ` — <b class="p-${v.winner_if_ended_now}">${escape(t('board.would_win', { power: pw(v.winner_if_ended_now) }))}</b>`
                : ` ${escape(t('board.secret_hidden'))}`
            }</p>`
      }
      <p class="tracks">${escape(t('board.a_bomb'))}: ${escape(nameOf(`a_bomb.${ids.a_bomb}`, v.tracks.a_bomb))} · ${escape(t('board.spy_ring'))}: ${escape(nameOf(`a_bomb.${ids.spy_ring}`, v.tracks.spy_ring))} · ${escape(t('board.leadership', { europe: pw(v.tracks.leadership.Europe), pacific: pw(v.tracks.leadership.Pacific) }))}</p>
      <p class="tracks">${escape(t('board.global_issues'))}: ${global.join(' · ')}
        ${Object.entries(v.tracks.surrendered)
          .filter(([, s]) => s)
          .map(([k]) => ` · ${escape(t('ui.web.has_surrendered', { axis: nameOf(`axis.${k.toLowerCase()}`, k) }))}`)
          .join('')}</p>
      <p class="tracks leaders">${leaders}</p>
      ${rule.startsWith('6.') ? `<p class="tracks">${escape(t('ui.web.production_left'))} ${POWERS.map((p) => `${escape(pw(p))} ${v.powers[p].production ?? 0}${escape(bonus(v, p))}`).join(', ')}</p>` : ''}
      ${rule.startsWith('7.1') || rule.startsWith('7.3') ? `<p class="tracks">${escape(t('ui.web.still_to_place'))} ${POWERS.map((p) => escape(t('ui.web.to_place', { power: pw(p), networks: v.powers[p].networks_to_place ?? 0, alignment: v.powers[p].alignment_to_place ?? 0 }))).join(' · ')}</p>` : ''}
`;
  },
  result(view) {
    const w = view.winner;
    return w ? t('prompt.game_over_winner', { power: pw(w) }) : t('prompt.game_over');
  },
  prompt(view, layout) {
    return pendingText(localView(view), localBoard(layout)) + hintButton(view);
  },
  note(view, layout, action) {
    const v = view;
    const named = cardsIn(v, localBoard(layout), action).map((c) => `${c.surname} (${c.value})`);
    const effect = render(v.action_note_messages[action]) || v.action_notes[action];
    return [named.join(', '), effect]
      .filter(Boolean)
      .map((x) => escape(String(x)))
      .join(' · ');
  },
  detail(_view, layout, id) {
    const card = cards(layout)[id];
    if (!card) return null;
    const prov = card.origin.provenance;
    return `<div class="card-detail p-${card.power}"><div class="value big">${escape(card.value)}</div>
      <h3>${escape(card.name)}</h3><p class="office">${escape(card.office)} · ${escape(pw(card.power))} ${escape(t(`ui.card_kind.${card.kind}`))}</p>
      <p>${escape(card.text)}</p>
      <p class="source"><b>${escape(t('ui.web.source'))}</b> ${escape(has(`ui.provenance.${prov}`) ? t(`ui.provenance.${prov}`) : prov)}${card.origin.source ? ` — ${escape(card.origin.source)}` : ''}</p></div>`;
  },
  end(view, layout) {
    const v = view;
    return v.end ? endScreen(v, localBoard(layout)) : '';
  },
  summaries(events, shown) {
    // A conference ends with 8.0's end_of_conference: its summary is what the Meeting, the Decision
    // Segment and the War Phase did since the previous one.
    const out: ReturnType<NonNullable<TitleUi['summaries']>> = [];
    let start = 0;
    events.forEach((entry, i) => {
      const end = titleEvent<ChurchillLogEvent>(entry);
      if (end?.event !== 'end_of_conference') return;
      const from = start;
      const part = events.slice(start, i + 1);
      start = i + 1;
      // Chosen by the entry's structure, shown in the reader's language.
      const pick = (test: (e: Entry) => boolean) =>
        part
          .map((x, k) => {
            const e = titleEvent<ChurchillLogEvent>(x);
            return e && test(e) ? shown[from + k] : null;
          })
          .filter((l): l is string => !!l);
      const meeting = pick(inMeeting);
      const decision = pick(inDecision);
      const war = pick(inWar);
      const number = end.conference;
      out.push({
        key: t('board.conference', { number }),
        title: t('ui.web.summary_title', { number }),
        sections: [
          { title: t('ui.web.summary_important'), lines: pick(important) },
          { title: t('ui.web.summary_meeting'), lines: meeting },
          { title: t('ui.web.summary_decision'), lines: decision },
          { title: t('ui.web.summary_war'), lines: war },
        ].filter((s) => s.lines.length),
      });
    });
    return out;
  },
};
