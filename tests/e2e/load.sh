#!/usr/bin/env bash
# Bounded load test on loopback: `churchill serve` on a free port with a fresh database, G concurrent
# games (G Churchill, W War Room) driven through the API by bench/load_test with S WebSocket
# spectators; fails on any error response. Prints actions/s, act latency and the server's memory
# before and after. Under CI=true the counts are cut to a fifth (at least 1 of each title).
# Usage: load.sh CHURCHILL_BINARY LOAD_TEST_BINARY [GAMES] [ACTIONS_PER_GAME] [SPECTATORS] [WARROOM_GAMES]
set -euo pipefail
bin=$1 load=$2 games=${3:-100} actions=${4:-20} spectators=${5:-100} warroom=${6:-0}
if [ "${CI:-}" = true ]; then
  games=$(( (games + 4) / 5 )) spectators=$(( spectators / 5 ))
  [ "$warroom" -gt 0 ] && warroom=$(( (warroom + 4) / 5 ))
fi
work=$(mktemp -d)
# The load test creates every game from one address at once: creation is not rate-limited here.
"$bin" serve --port 0 --db "$work/games.db" --create-burst 100000 --max-games-per-address 100000 --max-games-per-network 100000 --max-per-address 100000 > "$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 50); do grep -q "http://" "$work/serve.log" && break; sleep 0.1; done
port=$(grep -o "http://[0-9.]*:[0-9]*" "$work/serve.log" | head -1 | sed 's/.*://')
[ -n "$port" ] || { echo "the server did not start"; cat "$work/serve.log"; exit 1; }
rss() { awk '/VmRSS/ {print $2 " KiB"}' "/proc/$server/status"; }
echo "server memory before: $(rss)"
"$load" "$port" "$games" "$actions" 16 "$spectators" "$warroom"
echo "server memory after: $(rss)"
echo "1 passed, 0 failed"
