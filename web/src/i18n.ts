// The reader's language: i18next over the same catalogues the C++ side reads (data/i18n/*.json,
// bundled by Vite at build time; docs/i18n.md). The server sends language-neutral views: names as
// ids and display texts as messages ({key, args, count}); this module words them. The language is
// the one chosen with the switcher (kept in localStorage), else the browser's first available one.
import i18next from 'i18next';
import en from '../../data/i18n/en.json';
import it from '../../data/i18n/it.json';
import ru from '../../data/i18n/ru.json';
// War Room's catalogues (data/i18n/warroom; a message a language lacks reads English).
import warroomEn from '../../data/i18n/warroom/en.json';
import warroomIt from '../../data/i18n/warroom/it.json';
import warroomRu from '../../data/i18n/warroom/ru.json';

export const LANGUAGES = ['en', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORE = 'language';

// A message as the server sends it (core::i18n::to_json): plain text, or a key with arguments that
// are messages in turn (names: {"key": "issue.second-front.name"}).
export type Message = string | { key: string; args?: Record<string, Message>; count?: number };

// The language to start in: the one chosen before (`saved`), else the first of the browser's
// (`preferred`, "it-IT" -> it) that has a catalogue, else English.
export function chooseLanguage(saved: string | null, preferred: readonly string[]): Language {
  const known = (l: string | null): l is Language => l !== null && (LANGUAGES as readonly string[]).includes(l);
  if (known(saved)) return saved;
  return preferred.map((l) => l.toLowerCase().split('-')[0]).find(known) ?? 'en';
}

function initial(): Language {
  return chooseLanguage(localStorage.getItem(STORE), navigator.languages ?? [navigator.language]);
}

type Tree = { [key: string]: string | Tree };
// One language's messages: the catalogues' nested objects merged (the `warroom` object of
// data/i18n/<l>.json and of data/i18n/warroom/<l>.json become one).
export function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees)
    for (const [k, v] of Object.entries(tree)) {
      const here = out[k];
      out[k] = typeof v === 'object' && typeof here === 'object' ? merge(here, v) : v;
    }
  return out;
}

i18next.init({
  lng: initial(),
  fallbackLng: 'en',
  resources: {
    en: { translation: merge(en, warroomEn) },
    it: { translation: merge(it, warroomIt) },
    ru: { translation: merge(ru, warroomRu) },
  },
  interpolation: { escapeValue: false }, // every text is escaped where it is put into HTML
  returnNull: false,
  initImmediate: false,
});
document.documentElement.lang = i18next.language;

export function language(): Language {
  return i18next.language as Language;
}

// Chooses the language, keeps it for the next visit and redraws what listens (setLanguage's callers).
const listeners = new Set<() => void>();
export function setLanguage(l: Language) {
  localStorage.setItem(STORE, l);
  i18next.changeLanguage(l);
  document.documentElement.lang = l;
  listeners.forEach((f) => f());
}
export function onLanguageChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

// A catalogue message: t('ui.web.undo'), t('ui.web.cards', {count: 3}).
export function t(key: string, args: Record<string, string | number> = {}): string {
  return i18next.t(key, args as Record<string, unknown>) as string;
}

// Whether the catalogue (the language or English) has `key`.
export function has(key: string): boolean {
  return i18next.exists(key);
}

// The name of a thing by its catalogue key ("issue.second-front"), or `fallback` if it has none.
export function nameOf(key: string, fallback: string): string {
  return has(`${key}.name`) ? t(`${key}.name`) : fallback;
}

// A seat, scenario or bot kind in the reader's language where the catalogue has it, else as the
// server names it ("USSR", "training", "ai:hard").
export const seatName = (s: string) => (has(`power.${s}`) ? t(`power.${s}`) : s);
// A seat of a title whose seats are its nations (War Room's "BC", "GER+ITA": the ids of the nations
// it plays, joined by "+") by the nations' names from the title's catalogue (`<title>.nation.<id>`):
// "British Commonwealth", "Germany + Italy"; any other seat as seatName says it.
export function seatNameIn(title: string, s: string): string {
  const nations = s.split('+');
  return nations.every((n) => has(`${title}.nation.${n}`)) ? nations.map((n) => t(`${title}.nation.${n}`)).join(' + ') : seatName(s);
}
export const scenarioName = (id: string, name = id) => (has(`scenario.${id}.name`) ? t(`scenario.${id}.name`) : name);
// A bot's name: its own where the catalogue gives one (Churchill's "rulebook 'Bot", as its docs and
// rulebook call it), else "<kind> bot".
export function botName(kind: string): string {
  const id = kind.replace(':', '_'); // i18next reads ':' as a namespace
  if (has(`ui.web.bot_names.${id}`)) return t(`ui.web.bot_names.${id}`);
  const key = `ui.web.bot_kinds.${id}`;
  return t('ui.web.bot_kind', { kind: has(key) ? t(key) : kind });
}

// A message from the server, worded: its arguments first, then its own text.
export function render(m: Message | undefined | null): string {
  return m === undefined || m === null ? '' : word(m, {});
}

// A message worded in English with some arguments replaced (`own` sees each message first: its
// result, or undefined to word it as usual): the form the War Room panels read the log in.
export function renderEnglish(m: Message, own: (m: Message) => string | undefined): string {
  return word(m, { lng: 'en' }, own);
}

function word(m: Message, options: { lng?: string }, own?: (m: Message) => string | undefined): string {
  const given = own?.(m);
  if (given !== undefined) return given;
  if (typeof m === 'string') return m;
  const args: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.args ?? {})) args[name] = word(value, options, own);
  if (m.count !== undefined) args.count = m.count;
  return i18next.t(m.key, { ...args, ...options } as Record<string, unknown>) as string;
}

// The switcher: a labelled <select> of the languages, each named in itself.
export function switcher(): HTMLElement {
  const label = document.createElement('label');
  label.className = 'language';
  const select = document.createElement('select');
  select.id = 'language';
  select.setAttribute('aria-label', t('ui.web.language'));
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l;
    o.textContent = t(`language.${l}`);
    o.selected = l === language();
    select.append(o);
  }
  select.addEventListener('change', () => setLanguage(select.value as Language));
  label.append(select);
  return label;
}
