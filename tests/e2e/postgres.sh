# Functions for a throw-away PostgreSQL cluster on loopback (sourced by the tests that need one):
#   pg_require        finds Debian's PostgreSQL (installing the postgresql package if it can), or
#                     exits 77 (the tests' "skipped") saying why
#   pg_start DIR      initdb + pg_ctl start in DIR (as an unprivileged user when run as root), then
#                     sets PG_URL=postgresql://churchill@127.0.0.1:PORT/churchill and PG_BIN
#   pg_stop           stops it (the caller removes DIR)
#   free_port         a TCP port nothing listens on

free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 12000))  # below the kernel's ephemeral ports (32768 and up), which clients take
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  echo "no free port found" >&2
  return 1
}

pg_find() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

pg_require() {
  PG_BIN=$(pg_find)
  if [ -z "$PG_BIN" ] || ! [ -x "$PG_BIN/initdb" ]; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql; } >/dev/null 2>&1 || true
    PG_BIN=$(pg_find)
  fi
  if [ -z "$PG_BIN" ] || ! [ -x "$PG_BIN/initdb" ]; then
    echo "SKIPPED: PostgreSQL is not installed and could not be installed (apt-get install postgresql)"
    exit 77
  fi
}

# Runs a command as the cluster's owner: as root, the postgres user (or nobody); else oneself.
pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    local owner=postgres
    id -u postgres >/dev/null 2>&1 || owner=nobody
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

pg_start() {
  PG_DIR=$1/pg
  mkdir -p "$PG_DIR"
  if [ "$(id -u)" -eq 0 ]; then
    chmod 755 "$1"
    local owner=postgres
    id -u postgres >/dev/null 2>&1 || owner=nobody
    chown "$owner" "$PG_DIR"
  fi
  PG_PORT=$(free_port)
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U churchill -A trust -E UTF8 --no-locale >"$1/initdb.log" 2>&1 ||
    { cat "$1/initdb.log"; return 1; }
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=100" start >/dev/null ||
    { cat "$PG_DIR/server.log"; return 1; }
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U churchill churchill
  PG_URL="postgresql://churchill@127.0.0.1:$PG_PORT/churchill"
  export PG_URL PG_BIN PG_PORT
}

pg_stop() {
  [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ] && pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
}
