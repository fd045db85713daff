#!/usr/bin/env bash
# End-to-end: churchill play in a real terminal (tmux, 120x40), read back from the screen.
# Usage: tmux_play.sh CHURCHILL_BINARY
set -euo pipefail
bin=$1
session="churchill-e2e-$$"
. "$(dirname "$0")/tmux_lib.sh"

tmux new-session -d -s "$session" -x 120 -y 40 "TERM=xterm-256color $bin play --fast --seed 5 --autosave $work/auto.json; sleep 30"
wait_for "UK>"
wait_for "5.13 Agenda: each player plays a staff card face down"
screen | grep -qF "UK hand:" || { echo "FAIL: no hand on the board"; exit 1; }
[ "$(screen | wc -l)" -le 40 ] || { echo "FAIL: the board does not fit 40 lines"; exit 1; }
send "bogus"
wait_for '"bogus" is not a legal action or a command'
send "undo"
wait_for "Nothing to undo"
send "1"  # play an agenda card
wait_for "UK>"
for _ in $(seq 1 60); do  # play on to the Meeting
  screen | grep -qF "5.2 Meeting" && break
  send "1"; sleep 0.2
done
wait_for "5.2 Meeting"
# A command typed at "-- Press Enter to continue --" is kept and run, not swallowed.
for _ in $(seq 1 80); do
  screen | grep -qF -- "-- Press Enter to continue --" && break
  send "1"; sleep 0.2
done
wait_for "-- Press Enter to continue --"
send "help"
wait_for "Commands: help"
send "save $work/mid.json"
wait_for "Saved to $work/mid.json"
send "quit"
wait_for "Game saved to $work/auto.json"
"$bin" replay "$work/mid.json" --verify
"$bin" replay "$work/auto.json" --verify
echo "1 passed, 0 failed"
