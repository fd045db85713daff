#!/usr/bin/env bash
# Every test: builds a release and an AddressSanitizer+UndefinedBehaviorSanitizer configuration and
# runs the whole suite in both.
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
  echo "== $config tests"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "build/$config" --output-on-failure -j "$(nproc)"
done
