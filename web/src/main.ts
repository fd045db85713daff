// Routing: #/ is the lobby, #/game/ID a game.
import { renderLobby } from './lobby';
import { renderGame } from './game';

let cleanup: (() => void) | null = null;

function route() {
  cleanup?.();
  cleanup = null;
  const app = document.getElementById('app')!;
  const m = location.hash.match(/^#\/game\/([0-9a-f]+)$/);
  if (m) cleanup = renderGame(app, m[1]);
  else renderLobby(app);
}

window.addEventListener('hashchange', route);
route();
