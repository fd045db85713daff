# What the terminal tests share (sourced by tmux_play.sh and tmux_warroom.sh): a tmux session named
# $session read back from its screen, and a scratch directory $work, both removed on exit.
command -v tmux >/dev/null || { echo "tmux is not installed (scripts/setup.sh installs it)"; exit 1; }
# A tmux server of the test's own (its socket named after the session the test starts with): tests
# running side by side never share one, so one test's last session closing cannot take another's
# server with it. A test that opens several sessions one after another names each anew and leaves
# the earlier ones open until the end: a session killed as the server's last one takes the server
# down while the next `new-session` may already be talking to it ("server exited unexpectedly").
socket=$session
tmux() { command tmux -L "$socket" "$@"; }
work=$(mktemp -d)
cleanup() { tmux kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$session"; }
wait_for() {  # text, seconds
  for _ in $(seq 1 $((${2:-10} * 10))); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  echo "FAIL: the screen never showed: $1"; echo "---- screen ----"; screen; exit 1
}
send() { tmux send-keys -t "$session" -l -- "$1"; tmux send-keys -t "$session" Enter; }
