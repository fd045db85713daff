// Launch Carrier Fighters (Phase 3 › Step 3): "the owner of each carrier now launches a single
// Carrier Fighter Token", and the tokens "optionally engage", so a nation may keep every fighter
// aboard. The engine asks about its carriers one by one (launch BC 1 aboard, launch BC 3 aboard...);
// "Keep all aboard" sends the current carrier's own "keep aboard" action as the view offers it, and
// on each newer view the next one, until the nation's carriers are done (another nation's, or another
// step). The page decides nothing itself: it sends only the legal action the view names.
import { escape } from '../api';
import { t } from '../i18n';

export interface LaunchView {
  id: string;
  version: number;
  step?: string;
  legal_actions: string[];
  action_fields: Record<string, { kind: string; [k: string]: unknown }>;
  commands: { nation: string; units: Record<string, number> }[];
}

// The nation being kept aboard, in which game, and the last view version acted on.
let keeping: { game: string; nation: string; version: number } | null = null;

const paceMs = 350; // long enough to see each carrier pass

// The current carrier's "keep aboard" action, and its nation.
function aboardOf(v: LaunchView): { action: string; nation: string } | null {
  if (v.step !== 'carrier-launch') return null;
  const action = v.legal_actions.find((a) => v.action_fields[a]?.kind === 'launch' && v.action_fields[a].region === null);
  return action ? { action, nation: String(v.action_fields[action].nation) } : null;
}

export function launchPanel(v: LaunchView, act: (action: string) => Promise<void>): HTMLElement | null {
  const now = aboardOf(v);
  if (keeping && (keeping.game !== v.id || now?.nation !== keeping.nation)) keeping = null;
  if (!now) return null;
  // One carrier: its own choice says it all.
  const carriers = v.commands.filter((c) => c.nation === now.nation).reduce((n, c) => n + (c.units.cv ?? 0), 0);
  if (carriers < 2 && !keeping) return null;
  const nation = t(`warroom.nation.${now.nation}`);
  const panel = document.createElement('section');
  panel.className = 'panel wr-launch';
  panel.dataset.place = 'side';
  panel.innerHTML = `<h2>${escape(t('warroom.launch.title'))}</h2>
    <p class="launch-message" role="status">${escape(t(keeping ? 'warroom.launch.running' : 'warroom.launch.message', { nation, carriers }))}</p>
    ${keeping ? `<button class="launch-stop">${escape(t('warroom.launch.stop'))}</button>` : `<button class="launch-all-aboard primary">${escape(t('warroom.launch.button'))}</button>`}`;
  const next = () => {
    keeping = { game: v.id, nation: now.nation, version: v.version };
    act(now.action).catch(() => (keeping = null));
  };
  panel.querySelector('button.launch-all-aboard')?.addEventListener('click', next);
  panel.querySelector('button.launch-stop')?.addEventListener('click', () => {
    keeping = null;
    panel.querySelector('.launch-message')!.textContent = t('warroom.launch.message', { nation, carriers });
  });
  // A newer view while keeping aboard: the next carrier's, after a pause.
  if (keeping && v.version !== keeping.version) {
    const at = keeping;
    setTimeout(() => {
      if (keeping === at) next();
    }, paceMs);
  }
  return panel;
}
