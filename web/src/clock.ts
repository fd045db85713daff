// Clocks on a game's page (docs/server.md, "Paces and clocks"): each seat's time left, counting down
// while the game waits for it; a seat whose clock ran out and which its stand-in bot plays, with an
// "I'm back" button for its player; the pause the players agree to; and the lobby's pace choice.
// The view's `clock` field is structure; every word comes from the catalogues.
import { api, escape, Vacation, View } from './api';
import { botName, seatName, t } from './i18n';

export interface SeatClock {
  bank: number; // seconds left when the clock last stopped (or when `deadline` was set)
  running: boolean;
  deadline: number | null; // unix seconds the clock runs out, while it runs
  out: boolean; // ran out: its stand-in plays
  away_until: number; // on vacation until then (0: not)
  stand_in: string | null;
}
export interface ClockEvent {
  at: number;
  seat: string | null;
  event: 'out' | 'back' | 'paused' | 'resumed' | 'away';
}
export interface Clock {
  pace: string; // none, live, fast, slow, custom
  initial: number;
  per_move: number;
  most: number;
  stand_in: string;
  started: boolean;
  paused: boolean;
  pause_votes: string[];
  seats: Record<string, SeatClock>;
  events: ClockEvent[];
}

export const PACES = ['none', 'live', 'fast', 'slow', 'custom'] as const;

// Seconds as the clock shows them: "2 d 4 h", "3 h 05 min", "4:07".
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400),
    h = Math.floor((s % 86400) / 3600),
    m = Math.floor((s % 3600) / 60);
  if (d > 0) return t('ui.web.clock_days', { d, h });
  if (h > 0) return t('ui.web.clock_hours', { h, m: String(m).padStart(2, '0') });
  return t('ui.web.clock_minutes', { m, s: String(s % 60).padStart(2, '0') });
}

// The seconds a seat has left at `now` (unix seconds).
export function left(c: SeatClock, now: number): number {
  return c.running && c.deadline !== null ? c.deadline - now : c.bank;
}

const nowSeconds = () => Date.now() / 1000;

function seatLine(seat: string, c: SeatClock, clock: Clock, mine: boolean): string {
  const state = c.out
    ? t('ui.web.clock_out', { bot: botName((c.stand_in ?? clock.stand_in).replace(/^bot:/, '')) })
    : c.away_until > nowSeconds()
      ? t('ui.web.clock_away', { date: new Date(c.away_until * 1000).toLocaleDateString() })
      : '';
  const time = `<span class="clock-time" ${c.running && c.deadline !== null ? `data-deadline="${c.deadline}"` : ''}>${escape(duration(left(c, nowSeconds())))}</span>`;
  return `<li class="clock-seat${c.running ? ' running' : ''}${c.out ? ' out' : ''}${mine ? ' mine' : ''}" data-seat="${escape(seat)}">
    <span class="clock-name">${escape(seatName(seat))}</span> ${time}${state ? ` <small>${escape(state)}</small>` : ''}</li>`;
}

function eventLine(e: ClockEvent, clock: Clock): string {
  const at = new Date(e.at * 1000).toLocaleString();
  const text = t(`ui.web.clock_event.${e.event}`, {
    seat: e.seat ? seatName(e.seat) : '',
    bot: botName(clock.stand_in.replace(/^bot:/, '')),
  });
  return `<li><time>${escape(at)}</time> ${escape(text)}</li>`;
}

// The clocks' panel (HTML) for a view of a game with a pace; '' for a game without one.
export function clockPanel(v: View): string {
  const clock = v.clock as Clock | undefined;
  if (!clock || clock.pace === 'none' || v.terminal) return '';
  const me = v.seat;
  const seats = v.seat_order.filter((s) => clock.seats[s] && !v.seats[s]?.startsWith('bot:'));
  const mineOut = !!me && clock.seats[me]?.out;
  const voted = !!me && clock.pause_votes.includes(me);
  const note = !clock.started
    ? t('ui.web.clock_not_started')
    : clock.paused
      ? t('ui.web.clock_paused')
      : clock.pause_votes.length
        ? t('ui.web.clock_pause_votes', { seats: clock.pause_votes.map(seatName).join(', ') })
        : '';
  const buttons = me
    ? `${mineOut ? `<button id="clock-back">${escape(t('ui.web.clock_back'))}</button>` : ''}
       <button id="clock-pause" data-pause="${clock.paused || voted ? 'false' : 'true'}">${escape(t(clock.paused ? 'ui.web.clock_resume' : voted ? 'ui.web.clock_unpause' : 'ui.web.clock_pause'))}</button>`
    : '';
  const events = clock.events.slice(-5).reverse();
  return `<section class="panel clock" id="clock" aria-labelledby="clock-title">
    <h2 id="clock-title">${escape(t('ui.web.clock_title', { pace: t(`ui.web.pace.${clock.pace}`) }))}</h2>
    <ul class="clock-seats">${seats.map((s) => seatLine(s, clock.seats[s], clock, s === me)).join('')}</ul>
    ${note ? `<p class="clock-note" role="status">${escape(note)}</p>` : ''}
    ${buttons ? `<p class="clock-tools">${buttons}</p>` : ''}
    ${events.length ? `<details class="clock-events"><summary>${escape(t('ui.web.clock_events'))}</summary><ul>${events.map((e) => eventLine(e, clock)).join('')}</ul></details>` : ''}
  </section>`;
}

// Wires the panel's buttons: `show` gets the seat's new view.
export function bindClock(root: HTMLElement, v: View, token: string | undefined, show: (v: View) => void, fail: (err: Error) => void) {
  if (!token) return;
  const send = async (body: { back: true } | { pause: boolean }) => {
    try {
      show(await api.clock(v.id, token, body));
    } catch (err) {
      fail(err as Error);
    }
  };
  root.querySelector('#clock-back')?.addEventListener('click', () => send({ back: true }));
  const pause = root.querySelector<HTMLButtonElement>('#clock-pause');
  pause?.addEventListener('click', () => send({ pause: pause.dataset.pause === 'true' }));
}

// The running clocks count down once a second, wherever they are on the page.
let ticking = 0;
export function tickClocks() {
  if (ticking) return;
  ticking = window.setInterval(() => {
    const now = nowSeconds();
    document.querySelectorAll<HTMLElement>('.clock-time[data-deadline]').forEach((e) => {
      e.textContent = duration(Number(e.dataset.deadline) - now);
    });
  }, 1000);
}

// The account's vacation (the lobby's account panel): the days left this year, away for some days
// or back now.
export async function vacationForm(): Promise<HTMLElement> {
  const box = document.createElement('form');
  box.id = 'vacation';
  box.className = 'vacation';
  const draw = (v: Vacation, problem = '') => {
    box.innerHTML = `<span>${escape(
      v.until
        ? t('ui.web.vacation_away', { date: new Date(v.until * 1000).toLocaleDateString(), count: v.left_days })
        : t('ui.web.vacation_left', { count: v.left_days }),
    )}</span>
      ${
        v.until
          ? `<button type="submit" value="0">${escape(t('ui.web.vacation_back'))}</button>`
          : `<label>${escape(t('ui.web.vacation_days'))} <input name="days" type="number" min="1" max="${v.left_days}" value="${Math.min(7, v.left_days)}" /></label>
             <button type="submit" value="go" ${v.left_days ? '' : 'disabled'}>${escape(t('ui.web.vacation_go'))}</button>`
      }
      ${problem ? `<span class="error">${escape(problem)}</span>` : ''}`;
  };
  box.addEventListener('submit', async (e) => {
    e.preventDefault();
    const back = (e.submitter as HTMLButtonElement | null)?.value === '0';
    const days = back ? 0 : Number(new FormData(box).get('days'));
    try {
      draw(await api.setVacation(days));
    } catch (err) {
      draw(await api.vacation(), (err as Error).message);
    }
  });
  try {
    draw(await api.vacation());
  } catch {
    box.hidden = true; // the account panel works without it
  }
  return box;
}

// The lobby's pace choice: a preset, or a custom one in hours; its body fields.
export function paceField(bots: string[], standIn: string): string {
  return `<label>${escape(t('ui.web.clock_pace'))} <select name="pace">${PACES.map((p) => `<option value="${p}">${escape(t(`ui.web.pace.${p}`))}</option>`).join('')}</select></label>
    <span id="custom-pace" hidden>
      <label>${escape(t('ui.web.custom_initial'))} <input name="pace_initial" type="number" min="1" max="720" value="24" /></label>
      <label>${escape(t('ui.web.custom_per_move'))} <input name="pace_per_move" type="number" min="0" max="168" value="6" /></label>
      <label>${escape(t('ui.web.custom_most'))} <input name="pace_most" type="number" min="1" max="1440" value="72" /></label>
    </span>
    <label id="stand-in" hidden>${escape(t('ui.web.clock_stand_in'))} <select name="stand_in">${bots.map((b) => `<option value="bot:${escape(b)}" ${`bot:${b}` === standIn ? 'selected' : ''}>${escape(botName(b))}</option>`).join('')}</select></label>`;
}

// Shows the custom fields and the stand-in only where they apply.
export function bindPaceField(form: HTMLFormElement) {
  const pace = form.querySelector<HTMLSelectElement>('select[name=pace]')!;
  const update = () => {
    form.querySelector<HTMLElement>('#custom-pace')!.hidden = pace.value !== 'custom';
    form.querySelector<HTMLElement>('#stand-in')!.hidden = pace.value === 'none';
  };
  pace.addEventListener('change', update);
  update();
}

// The body's "pace" and "stand_in" from the form (hours to seconds for a custom pace).
export function paceFromForm(data: FormData): { pace?: string | { initial: number; per_move: number; most: number }; stand_in?: string } {
  const pace = String(data.get('pace') ?? 'none');
  if (pace === 'none') return {};
  const hours = (name: string) => Math.round(Number(data.get(name)) * 3600);
  const chosen = pace === 'custom' ? { initial: hours('pace_initial'), per_move: hours('pace_per_move'), most: hours('pace_most') } : pace;
  return { pace: chosen, stand_in: String(data.get('stand_in')) };
}
