#!/usr/bin/env bash
# Installs what the project needs from Debian's packages (only what is missing), then configures and
# builds one configuration: scripts/setup.sh [release|sanitize|tsan]. PostgreSQL and nginx are for the
# tests of several servers on one database (docs/deploy.md); the default server needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build nlohmann-json3-dev libcli11-dev libfmt-dev libgtest-dev libbenchmark-dev tmux libboost-dev libssl-dev libsqlite3-dev libsodium-dev
          libpq-dev postgresql nginx-light)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

config="${1:-release}"
# The web client (TypeScript, Vite) is built with the machine's Node.js and packages from npm, in the
# release configuration only: the sanitizers' builds run no browser test.
if [ "$config" = release ] && command -v npm >/dev/null; then
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
    # npm install (not npm ci): it keeps the locked versions, and npm ci rejects lockfiles written
    # with omit-lockfile-registry-resolved, as this workplace's npm writes them.
    (cd web && npm install --no-audit --no-fund --loglevel=error)
  fi
  (cd web && npm run build --silent >/dev/null)
elif [ "$config" = release ]; then
  echo "npm is missing: the web client is not built (install Node.js 20 or later)" >&2
fi

targets=()
case "$config" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  # -O1 -g1 (line tables, enough for the sanitizers' stack traces): half the compile time of -O2 -g.
  sanitize) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
                   -DCHURCHILL_SANITIZE=ON -DCHURCHILL_BENCH=OFF) ;;
  # ThreadSanitizer, only what uses threads: the server (its event loop, committer and search pool,
  # run by server_tests through the churchill program, whose odds test compares with the warroom
  # program's) and the root-parallel search (core_tests).
  tsan) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
               -DCHURCHILL_TSAN=ON -DCHURCHILL_BENCH=OFF)
        targets=(--target churchill warroom_cli server_tests core_tests) ;;
  *) echo "usage: scripts/setup.sh [release|sanitize|tsan]" >&2; exit 2 ;;
esac
cmake -S . -B "build/$config" -G Ninja "${flags[@]}" >/dev/null
cmake --build "build/$config" -j "$(nproc)" "${targets[@]}"
