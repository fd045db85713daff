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
"$bin" data audit | sed -n '/^COUNTS/,$p'
