#!/usr/bin/env bash
# clang-tidy with .clang-tidy's checks over the project's C++ sources (clang-tidy 14, installed from
# Debian's packages if missing). Fails if clang-tidy reports anything.
#
# scripts/tidy.sh: the libraries' and programs' sources (core, the titles, the server, cli), each
# library or program as one unity file (CMake's UNITY_BUILD with CHURCHILL_UNITY_BATCH_SIZE=0, in
# build/tidy-whole: the release configuration, configured here and never built). The checks walk the
# whole tree of a file, the standard and Boost headers' included, so one file a library walks those
# once: 374 s of processor time for the whole run against 608 s over the release build's files of
# eight sources (the server's 67 s against 134 s), which were about a fifth of each source alone.
# Findings in the sources a unity file includes are reported against those sources (the header
# filter names the project's folders). This is what the test command runs.
# scripts/tidy.sh --all: the tests (four to a unity file, as they are built) and benchmarks too: by
# hand, outside CI's 30 minutes.
# scripts/tidy.sh REGEX: only the sources whose path matches REGEX, each alone, read from
# build/tidy/compile_commands.json (the release configuration with CHURCHILL_UNITY off, configured
# here and never built): for a quick look at a few files.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v run-clang-tidy >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-tidy
fi
[ -f build/release/compile_commands.json ] || scripts/setup.sh release  # the packages the configuration needs
dirs="core|churchill|warroom|hills|server|cli"
if [ "${1:-}" = --all ]; then
  dirs="$dirs|tests|bench"
  shift
fi
ours="$PWD/($dirs)/"
# The build's flags are GCC's: Clang skips the warning options it does not know, and its own warnings
# are not errors here (the build's -Werror is GCC's business).
flags=(-quiet -j "$(nproc)" -extra-arg=-Wno-unknown-warning-option -extra-arg=-Wno-error)
if [ $# -eq 0 ]; then
  cmake -S . -B build/tidy-whole -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHURCHILL_UNITY_BATCH_SIZE=0 >/dev/null
  # A unity file is nothing but #includes of .cpp files, which bugprone-suspicious-include exists to flag.
  run-clang-tidy "${flags[@]}" -p build/tidy-whole -header-filter="^$ours" -checks=-bugprone-suspicious-include \
    "^$PWD/(build/tidy-whole/($dirs)/.*/Unity/unity_[0-9]+_cxx\.cxx|($dirs)/)"
else
  cmake -S . -B build/tidy -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHURCHILL_UNITY=OFF >/dev/null
  run-clang-tidy "${flags[@]}" -p build/tidy "$1"
fi
