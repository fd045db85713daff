#!/usr/bin/env bash
# Bounded load test on loopback: `churchill serve` on a free port, 100 concurrent games driven
# through the API by bench/load_test; fails on any error response. Prints actions/s and latency.
# Usage: load.sh CHURCHILL_BINARY LOAD_TEST_BINARY [GAMES] [ACTIONS_PER_GAME]
set -euo pipefail
bin=$1 load=$2 games=${3:-100} actions=${4:-20}
work=$(mktemp -d)
"$bin" serve --port 0 --db "$work/games.db" > "$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 50); do grep -q "http://" "$work/serve.log" && break; sleep 0.1; done
port=$(grep -o "http://[0-9.]*:[0-9]*" "$work/serve.log" | head -1 | sed 's/.*://')
[ -n "$port" ] || { echo "the server did not start"; cat "$work/serve.log"; exit 1; }
"$load" "$port" "$games" "$actions" 16
echo "1 passed, 0 failed"
