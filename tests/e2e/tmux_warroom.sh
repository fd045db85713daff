#!/usr/bin/env bash
# End-to-end: warroom play in a real terminal (tmux at 100x30 and 80x24), read back from the screen:
# each decision's screen holds the short board (the nations' table with the seat's sheet), the phase
# and the prompt without scrolling them off; `board` prints the whole board; a bid above the oil held
# is refused with the amounts; `hint` prints the AI's whole sheet and `hint take` enters it; the
# bots' secret writing is one line, not a line per entry.
# Usage: tmux_warroom.sh WARROOM_BINARY [OUT_DIR]  (OUT_DIR: where the screens are kept)
set -euo pipefail
bin=$1 out=${2:-}
session="warroom-e2e-$$"
. "$(dirname "$0")/tmux_lib.sh"
keep() { [ -z "$out" ] || { mkdir -p "$out"; screen > "$out/$1"; }; }

for size in 100x30 80x24; do
  cols=${size%x*} rows=${size#*x}
  session="warroom-e2e-$$-$size"  # a session per size in the one server (tmux_lib.sh)
  tmux new-session -d -s "$session" -x "$cols" -y "$rows" \
    "TERM=xterm-256color $bin play --seed 1 --scenario eastern-front --seats USSR=human --autosave $work/auto.json; sleep 30"
  wait_for "USSR>" 20
  send "done USSR"  # Phase 1: no reorganizing
  wait_for "Write Orders"
  sleep 0.5
  if screen | grep -qF -- "-- Press Enter to continue --"; then send ""; fi
  wait_for "USSR>"
  # The decision's screen: the nations' table with the USSR's row, the phase line and the prompt.
  screen | grep -qE "^USSR +[0-9]+ +[0-9]+ +[0-9]+" || { echo "FAIL: the USSR's row is not on the $size screen"; screen; exit 1; }
  screen | grep -qF "nation  oil iron" || { echo "FAIL: the nations' table is not on the $size screen"; screen; exit 1; }
  keep "warroom-terminal-$size.txt"
  send "bid USSR 99"
  wait_for "A bid of 99 oil is more than the 5 Soviet Union holds."
  send "board"
  wait_for "GER Commands:"
  # `hint`: the whole sheet the AI would write, numbered entries with why, then how to take it;
  # `hint take` enters it and the board comes back saying what was entered.
  send "hint"
  wait_for '"hint take" enters them all' 120
  screen | grep -qF "AI advice" || { echo "FAIL: the hint's plan has no head on the $size screen"; screen; exit 1; }
  screen | grep -qE "^  1  [0-9]+ from .* → " || { echo "FAIL: the plan's first order is not on the $size screen"; screen; exit 1; }
  screen | grep -qE "  Bid: [0-9]+ oil" || { echo "FAIL: the plan's bid is not on the $size screen"; screen; exit 1; }
  keep "warroom-terminal-hint-$size.txt"
  # The first order as the plan says it ("  1  37 from R12 Smolensk → R5 Stalingrad"), in box 1 once taken.
  first=$(screen | sed -nE 's/^  1  ([0-9]+) from .* → ([^ ]+) .*/1:\1>\2/p' | head -1)
  send "hint take"
  wait_for "Entered from the hint: entries 1, 2"
  screen | grep -qF "nation  oil iron" || { echo "FAIL: the board is not drawn again after hint take on the $size screen"; screen; exit 1; }
  screen | grep -qF "orders $first " || { echo "FAIL: the sheet does not hold the plan's first order ($first) on the $size screen"; screen; exit 1; }
  keep "warroom-terminal-hint-taken-$size.txt"
  send "quit"
  wait_for "Game saved to $work/auto.json"
done
# The bots' secret writing in one line each: a game of bots only, its output kept.
COLUMNS=100 "$bin" play --seed 3 --scenario eastern-front --seats USSR=bot:rules,GER=bot:rules --no-color --autosave "$work/bots.json" \
  < /dev/null > "$work/bots.txt"
repeated=$(awk '/secret choice/ && $0 == last { n++ } { last = $0 } END { print n + 0 }' "$work/bots.txt")
[ "$repeated" -eq 0 ] || { echo "FAIL: $repeated secret choices said again on a line of their own"; exit 1; }
grep -qE "makes [0-9]+ secret choices" "$work/bots.txt" || { echo "FAIL: the bots' writing is not said"; exit 1; }
echo "1 passed, 0 failed"
