// Routing: #/ is the lobby, #/game/ID a game, #/game/ID/replay its replay (#/game/ID/replay/ROUND/PHASE
// from a round and phase), #/game/ID/invite/SECRET an invitation to it.
import { renderInvitation, renderLobby } from './lobby';
import { renderGame } from './game';
import { adoptSeat, startTurnWatch } from './notify';
import { onLanguageChange, switcher, t } from './i18n';
import { renderReplay } from './replay';

let cleanup: (() => void) | null = null;

function route() {
  cleanup?.();
  cleanup = null;
  // Each page draws into an element of its own: an answer arriving after the reader left a page
  // draws into that page's element, no longer in the document, never over the next page.
  const app = document.createElement('div');
  app.className = 'page';
  document.getElementById('app')!.replaceChildren(app);
  const m = location.hash.match(/^#\/game\/([0-9a-f]+)$/);
  const replay = location.hash.match(/^#\/game\/([0-9a-f]+)\/replay(?:\/\d{1,4}(?:\/[1-7])?)?$/);
  const invited = location.hash.match(/^#\/game\/([0-9a-f]+)\/invite\/([0-9a-f]+)$/);
  if (m) {
    // A link from a notification, on a device that does not hold the seat yet: the account's seat first.
    const hash = location.hash;
    void adoptSeat(m[1]).then(() => {
      if (location.hash === hash && !cleanup) cleanup = renderGame(app, m[1]);
    });
  } else if (replay) cleanup = renderReplay(app, replay[1]);
  else if (invited) renderInvitation(app, invited[1], invited[2]);
  else renderLobby(app);
}

// The header in the reader's language, with the language switcher; a new language redraws the page.
function header() {
  const title = document.querySelector<HTMLAnchorElement>('header a.title')!;
  title.textContent = t('ui.web.site_title');
  document.title = t('ui.web.site_title');
  document.querySelector('header label.language')?.remove();
  document.querySelector('header')!.append(switcher());
}

window.addEventListener('hashchange', route);
onLanguageChange(() => {
  header();
  route();
});
header();
route();
void startTurnWatch();
