#!/usr/bin/env bash
# The deployment test, bounded and on loopback only (docs/deploy.md): a throw-away PostgreSQL
# cluster, two `churchill serve` instances sharing it, nginx in front of them; games played from
# several clients through nginx while spectators watch on both instances; one instance is killed
# with SIGKILL halfway; then tests/e2e/deploy_check checks that every acknowledged action is stored,
# that play went on through the other, that pushes arrived and that nothing secret leaked. Then the
# steps of docs/deploy.md an operator takes: a browser's POST through nginx on a port that is not
# 443, a rolling restart of both instances while a client polls (no request may fail), and the move
# of a SQLite database and a dump into the backups' directory as the service user under peer
# authentication.
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

# An instance on a free port (or the named one's port again); sets its pid and port in the named
# variables.
start_instance() {
  local name=$1 port_var="${1}_port"
  local port=${!port_var:-$(free_port)}
  : >"$work/$name.log"
  "$bin" serve --port "$port" --db "$PG_URL" --trust-proxy --create-burst 100000 --max-games-per-address 100000 --max-games-per-network 100000 --max-per-address 100000 >"$work/$name.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 1 600); do grep -q "http://" "$work/$name.log" && break; sleep 0.1; done
  grep -q "http://127.0.0.1:$port/" "$work/$name.log" || { echo "instance $name did not start"; cat "$work/$name.log"; exit 1; }
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
grep -h "serve: " "$work/b.log" | grep -v "http://" | head -5 || true
[ $status -eq 0 ] || { echo "0 passed, 1 failed"; exit $status; }

fail() { echo "FAILED: $*"; echo "0 passed, 1 failed"; exit 1; }

# A browser's POST through nginx on a port that is not 443: nginx passes the Host with its port
# ($http_host), which the server's origin check compares with Origin.
made=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$front/api/games" -H 'Content-Type: application/json' \
       -H "Origin: http://127.0.0.1:$front" -d '{}')
[ "$made" = 201 ] || fail "a browser's POST through nginx on port $front answered $made"
echo "a browser's POST through nginx on port $front: $made"

# A rolling restart as docs/deploy.md does it (the killed instance first), while a client polls the
# list and a game's view through nginx every 20 ms: no request may fail.
game=$(curl -s -X POST "http://127.0.0.1:$front/api/games" -H 'Content-Type: application/json' -d '{}' | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
( while [ ! -f "$work/polled" ]; do
    for path in /api/games "/api/games/$game/view"; do
      echo "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$front$path")" >>"$work/poll.log"
    done
    sleep 0.02
  done ) &
poller=$!
sleep 0.5
for name in a b; do
  pid_var="${name}_pid" port_var="${name}_port"
  echo "down $name" >>"$work/poll.log"
  kill -TERM "${!pid_var}" 2>/dev/null || true
  wait "${!pid_var}" 2>/dev/null || true
  sleep 1  # polled while only the other instance is up
  start_instance "$name"
  until curl -sf "http://127.0.0.1:${!port_var}/api/titles" >/dev/null; do sleep 0.2; done
  echo "up $name" >>"$work/poll.log"
  sleep 0.5
done
touch "$work/polled"
wait $poller
polled=$(grep -c '^[0-9]' "$work/poll.log")
failed=$(grep '^[0-9]' "$work/poll.log" | grep -vc '^200$' || true)
# Requests answered while each instance was down (between its "down" and "up" lines).
while_down=$(awk '/^down/ {down=1; next} /^up/ {print n + 0; down=0; n=0; next} down && /^200$/ {n++}' "$work/poll.log" | tr '\n' ' ')
echo "rolling restart of both instances: $polled requests through nginx ($while_down while a, then b, was down), $failed not answered 200"
[ "$failed" -eq 0 ] || fail "the rolling restart left nginx without an instance: $(sort "$work/poll.log" | uniq -c | tr '\n' ' ')"
for n in $while_down; do [ "$n" -gt 0 ] || fail "no request was made while an instance was down: $while_down"; done

# docs/deploy.md, "Moving a SQLite database into PostgreSQL" and "Backups": peer authentication over
# the local socket, the commands run as the service user (here `nobody`, whose role is made), the
# backups' directory made as the doc makes it.
user=nobody
printf 'local all all peer\nhost all all 127.0.0.1/32 trust\n' >"$PG_DIR/data/pg_hba.conf"
pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" reload >/dev/null
"$PG_BIN/psql" -q "$PG_URL" -c "CREATE ROLE $user LOGIN" -c "CREATE DATABASE moved OWNER $user"
mkdir -p "$work/sqlite"
"$bin" db migrate --from "$PG_URL" --to "sqlite:$work/sqlite/games.db" >/dev/null
chown -R "$user" "$work/sqlite"
socket="postgresql:///moved?host=$PG_DIR&port=$PG_PORT"
if "$bin" db migrate --from "sqlite:$work/sqlite/games.db" --to "$socket" >"$work/as-root.log" 2>&1; then
  fail "peer authentication let root in as a role of its own"
fi
runuser -u "$user" -- "$bin" db migrate --from "sqlite:$work/sqlite/games.db" --to "$socket" >"$work/migrate.log" 2>&1 ||
  fail "db migrate as the service user: $(cat "$work/migrate.log")"
echo "as root: $(grep -o 'authentication failed.*\|role .* does not exist' "$work/as-root.log" | head -1); as $user: $(cat "$work/migrate.log")"
install -d -o "$user" -m 700 "$work/backups"
runuser -u "$user" -- "$PG_BIN/pg_dump" --format=custom --file="$work/backups/churchill.dump" "$socket" ||
  fail "pg_dump as the service user into the backups' directory"
[ -s "$work/backups/churchill.dump" ] || fail "the dump is empty"
echo "pg_dump as $user: $(stat -c %s "$work/backups/churchill.dump") bytes"
echo "1 passed, 0 failed"
