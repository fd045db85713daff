// A game page for any title: the title's board and state lines (titles/), then what every title has:
// the phase and what is being decided, who must act, the seat's legal actions (all, or those naming
// what was clicked on the board) with what each does, undo, the whole log (filterable), the
// invitation link, the end-of-game explanation, and a summary whenever a stage of the game ends.
// Updates arrive over the WebSocket.
import { api, ApiError, escape, invitationLink, LogEvent, savedSeat, saveSeat, subscribe, View } from './api';
import { uiFor } from './titles';
import { has, language, Message, render as word, seatName, t } from './i18n';
import { OthersMoves } from './replay';
import {
  keepLog as keptLog,
  askingLast,
  keepPage,
  kindIn,
  kinds,
  missingLines,
  narrow,
  offerByKind,
  sameDecision,
  singles,
  toggle,
  wordsOf,
} from './actions';
import { ask, askAgain } from './confirm';
import { chatPanel } from './chat';
import { bindClock, clockPanel, tickClocks } from './clock';
import { LogList } from './log-panel';
import { endingsPanel } from './endings';

// What an action's kind is called ("advance" -> "Продвинуть"), or the kind itself.
const kindName = (k: string) => (has(`action_kind.${k}`) ? t(`action_kind.${k}`) : k);

// A log line with its rule number (a numbered section: "7.74") as a button that shows the rule's
// text: the rule is the entry's structure (`log_events`), the words its message's ("log.entry"'s text).
function withRule(line: string, e: LogEvent | undefined, m: Message | undefined): string {
  const text = typeof m === 'object' ? m.args?.text : undefined;
  if (!e || text === undefined || !/^[0-9.]+$/.test(e.rule)) return escape(line);
  return `<button class="rule" data-rule="${escape(e.rule)}" title="${escape(t('ui.web.rule_title', { rule: e.rule }))}">${escape(e.rule)}</button> ${escape(word(text))}`;
}

// Why the seat has so few options, where the title says (a rule's reason: "only discards: ... (4.22)"),
// worded from the message the view carries (the terminal words the same one).
const whyFew = (v: View) => ('options_why' in v ? word(v.options_why_message) || v.options_why?.text || '' : '');

export function renderGame(app: HTMLElement, id: string): () => void {
  let mine = savedSeat(id);
  // The reader went elsewhere: a view arriving late draws nothing (the page's element is detached by
  // then, main.ts, but drawing also looks up the document's own elements, #status among them).
  let closed = false;
  let filter: string[] = []; // words every action listed must name (an issue, then a card, ...)
  let showAll = false;
  let asking: string | null = null; // the action a question (confirm.ts) is open about
  let logFilter = '';
  let view: View | null = null;
  let previous: View | null = null; // the view before, to highlight what changed
  let layout: unknown = null;
  let shown = ''; // the view last drawn, as JSON
  let openSeats: string[] = []; // public seats nobody holds yet, for a visitor to join
  const log: (string | undefined)[] = []; // the whole log as far as this page has received it
  const messages: (Message | undefined)[] = []; // the same lines as messages, worded in the reader's language
  const events: (LogEvent | undefined)[] = []; // the same entries as structure, which the title reads
  // A line in the reader's language: its message, else the title's wording of its structure, else as sent.
  const line = (i: number) => {
    if (messages[i] !== undefined) return word(messages[i]);
    const e = events[i];
    return (e && view && uiFor(view.title).logLine?.(e)) ?? log[i];
  };
  const seenSummaries = new Set<string>();
  let firstView = true;
  app.innerHTML = `<p>${escape(t('ui.web.loading'))}</p>`;

  // Each view carries the last lines of the log and the log's length: they are kept in place, so the
  // page holds every line it was sent (an undo shortens the log).
  const keepLog = (v: View) => keptLog(log, messages, v, events);
  // The log's list stays drawn from one view to the next: a view draws only the lines it changes
  // (log-panel.ts), so a redraw costs the same with 20 lines or 2,000.
  const logList = new LogList({
    size: () => log.length,
    key: (i) => (i in log ? JSON.stringify([log[i], messages[i], events[i]]) : undefined), // a line never sent is not drawn
    text: line,
    html: (i, text) => withRule(text, events[i], messages[i]),
  });
  // Lines the page was never sent (bots wrote more between two views than a view carries, or the page
  // opened late) are asked for, the latest first, a page at a time, until the page holds them all.
  const logPage = 500; // lines a request may ask for (docs/server.md, "The log")
  let filling = false;
  const fillLog = async () => {
    if (filling) return;
    filling = true;
    try {
      for (let gap = missingLines(log, logPage); gap; gap = missingLines(log, logPage)) {
        const page = await api.log(id, gap.from, gap.to - gap.from, mine?.token);
        keepPage(log, messages, events, page);
        logList.sync(gap.from);
        if (view) summariesOf(view.title).forEach((s) => seenSummaries.add(s.key)); // read, not news
        if (log[gap.to - 1] === undefined) break; // an undo since, or a page shorter than asked: the next view asks again
      }
    } catch {
      // the next view asks again
    } finally {
      filling = false;
    }
  };
  // A rule number's button, in the log or elsewhere on the page (War Room's guide), shows the rule.
  const ruleClicked = (e: Event) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button.rule');
    if (b && view) showRule(view.title, b.dataset.rule!);
  };
  app.addEventListener('click', ruleClicked);

  const dialog = (html: string, onAction?: (root: HTMLElement) => void) => {
    document.getElementById('dialog')?.remove();
    const box = document.createElement('div');
    box.id = 'dialog';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.innerHTML = `<div class="dialog-body">${html}<p><button class="close" autofocus>${escape(t('ui.web.close'))}</button></p></div>`;
    const close = () => box.remove();
    box.addEventListener('click', (e) => {
      if (e.target === box || (e.target as HTMLElement).closest('button.close')) close();
    });
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
    });
    document.body.append(box);
    box.querySelector<HTMLButtonElement>('button.close')!.focus({ preventScroll: true });
    onAction?.(box);
  };

  // Each finished stage's summary, from the log the page holds (none where the title makes none).
  const summariesOf = (title: string) => uiFor(title).summaries?.(events, logList.lines) ?? [];
  // Each finished stage's summary can be read again (during play and after the end).
  const summaryButtons = (v: View) => {
    const all = summariesOf(v.title);
    return all.length
      ? `<p class="summaries">${escape(t('ui.web.summaries'))} ${all.map((s) => `<button class="summary-of" data-key="${escape(s.key)}">${escape(s.key)}</button>`).join(' ')}</p>`
      : '';
  };
  const showSummary = (s: { title: string; sections: { title: string; lines: string[] }[] }) => {
    // The same line several times (support placed on one Front) is shown once, with how many.
    const counted = (lines: string[]) => {
      const n = new Map<string, number>();
      lines.forEach((l) => n.set(l, (n.get(l) ?? 0) + 1));
      return [...n].map(([l, k]) => `<li>${escape(l)}${k > 1 ? ` <b>×${k}</b>` : ''}</li>`).join('');
    };
    dialog(
      `<h2>${escape(s.title)}</h2>${s.sections
        .map(
          (sec) => `<h3>${escape(sec.title)}</h3>
      <ul class="summary">${counted(sec.lines)}</ul>`,
        )
        .join('')}`,
    );
    document.getElementById('dialog')!.classList.add('summary-dialog');
  };

  // A log line's rule number shows the rule's text: the edition of the reader's language; English,
  // said so, where it lacks the section.
  const showRule = async (title: string, section: string) => {
    try {
      const rule = await api.rules(title, section, language());
      const note = !rule.found ? t('ui.web.rule_unavailable') : rule.language !== language() ? t('ui.web.rule_in_english') : '';
      dialog(
        `<h2>${escape(t('ui.web.rule', { rule: rule.section }))}</h2>${note ? `<p class="rule-note" role="note">${escape(note)}</p>` : ''}` +
          (rule.found ? `<pre class="rule-text" lang="${escape(rule.language)}">${escape(rule.text)}</pre>` : ''),
      );
    } catch (err) {
      dialog(`<p class="error">${escape((err as Error).message)}</p>`);
    }
  };

  // The page's frame stays from one view to the next, and with it the log panel's filter and list
  // (drawn by settle); the rest is drawn again: the end, the boards, the side's panels and the log's
  // heading. The same elements in the same order as ever, which the layout (style.css) places.
  const frame = (v: View, end: string, side: string, logHead: string) => {
    let game = app.querySelector<HTMLElement>(':scope > .game');
    if (!game) {
      const ui = uiFor(v.title);
      app.innerHTML = `<div class="game"><div class="side"><section class="panel" id="log-panel">
        <p class="log-filter"><label>${escape(t('ui.web.filter'))} <input id="log-filter" type="search" value="${escape(logFilter)}" placeholder="${escape(ui.filterExample?.() ?? t('ui.web.filter_example'))}" /></label></p>
        </section></div></div>`;
      game = app.querySelector<HTMLElement>(':scope > .game')!;
      app.querySelector('#log-panel')!.append(logList.element);
      const box = app.querySelector<HTMLInputElement>('#log-filter')!;
      box.addEventListener('input', () => {
        logFilter = box.value;
        logList.setFilter(logFilter);
      });
    }
    game.className = `game${v.terminal ? ' over' : ''}`;
    game.dataset.version = String(v.version);
    const sideOf = game.querySelector<HTMLElement>(':scope > .side')!;
    const panel = sideOf.querySelector<HTMLElement>(':scope > #log-panel')!;
    Array.from(game.children).forEach((c) => c !== sideOf && c.remove());
    game.insertAdjacentHTML('afterbegin', `${end}<div class="boards"></div>`);
    Array.from(sideOf.children).forEach((c) => c !== panel && c.remove());
    panel.insertAdjacentHTML('beforebegin', side);
    const filterLine = panel.querySelector(':scope > .log-filter')!;
    while (panel.firstElementChild && panel.firstElementChild !== filterLine) panel.firstElementChild.remove();
    filterLine.insertAdjacentHTML('beforebegin', logHead);
  };

  const render = () => {
    if (!view || layout === null) return;
    const v = view;
    const ui = uiFor(v.title);
    shown = JSON.stringify(v);
    const words = wordsOf(v),
      kindOf = kindIn(v);
    const apart = ui.elsewhere?.(v) ?? null; // offered by a panel of the board, not listed again
    const actions = askingLast(
      narrow(apart ? v.legal_actions.filter((a) => !apart.actions.has(a)) : v.legal_actions, filter, words),
      (a) => !!ui.confirm?.(v, a),
    );
    const marked = new Set(actions.flatMap(words)); // what may still narrow the list
    // Many choices (a Meeting turn has dozens) are first offered by kind; the board and the hand narrow them too.
    const byKind = offerByKind(actions, filter, showAll, kindOf);
    const waiting = v.active.filter((s) => s !== v.seat);
    const myMove = !!v.seat && v.active.includes(v.seat);
    const waitingText = waiting.length
      ? escape(
          t('ui.web.waiting_for', {
            seats: waiting.map((s) => `${seatName(s)}${v.seats[s]?.startsWith('bot') ? ` ${t('ui.web.bot')}` : ''}`).join(', '),
          }),
        ) + (mine?.invitation && waiting.some((s) => v.seats[s] === 'human') ? ` — ${escape(t('ui.web.send_invitation'))}` : '')
      : '';
    const actionText = (a: string) => word((v.action_messages as Record<string, Message> | undefined)?.[a]) || a;
    const actionButton = (a: string, cls = 'action') => {
      const note = ui.note?.(v, layout, a) ?? '';
      return `<button class="${cls}" data-action="${escape(a)}" title="${escape(a)}">${escape(actionText(a))}${note ? `<small>${note}</small>` : ''}</button>`;
    };
    // A word the actions are narrowed by: a kind of action, else a datum the title names.
    const wordName = (w: string) => (has(`action_kind.${w}`) ? kindName(w) : (ui.wordName?.(layout, w) ?? w));
    frame(
      v,
      v.terminal && ui.end ? ui.end(v, layout) : '',
      `<section class="panel" id="state">
            <p class="phase">${escape(v.terminal ? ui.result(v) : v.phase_message ? word(v.phase_message as Message) : v.phase)}</p>
            ${ui.prompt?.(v, layout) ?? ''}
            <p class="you">${escape(t('ui.web.you', { seat: v.seat ? seatName(v.seat) : t('ui.web.spectator') }))}${myMove ? ` — <b>${escape(t('ui.web.your_move'))}</b>` : ''}</p>
            ${!v.seat && openSeats.length ? `<p class="join-seats">${openSeats.map((s) => `<button class="join" data-seat="${escape(s)}">${escape(t('ui.web.join_as', { seat: seatName(s) }))}</button>`).join(' ')}</p>` : ''}
            ${
              mine?.invitation && !v.terminal
                ? `<details class="invite" ${v.seat_order.some((s) => v.seats[s] === 'human' && s !== v.seat) ? 'open' : ''}>
              <summary>${escape(t('ui.web.invite'))}</summary><input readonly aria-label="${escape(t('ui.web.invitation_link'))}" value="${invitationLink(id, mine.invitation)}" />
              <button id="copy-invite">${escape(t('ui.web.copy_link'))}</button></details>`
                : ''
            }
            ${v.terminal && v.seed ? `<p class="seed">${escape(t('ui.web.seed', { seed: v.seed }))}</p>` : ''}
          </section>
          <section class="panel" id="decide"><h2>${escape(filter.length ? t('ui.web.actions_naming', { words: filter.map(wordName).join(` ${t('ui.play.and')} `) }) : v.terminal ? t('ui.web.game_is_over') : myMove ? t('ui.web.your_decision') : t('ui.web.actions'))}</h2>
            ${!myMove && !v.terminal ? `<p class="waiting" role="status">${waitingText || escape(t('ui.web.waiting'))}</p>` : ''}
            ${myMove && whyFew(v) ? `<p class="options-why" role="note">${escape(whyFew(v))}</p>` : ''}
            ${myMove && apart ? `<p class="elsewhere" role="note">${escape(apart.note)}</p>` : ''}
            <div class="tools"><button id="all" ${filter.length || showAll ? '' : 'disabled'}>${escape(t('ui.web.all_actions'))}</button>
              <button id="undo" ${v.can_undo ? '' : 'disabled'}>${escape(t('ui.web.undo'))}</button>${mine ? others.control() : ''}</div>
            ${
              byKind
                ? `<p class="hint">${escape(t('ui.web.pick_a_kind', { count: actions.length }))}</p>
              <div id="kinds">${[...kinds(actions, kindOf)]
                .map(([k, n]) =>
                  n === 1
                    ? actionButton(
                        singles(actions, kindOf).find((a) => kindOf(a) === k)!,
                        'single',
                      )
                    : `<button class="kind" data-word="${escape(k)}">${escape(kindName(k))} (${n})</button>`,
                )
                .join('')}
              <button class="kind" id="show-all">${escape(t('ui.web.show_all', { count: actions.length }))}</button></div>`
                : ''
            }
            <div id="actions">${byKind ? '' : actions.map((a) => actionButton(a)).join('')}</div>
          </section>
          ${clockPanel(v)}
          <div class="status-lines panel">${ui.status(v, layout)}</div>`,
      `<h2>${escape(t('ui.web.log', { count: log.length }))}</h2>
            ${summaryButtons(v)}
            ${mine && !v.terminal ? `<p><a href="#/game/${id}/replay" id="replay-so-far">${escape(t('ui.web.replay_so_far'))}</a> ${escape(t('ui.web.as_you_saw_it'))}</p>` : ''}`,
    );
    // A click on a board element, a card or a kind narrows the list to the actions naming it too; a
    // second click on it, or a word no listed action names, starts over from it.
    const pick = (x: string) => {
      filter = toggle(filter, x, actions, words);
      render();
    };
    // An action the view marks is asked about first (confirm.ts).
    const confirmed = async (action: string) => {
      const question = ui.confirm?.(v, action);
      if (!question) return true;
      asking = action;
      const yes = await ask(question);
      asking = null;
      return yes;
    };
    // A board's action. While several seats write in secret, another seat's entry makes the view
    // older without changing this seat's choices: when the seat's legal actions are the same in the
    // newer view, the action is sent again on it.
    const act = async (action: string) => {
      if (!mine || !view || !(await confirmed(action))) return;
      const chosenOn = JSON.stringify(view.legal_actions);
      await send(async () => {
        try {
          return await api.act(id, action, view!.version, mine!.token);
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 409 || JSON.stringify(err.view?.legal_actions) !== chosenOn) throw err;
          return api.act(id, action, err.view!.version, mine!.token);
        }
      });
    };
    for (const panel of ui.board(v, layout, marked, pick, previous, act)) {
      if (panel.dataset.place === 'side') app.querySelector('#decide')!.before(panel);
      else app.querySelector('.boards')!.append(panel);
    }
    others.bind(app);
    bindClock(app, v, mine?.token, show, (err) => (document.getElementById('status')!.textContent = err.message));
    app.querySelector('#all')!.addEventListener('click', () => {
      filter = [];
      showAll = false;
      render();
    });
    app
      .querySelectorAll<HTMLButtonElement>('button.kind[data-word]')
      .forEach((b) => b.addEventListener('click', () => pick(b.dataset.word!)));
    app.querySelector('#show-all')?.addEventListener('click', () => {
      showAll = true;
      render();
    });
    app.querySelector('#copy-invite')?.addEventListener('click', () => {
      const input = app.querySelector<HTMLInputElement>('.invite input')!;
      input.select();
      navigator.clipboard?.writeText(input.value).catch(() => undefined);
    });
    app.querySelector('#show-log')?.addEventListener('click', () => {
      app.querySelector<HTMLInputElement>('#log-filter')!.value = '';
      logList.setFilter('');
      app.querySelector('#log-panel')!.scrollIntoView();
    });
    // Anything naming a card (or another thing with details) shows them when clicked.
    app.querySelectorAll<HTMLElement>('[data-detail]').forEach((e) =>
      e.addEventListener('click', (ev) => {
        ev.stopPropagation();
        const html = ui.detail?.(v, layout, e.dataset.detail!);
        if (!html) return;
        const named = v.legal_actions.some((a) => words(a).includes(e.dataset.detail!));
        dialog(html + (named ? `<p><button class="with-card">${escape(t('ui.web.actions_with_card'))}</button></p>` : ''), (box) =>
          box.querySelector('button.with-card')?.addEventListener('click', () => {
            box.remove();
            filter = [e.dataset.detail!];
            render();
          }),
        );
      }),
    );
    app.querySelectorAll<HTMLButtonElement>('button.summary-of').forEach((b) =>
      b.addEventListener('click', () => {
        const s = summariesOf(v.title).find((x) => x.key === b.dataset.key);
        if (s) showSummary(s);
      }),
    );
    app.querySelectorAll<HTMLButtonElement>('button.join').forEach((b) =>
      b.addEventListener('click', async () => {
        try {
          saveSeat(id, b.dataset.seat!, (await api.claim(id, b.dataset.seat!)).token);
          location.reload();
        } catch (err) {
          document.getElementById('status')!.textContent = (err as Error).message;
        }
      }),
    );
    // A request names the version of the view it was chosen on; if the game moved on meanwhile, the
    // server refuses it (409) with the current view, which is shown so the player chooses again.
    const send = async (request: () => Promise<View>) => {
      try {
        filter = [];
        showAll = false;
        show(await request());
      } catch (err) {
        if (err instanceof ApiError && err.view) show(err.view);
        document.getElementById('status')!.textContent = (err as Error).message;
      }
    };
    app.querySelector('#undo')!.addEventListener('click', () => {
      if (mine) send(() => api.undo(id, v.version, mine!.token));
    });
    app.querySelectorAll<HTMLButtonElement>('button.action, button.single').forEach((b) =>
      b.addEventListener('click', async () => {
        if (mine && (await confirmed(b.dataset.action!))) send(() => api.act(id, b.dataset.action!, v.version, mine!.token));
      }),
    );
  };

  // A stage that ended since the page opened (a conference with its War Phase) pauses the page with
  // its summary until the player closes it; those that ended before are not shown again.
  const summarize = (v: View) => {
    const fresh = summariesOf(v.title).filter((s) => !seenSummaries.has(s.key));
    fresh.forEach((s) => seenSummaries.add(s.key));
    if (firstView || !fresh.length) return;
    showSummary(fresh[fresh.length - 1]);
  };

  // Resign, concede, rematch (endings.ts): the view the server answers is shown as any other.
  const ending = endingsPanel(id, mine, (v) => show(v));

  // The same view arrives twice when the server answers an action and pushes it over the WebSocket:
  // drawing it again would replace the buttons under the player's pointer and lose a click.
  // Others' moves since this seat's last view may be shown one by one first (replay.ts).
  const others = new OthersMoves(id, mine?.token, mine?.seat);
  let arrived: View | null = null; // the newest view while they are shown
  const show = (v: View) => {
    if (closed || JSON.stringify(v) === shown) return;
    if (view && v.version < view.version) return; // an older push arriving late
    if (others.busy) {
      arrived = v;
      return;
    }
    if (!firstView && view && v.version > view.version && others.active()) {
      const live = view;
      const status = document.getElementById('status')!;
      others
        .play(
          (step) => {
            previous = view;
            view = step;
            render();
          },
          (html, skip) => {
            status.innerHTML = `${html} <button id="skip-moves">${escape(t('ui.web.skip'))}</button>`;
            status.querySelector('#skip-moves')!.addEventListener('click', skip);
          },
        )
        .then(() => {
          view = live;
          const next = arrived ?? v;
          arrived = null;
          settle(next);
        });
      return;
    }
    settle(v);
  };
  // The last view's drawing is measured ("game.view" in the browser's performance timeline; docs/warroom/browser.md).
  const settle = (v: View) => {
    const start = performance.now();
    previous = view;
    view = v;
    // A question still open is asked again from this view: the sheet behind it may have changed.
    if (asking) askAgain(v.legal_actions.includes(asking) ? (uiFor(v.title).confirm?.(v, asking) ?? null) : null);
    // A filter of the action list belongs to one decision: the next one starts with the whole list.
    if (previous && !sameDecision(previous, v)) {
      filter = [];
      showAll = false;
    }
    keepLog(v);
    logList.sync(Number(v.log_size ?? v.log.length) - v.log.length);
    void fillLog();
    summarize(v);
    firstView = false;
    document.getElementById('status')!.textContent = '';
    render();
    ending.update(v);
    performance.clearMeasures('game.view');
    performance.measure('game.view', { start });
  };

  // A visitor without a seat may take a public one that nobody holds.
  const findOpenSeats = async () => {
    if (mine) return;
    try {
      let after: string | undefined;
      for (let page = 0; page < 20; ++page) {
        const list = await api.games(after, 'open');
        const g = list.games.find((x) => x.id === id);
        if (g) {
          openSeats = g.seat_order.filter((s) => g.seats[s] === 'open');
          render();
          return;
        }
        if (!list.next) return;
        after = list.next;
      }
    } catch {
      // the list is a convenience: the game is still shown
    }
  };

  (async () => {
    try {
      const first = await api.view(id, mine?.token);
      layout = await api.layout(first.title);
      show(first);
      if (others.active()) others.settle();
      findOpenSeats();
    } catch (err) {
      if (!closed) app.innerHTML = `<p class="error">${escape((err as Error).message)}</p>`;
    }
  })();
  tickClocks();
  // Table talk sits beside the page, which each view draws again, and so do its endings.
  const talk = chatPanel(id, mine?.token);
  app.after(talk.element);
  talk.element.after(ending.element);
  const stop = subscribe(id, mine?.token, show, talk.add);
  return () => {
    stop();
    app.removeEventListener('click', ruleClicked);
    talk.element.remove();
    ending.element.remove();
    document.getElementById('dialog')?.remove();
    mine = null;
    closed = true;
  };
}
