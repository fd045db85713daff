#!/usr/bin/env bash
# The main job: installs dependencies, builds, and runs the `churchill` command.
# With arguments, passes them to churchill (e.g. scripts/run.sh data audit --json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh release >/dev/null
bin=build/release/cli/churchill
if (($#)); then exec "$bin" "$@"; fi
"$bin" --help
echo
"$bin" data check
echo
echo "Three rulebook 'Bots play 20 campaign games:"
"$bin" selfplay --scenario campaign --games 20 --seats rulebook,rulebook,rulebook
echo
echo "Play one yourself: $bin new --scenario training --seats US=bot:rulebook,USSR=bot:rulebook -o game.json"
