#!/usr/bin/env bash
# The main job: installs dependencies, builds, and starts the game server of both games (wartables) on
# http://127.0.0.1:8080/. With arguments, runs churchill with them instead (e.g. scripts/run.sh play).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh release >/dev/null
bin=build/release/cli/churchill
if (($#)); then exec "$bin" "$@"; fi
# The main job: the game server with the web client. Open the address it prints.
exec build/release/cli/wartables serve --port "${PORT:-8080}" --db "${CHURCHILL_DB:-churchill.db}"
