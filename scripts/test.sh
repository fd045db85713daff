#!/usr/bin/env bash
# Every test: checks the C++ sources' layout, builds a release and an AddressSanitizer+UndefinedBehaviorSanitizer configuration and
# runs the whole suite in both; clang-tidy's checks; the web client's lint and unit tests; the
# threaded tests under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's heading says how long the run has taken so far (CI's budget is 30 minutes).
say() { echo "== $* (at ${SECONDS} s)"; }
# The browser tests drive Debian's Chromium (headless) with playwright-core.
if ! [ -x /usr/bin/chromium ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi
# The C++ sources' layout (.clang-format): a few seconds, so first.
say "C++ format"
scripts/format.sh --check
for config in release sanitize; do
  say "$config build"
  scripts/setup.sh "$config"
  if [ "$config" = release ]; then  # setup.sh has installed the web client's packages
    say "web client: ESLint, Prettier, unit tests (Vitest)"
    (cd web && npm run --silent lint && npm test --silent)
    # clang-tidy over each library and program as one unity file (about 6 minutes of processor
    # time), beside the rest at the lowest scheduling priority: it takes the processor time the other
    # stages leave (a browser script waiting on its page, a build's links, a test run's last long
    # test) and what is left of it runs at the end.
    say "clang-tidy (in the background, read at the end)"
    nice -n 19 scripts/tidy.sh >build/tidy.log 2>&1 &
    tidy=$!
  else
    # The ThreadSanitizer build beside the sanitizer tests, at a lower priority: those tests spend
    # much of their time waiting on the server's bots and sockets (their time limits allow for the
    # sanitizers' slowness), and the build takes the processor time they leave.
    say "tsan build (in the background)"
    nice -n 10 scripts/setup.sh tsan >build/tsan-build.log 2>&1 &
    tsan_build=$!
  fi
  say "$config tests"
  # The Churchill soak plays 500 games a scenario (2,000, about 65 s, by hand: CHURCHILL_SOAK_GAMES=2000
  # ctest -R GameSoak), 40 under the sanitizers (several times slower). The browser scripts, which
  # test the web client and its protocol, and the documents' commands are left to the release build:
  # the server's code under them is run by server_tests. (The schema checks, whose views, log entries
  # and actions are the same in every build, are not built there at all, tests/CMakeLists.txt: the
  # views' and logs' code runs in the conformance harnesses.) The tests labelled "long" (a whole game
  # won in the browser, minutes) are run by hand: ctest -L long.
  only=(-LE long); soak=500
  [ "$config" = sanitize ] && only=(-LE 'browser|docs|long') && soak=40
  CHURCHILL_SOAK_GAMES=$soak ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "build/$config" --output-on-failure -j "$(nproc)" "${only[@]}"
done
# ThreadSanitizer over what uses threads (the server's event loop, committer and search pool; the
# root-parallel search): the tests labelled "threads". A race stops the program that has it. The
# tests of the server's memory (under slow WebSockets, under 60 spectators) are left to the other
# two builds: the sanitizer's shadow memory and allocator make the server's size meaningless.
say "tsan build (waiting for what is left of it)"
wait "$tsan_build" || { tail -50 build/tsan-build.log; echo "the ThreadSanitizer build failed (build/tsan-build.log)"; exit 1; }
say "tsan tests"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build/tsan --output-on-failure -j "$(nproc)" -L threads \
  -E '^(Server\.SlowAndSilentWebSocketsAreBoundedAndClosed|Attack\.SixtySpectatorsOfFinishedGamesStayUnderTheMemoryCeiling)$'
say "clang-tidy (waiting for what is left of it)"
wait "$tidy" || { sed 's/\x1b\[[0-9;]*m//g' build/tidy.log | grep -E -A4 '(error|warning): '; echo "clang-tidy failed (build/tidy.log)"; exit 1; }
say "all tests passed"
