#!/usr/bin/env bash
# clang-tidy with .clang-tidy's checks over the project's C++ sources (clang-tidy 14, installed from
# Debian's packages if missing), using build/release/compile_commands.json (made by
# scripts/setup.sh release). scripts/tidy.sh [REGEX]: only the sources whose path matches REGEX.
# Fails if clang-tidy reports anything.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v run-clang-tidy >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-tidy
fi
[ -f build/release/compile_commands.json ] || scripts/setup.sh release
# The build's flags are GCC's: Clang skips the warning options it does not know, and its own warnings
# are not errors here (the build's -Werror is GCC's business).
run-clang-tidy -quiet -p build/release -j "$(nproc)" \
  -extra-arg=-Wno-unknown-warning-option -extra-arg=-Wno-error \
  "${1:-^$PWD/(core|churchill|warroom|hills|server|cli|tests|bench)/}"
