#!/usr/bin/env bash
# End-to-end in the browser: starts `churchill serve` on a free port with a fresh database and runs one
# of the scripts of web/e2e (Playwright driving Debian's Chromium): play, newcomer (a whole game as a
# newcomer plays it), hills, replay (the Fronts' map and the Replay), warroom, warroom-guide, warroom-battle (orders and battles), warroom-odds, warroom-opening (the first round step by step), hint or i18n (whole games
# in Russian and Italian). Each is a test of its own (tests/CMakeLists.txt), so CTest runs them side
# by side with the rest of the suite. CHURCHILL_SERVE_FLAGS: more options of the server (a script's own,
# set by its test). Usage: browser.sh CHURCHILL_BINARY OUT_DIR SCRIPT
set -euo pipefail
bin=$1 out=$2 script=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
[ -x /usr/bin/chromium ] || { echo "chromium is not installed (scripts/test.sh installs it)"; exit 1; }
[ -f "$root/web/e2e/$script.mjs" ] || { echo "no browser script web/e2e/$script.mjs"; exit 2; }
[ -f "$root/web/dist/index.html" ] || { echo "the web client is not built (scripts/setup.sh builds it)"; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
log="$work/serve.log"
: > "$log"  # there before the server opens it, for the wait below to read
# shellcheck disable=SC2086 # the flags are words
"$bin" serve --port 0 --db "$work/games.db" --web "$root/web/dist" ${CHURCHILL_SERVE_FLAGS:-} > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 50); do grep -q "http://" "$log" && break; sleep 0.1; done
url=$(grep -o "http://[0-9.:]*/" "$log" | head -1 || true)
[ -n "$url" ] || { echo "the server did not start"; cat "$log"; exit 1; }
cd "$root/web"
node "e2e/$script.mjs" "$url" "$out"
