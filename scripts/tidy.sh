#!/usr/bin/env bash
# clang-tidy with .clang-tidy's checks over the project's C++ sources (clang-tidy 14, installed from
# Debian's packages if missing). The builds compile unity files (CMake's UNITY_BUILD), whose compile
# commands name no source of ours, so the checks read build/tidy/compile_commands.json: the release
# configuration with CHURCHILL_UNITY off, configured here and never built.
# scripts/tidy.sh [REGEX]: only the sources whose path matches REGEX. Fails if clang-tidy reports anything.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v run-clang-tidy >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-tidy
fi
[ -f build/release/compile_commands.json ] || scripts/setup.sh release  # the packages the configuration needs
cmake -S . -B build/tidy -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHURCHILL_UNITY=OFF >/dev/null
# The build's flags are GCC's: Clang skips the warning options it does not know, and its own warnings
# are not errors here (the build's -Werror is GCC's business).
run-clang-tidy -quiet -p build/tidy -j "$(nproc)" \
  -extra-arg=-Wno-unknown-warning-option -extra-arg=-Wno-error \
  "${1:-^$PWD/(core|churchill|warroom|hills|server|cli|tests|bench)/}"
