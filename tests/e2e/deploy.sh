#!/usr/bin/env bash
# The deployment test, bounded and on loopback only (docs/deploy.md): a throw-away PostgreSQL
# cluster, two `churchill serve` instances sharing it, nginx in front of them; games played from
# several clients through nginx while spectators watch on both instances; one instance is killed
# with SIGKILL halfway; then tests/e2e/deploy_check checks that every acknowledged action is stored,
# that play went on through the other, that pushes arrived and that nothing secret leaked.
# Exits 77 (skipped) only when PostgreSQL or nginx cannot be installed.
# Usage: deploy.sh CHURCHILL DEPLOY_CHECK [GAMES=24] [ROUNDS=12]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/postgres.sh"
bin=$1 check=$2 games=${3:-24} rounds=${4:-12}

pg_require
nginx=$(command -v nginx || echo /usr/sbin/nginx)
if ! [ -x "$nginx" ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light; } >/dev/null 2>&1 || true
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$nginx" ] || { echo "SKIPPED: nginx is not installed and could not be installed (apt-get install nginx-light)"; exit 77; }
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  pg_stop
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
pg_start "$work"

# An instance on a free port; sets its pid and port in the named variables.
start_instance() {
  local name=$1
  "$bin" serve --port 0 --db "$PG_URL" --trust-proxy --create-burst 100000 --max-per-address 100000 >"$work/$name.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 1 100); do grep -q "http://" "$work/$name.log" && break; sleep 0.1; done
  local port
  port=$(grep -o "http://[0-9.]*:[0-9]*" "$work/$name.log" | head -1 | sed 's/.*://')
  [ -n "$port" ] || { echo "instance $name did not start"; cat "$work/$name.log"; exit 1; }
  printf -v "${name}_pid" %s "$pid"
  printf -v "${name}_port" %s "$port"
}
start_instance a
start_instance b
mkdir -p "$work/nginx-tmp"
# A port found free may be taken before nginx binds it (tests run in parallel): try another.
for try in 1 2 3 4 5; do
  front=$(free_port)
  sed -e "s|@WORK@|$work|g" -e "s|@PORT@|$front|g" -e "s|@A@|$a_port|g" -e "s|@B@|$b_port|g" "$here/nginx.conf.in" >"$work/nginx.conf"
  "$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" 2>/dev/null && break
  grep -q "Address already in use" "$work/nginx-error.log" && [ "$try" -lt 5 ] || { cat "$work/nginx-error.log"; exit 1; }
done
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$front") 2>/dev/null && break; sleep 0.1; done
echo "PostgreSQL on $PG_PORT, instances on $a_port and $b_port, nginx on $front"

"$check" "$front" "$a_port" "$b_port" "$PG_URL" "$games" "$rounds" "$work/go" A >"$work/check.log" 2>&1 &
checker=$!
for _ in $(seq 1 1200); do grep -q halfway "$work/check.log" && break; kill -0 $checker 2>/dev/null || break; sleep 0.05; done
if grep -q halfway "$work/check.log"; then
  kill -9 "$a_pid"
  echo "instance a (pid $a_pid) killed with SIGKILL after: $(grep halfway "$work/check.log")"
fi
touch "$work/go"
status=0
wait $checker || status=$?
cat "$work/check.log"
grep -h "churchill serve: " "$work/b.log" | grep -v "http://" | head -5 || true
[ $status -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $status
