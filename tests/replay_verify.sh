#!/bin/sh
# Records corpus battles, rounds and runs as replays and checks that `chronon replay verify` re-runs each
# to the same lines, across engines: a replay recorded with the interpreter is verified with the JIT
# and one recorded with the JIT with the interpreter. CI plays a sample; --all plays the whole corpus
# (every RoboWar robot against the next, every Grobots side in a full round with its two neighbours,
# every bundled RL program).
# usage: tests/replay_verify.sh CHRONON [--all]
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
chronon=$1
mode=${2:-sample}
corpus=${CHRONON_SHARED_DIR:-$repo/../shared}/corpus
if [ ! -d "$corpus/robowar" ] || [ ! -d "$corpus/grobots" ]; then
  echo "skipped: $corpus is absent"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checked=0
failed=0

# Records `args` with engine $1 into $work/r.replay, then verifies with the other engine.
check() {
  engine=$1
  shift
  other=jit
  [ "$engine" = jit ] && other=interp
  rm -f "$work/r.replay"
  if ! "$chronon" "$@" --engine "$engine" --replay "$work/r.replay" >"$work/out.txt" 2>&1; then
    # Robots the game refuses (compile errors, too much hardware) and runs that end in an error still
    # write replays; only a missing replay means nothing was played.
    [ -f "$work/r.replay" ] || return 0
  fi
  checked=$((checked + 1))
  if ! "$chronon" replay verify --engine "$other" "$work/r.replay" >"$work/verify.txt" 2>&1; then
    failed=$((failed + 1))
    echo "FAILED: chronon $* --engine $engine"
    cat "$work/verify.txt"
  fi
}

# RoboWar: each robot against the next one in name order (the sample: every 4th pair).
find "$corpus/robowar" -type f \( -iname '*.rtk' -o -iname '*.txt' -o -iname '*.rwr' \) -not -path '*/dialects/*' |
  sort >"$work/robots.txt"
step=4
[ "$mode" = --all ] && step=1
i=0
previous=""
while read -r robot; do
  if [ -n "$previous" ] && [ $((i % step)) -eq 0 ]; then
    engine=interp
    [ $((i / step % 2)) -eq 1 ] && engine=jit
    check "$engine" battle "$previous" "$robot" </dev/null
  fi
  previous=$robot
  i=$((i + 1))
done <"$work/robots.txt"
robowar=$checked

# Grobots: rounds of three neighbouring sides (the sample: 4 rounds of 2000 frames).
ls "$corpus/grobots"/*.gb | sort >"$work/sides.txt"
frames=2000
rounds=4
if [ "$mode" = --all ]; then
  frames=18000
  rounds=1000
fi
n=0
# Three lines at a time, so that side files whose names hold spaces stay whole.
while [ $n -lt "$rounds" ] && IFS= read -r a; do
  IFS= read -r b || b=""
  IFS= read -r c || c=""
  engine=interp
  [ $((n % 2)) -eq 1 ] && engine=jit
  check "$engine" battle "$a" ${b:+"$b"} ${c:+"$c"} --frames "$frames" --seed $((n + 1)) </dev/null
  n=$((n + 1))
done <"$work/sides.txt"
grobots=$((checked - robowar))

# Robbie: every bundled program, in its own room when there is one.
for program in "$repo"/stdlib/robbie/*.rl; do
  room="$repo/stdlib/robbie/rooms/$(basename "$program" .rl).room"
  if [ -f "$room" ]; then
    check interp run "$program" --room "$room" --steps 20000
    check jit run "$program" --room "$room" --steps 20000
  else
    check interp run "$program" --steps 20000
    check jit run "$program" --steps 20000
  fi
done

echo "replays verified: $checked ($robowar RoboWar battles, $grobots Grobots rounds, $((checked - robowar - grobots)) Robbie runs), $failed differ"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
