#!/usr/bin/env bash
# Every test: builds a release and an AddressSanitizer+UndefinedBehaviorSanitizer configuration and
# runs the whole suite in both; the web client's lint and unit tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# The browser tests drive Debian's Chromium (headless) with playwright-core.
if ! [ -x /usr/bin/chromium ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi
for config in release sanitize; do
  echo "== $config build"
  scripts/setup.sh "$config"
  if [ "$config" = release ]; then  # setup.sh has installed the web client's packages
    echo "== web client: ESLint, Prettier, unit tests (Vitest)"
    (cd web && npm run --silent lint && npm test --silent)
  fi
  echo "== $config tests"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "build/$config" --output-on-failure -j "$(nproc)"
done
