#!/usr/bin/env bash
# Terminal test of `chronon repl`: runs it in a tmux pane, types keys (tab completion, Up-arrow
# history across two runs, multi-line input, Ctrl-C, every command) and asserts what the screen shows with
# `tmux capture-pane -p`. Usage: repl_tmux_test.sh CHRONON_BINARY GOLDEN_REPL_DIR.
# Exits 77 (ctest's SKIP_RETURN_CODE) with a message when tmux is not installed.
set -euo pipefail

binary=$1
golden=$2
if ! command -v tmux >/dev/null 2>&1; then
  echo "skipped: tmux is not installed (cmake/setup.sh installs it)"
  exit 77
fi

work=$(mktemp -d)
socket="chronon-repl-test-$$"
history="$work/history"
tm() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  tm kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

screen() { tm capture-pane -p -J -S -1000 -t repl; }

# Waits until the screen shows `pattern` (a fixed string); fails with the screen after ~20 s. The
# wait only gives a slow machine time to draw: no assertion is about speed.
expect() {
  local pattern=$1
  for _ in $(seq 1 200); do
    if screen | grep -qF -- "$pattern"; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: the screen never showed: $pattern"
  echo "----- screen -----"
  screen
  exit 1
}

# Types a line and presses Enter.
line() { tm send-keys -t repl -l -- "$1"; tm send-keys -t repl Enter; }

# A session that outlives every REPL run keeps the tmux server alive: killing the last session makes
# the server exit, and a new-session sent while it is exiting fails with "server exited
# unexpectedly" (seen in CI).
for attempt in 1 2 3 4 5; do
  if tm new-session -d -s keeper "sleep 3600"; then break; fi
  if [ "$attempt" = 5 ]; then echo "FAIL: tmux could not start a server"; exit 1; fi
  sleep 1
done

start() {
  tm kill-session -t repl >/dev/null 2>&1 || true
  tm new-session -d -s repl -x 150 -y 50 -c "$golden" \
    "env CHRONON_REPL_HISTORY='$history' TERM=xterm '$binary' repl $*; echo REPL-EXITED; sleep 30"
  expect "type help for the commands"
}

# --- Grobocode, first run ---------------------------------------------------------------------
start --lang grobocode
line "fibonacci: ;n -- f_n"
expect "grobocode... "
line "  dup 1 <= if drop 1 return then"
line "  dup 1 - fibonacci swap 2 - fibonacci +"
line "return"
expect "defined fibonacci"
# Tab completion of a label: "fibo" + TAB becomes "fibonacci ".
tm send-keys -t repl -l -- "10 fibo"
tm send-keys -t repl Tab
expect "grobocode> 10 fibonacci "
tm send-keys -t repl Enter
expect "stack: 89"
# Completion of a command with its colon, and a list for several candidates.
tm send-keys -t repl -l -- ":ti"
tm send-keys -t repl Tab
expect "grobocode> :time "
tm send-keys -t repl -l -- "3 fibonacci"
tm send-keys -t repl Enter
expect "instructions: "
line "drop drop"
# Several candidates: the common prefix stays on the line and the candidates are listed.
tm send-keys -t repl -l -- "engine-"
tm send-keys -t repl Tab
expect "engine-max-power  engine-power  engine-velocity"
tm send-keys -t repl C-a C-k
# A multi-line `if`.
line "1 if 7"
expect "grobocode... "
line "then"
expect "stack: 7"
line "help dup"
expect "dup ( x -- x x )"
line "words fib"
expect "(1 words)"
line "see fibonacci"
expect "fibonacci:"
line "effect dup *"
expect "effect: ( 1 -- 1 )"
line "step 2 fibonacci"
expect "next: "
line "step"
expect "stack: 7 2"
line "step"
expect "stack: 7 2  return:"
line "trace 1 fibonacci"
expect "stack: 7 1"
line "set energy 40"
expect "energy = 40"
line "energy"
expect "stack: 7 1 40"
line "engine jit"
expect "engine: jit"
line "3 4 + 2 * drop energy"
expect "stack: 7 1 40 40"
line "drop"
line ":load worker.gb"
expect "loaded Golden Worker, type Worker"
line "3 cube"
expect "stack: 7 1 40 27"
line "lang rl"
expect "language: rl"
line "lang grobocode"
line "reset"
expect "reset"
# Ctrl-C at the prompt clears the line and the REPL lives on.
tm send-keys -t repl -l -- "1000 partial"
expect "grobocode> 1000 partial"
tm send-keys -t repl C-c
expect "grobocode> 1000 partial^C"
line "123"
expect "stack: 123"
# At a continuation prompt it drops the input left open.
line "1 if 456"
tm send-keys -t repl -l -- "  8"
expect "grobocode...   8"
tm send-keys -t repl C-c
expect "grobocode...   8^C"
line "2 +"
expect "stack: 125"
# Ctrl-C just after Enter: it interrupts the line if it is running, else clears it at the prompt;
# either way the stack is as before and the REPL lives on.
tm send-keys -t repl -l -- "do 1 drop forever"
tm send-keys -t repl Enter C-c
line "3 *"
expect "stack: 375"
line "reset"
line "1 2 + 39 +"
expect "stack: 42"
line "quit"
expect "REPL-EXITED"

# --- Grobocode, second run: history from the first ---------------------------------------------
start --lang grobocode
tm send-keys -t repl Up
expect "grobocode> quit"
tm send-keys -t repl Up
expect "grobocode> 1 2 + 39 +"
tm send-keys -t repl Enter
expect "stack: 42"
line "quit"
expect "REPL-EXITED"

# --- RoboTalk ----------------------------------------------------------------------------------
start --lang robotalk
tm send-keys -t repl -l -- "rang"
tm send-keys -t repl Tab
expect "robotalk> range "
tm send-keys -t repl Enter
expect "stack: 0"
line "sq: swap dup * swap"
expect "robotalk... "
line "return"
expect "defined sq"
line "{ a comment"
expect "robotalk... "
line "  on two lines } 6 sq call"
expect "stack: 0 36"
line "help store"
expect "STORE ( "
line "words SQ"
expect "SQ SQRT"
line "see sq"
expect "sq:"
line "effect swap drop"
expect "effect: ( 2 -- 1 )"
line "step 3 sq call"
expect "next: "
line "step"
expect "stack: 0 36 3"
line "trace 2 sq call"
expect "stack: 0 36 4"
line "time 1 drop"
expect "instructions: "
line "set range 40"
expect "RANGE = 40"
line "range"
expect "stack: 0 36 4 40"
line "load tiny.rtk"
expect "loaded tiny"
line "go call"
expect "stack: 0 36 4 40 100"
line "engine interp"
expect "engine: interp"
line "lang grobocode"
expect "language: grobocode"
line "lang robotalk"
line "reset"
expect "stack: (empty)"
line "quit"
expect "REPL-EXITED"

# --- Robbie Language ---------------------------------------------------------------------------
start --lang rl
line "register integer Steps"
expect "registered Steps (integer)"
# Tab completion of a register name.
tm send-keys -t repl -l -- "set Ste"
tm send-keys -t repl Tab
expect "rl> set Steps "
tm send-keys -t repl -l -- "4 * 5"
tm send-keys -t repl Enter
expect "registers: Steps=20"
# A multi-line repeat.
line "repeat 2 times"
expect "rl... "
line "  forward Steps"
line "endrepeat"
expect "robbie: (40, 0) heading 0, claw empty"
line "help turn"
expect "turn DIR i  (command)"
line "words end"
expect "endif endrepeat endwhile"
line "set Steps Steps / 0"
expect "division by zero"
line ":set object 700"
expect "object = 700 g beneath Robbie"
line "grab"
expect "holding 700 g"
line "quit"
expect "REPL-EXITED"

echo "repl tmux test: passed"
