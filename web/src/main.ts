// Routing: #/ is the lobby, #/game/ID a game, #/game/ID/replay its replay, #/game/ID/invite/SECRET an invitation to it.
import { renderInvitation, renderLobby } from './lobby';
import { renderGame } from './game';
import { renderReplay } from './replay';

let cleanup: (() => void) | null = null;

function route() {
  cleanup?.();
  cleanup = null;
  const app = document.getElementById('app')!;
  const m = location.hash.match(/^#\/game\/([0-9a-f]+)$/);
  const replay = location.hash.match(/^#\/game\/([0-9a-f]+)\/replay$/);
  const invited = location.hash.match(/^#\/game\/([0-9a-f]+)\/invite\/([0-9a-f]+)$/);
  if (m) cleanup = renderGame(app, m[1]);
  else if (replay) cleanup = renderReplay(app, replay[1]);
  else if (invited) renderInvitation(app, invited[1], invited[2]);
  else renderLobby(app);
}

window.addEventListener('hashchange', route);
route();
