#!/usr/bin/env bash
# The load test in three deployments, in one run on this machine (docs/status.md): one instance on
# SQLite, one on PostgreSQL, two on PostgreSQL behind nginx. Prints a Markdown table of actions/s
# and act latency. Not part of the suite (it measures; it asserts only that no request failed).
# Usage: load_table.sh CHURCHILL LOAD_TEST [GAMES=100] [ACTIONS_PER_GAME=20] [THREADS=16] [SPECTATORS=100]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/postgres.sh"
bin=$1 load=$2 games=${3:-100} actions=${4:-20} threads=${5:-16} spectators=${6:-100}
pg_require
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (apt-get install nginx-light)"; exit 77; }
work=$(mktemp -d)
pids=()
cleanup() {
  stop_all
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  pg_stop
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
pg_start "$work"

start_instance() {  # NAME DB: sets NAME_port
  local name=$1 db=$2
  "$bin" serve --port 0 --db "$db" --trust-proxy --create-burst 100000 --max-games-per-address 100000 --max-games-per-network 100000 --max-per-address 100000 >"$work/$name.log" 2>&1 &
  pids+=("$!")
  for _ in $(seq 1 100); do grep -q "http://" "$work/$name.log" && break; sleep 0.1; done
  local port
  port=$(grep -o "http://[0-9.]*:[0-9]*" "$work/$name.log" | head -1 | sed 's/.*://')
  [ -n "$port" ] || { echo "instance $name did not start"; cat "$work/$name.log"; exit 1; }
  printf -v "${name}_port" %s "$port"
}
stop_all() {  # every instance must stop cleanly on SIGTERM
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    local status=0
    wait "$p" 2>/dev/null || status=$?
    [ $status -eq 0 ] || { echo "an instance ended with status $status:"; tail -5 "$work"/*.log; } >&2
  done
  pids=()
}
measure() {  # LABEL PORT
  local out
  out=$("$load" "$2" "$games" "$actions" "$threads" "$spectators")
  echo "$1: $out" >&2
  local rate p50 p99 errors
  rate=$(sed -n 's/.* = \([0-9]*\) actions\/s.*/\1/p' <<<"$out")
  p50=$(sed -n 's/.*p50 \([0-9.]*\) ms.*/\1/p' <<<"$out")
  p99=$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' <<<"$out")
  errors=$(sed -n 's/.*; \([0-9]*\) errors.*/\1/p' <<<"$out")
  rows+=("| $1 | $rate | $p50 | $p99 | $errors |")
}
rows=()
start_instance sqlite "$work/games.db"
measure "one instance, SQLite" "$sqlite_port"
stop_all
start_instance single "$PG_URL"
measure "one instance, PostgreSQL" "$single_port"
stop_all
"$PG_BIN/psql" -q "$PG_URL" -c "SET client_min_messages = warning; TRUNCATE games CASCADE" >/dev/null
start_instance a "$PG_URL"
start_instance b "$PG_URL"
front=$(free_port)
mkdir -p "$work/nginx-tmp"
sed -e "s|@WORK@|$work|g" -e "s|@PORT@|$front|g" -e "s|@A@|$a_port|g" -e "s|@B@|$b_port|g" "$here/nginx.conf.in" >"$work/nginx.conf"
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" 2>/dev/null
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$front") 2>/dev/null && break; sleep 0.1; done
measure "two instances, PostgreSQL, behind nginx" "$front"
echo "$games games x $actions actions, $threads client threads, $spectators WebSocket spectators; $(nproc) cores"
echo "| deployment | actions/s | act p50 (ms) | act p99 (ms) | errors |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
