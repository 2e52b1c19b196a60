#!/bin/sh
# The JIT's differential check on everything (issue 5): every Grobots corpus side and every RoboWar
# corpus robot that loads, under the interpreter and the JIT, must give identical results.
#   1. chronon_tests "[jit]" with CHRONON_JIT_FULL=1: every type's brain, frame by frame, on the test
#      host (full state and host records compared), and rounds of every side in groups of four; every
#      RoboWar robot call by call with uneven budgets and in duels over four seeds ([jit][robotalk]).
#   2. `chronon run` of every side for 300 frames, output compared.
#   3. `chronon battle` of every side in groups of four, three seeds, 3000 frames, output compared.
#   4. `chronon battle --log` of every RoboWar robot against the next two (a duel and a three-robot
#      group), three seeds, output (results and event log) compared.
# Usage: bench/differential.sh [BUILD_DIR] [SHARED_DIR]. Exit 0 when everything agrees.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shared=${2:-$root/../shared}
corpus=$shared/corpus/grobots
robowar=$shared/corpus/robowar
if [ ! -d "$corpus" ] && [ ! -d "$robowar" ]; then
  echo "skipped: $corpus and $robowar are absent"
  exit 0
fi
cmake --build "$build" --target chronon chronon_tests >/dev/null
chronon=$build/chronon
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

echo "1. brains and rounds (chronon_tests [jit], full)"
if ! CHRONON_JIT_FULL=1 CHRONON_SHARED_DIR="$shared" "$build/tests/chronon_tests" "[jit]"; then
  failures=$((failures + 1))
fi

if [ -d "$corpus" ]; then
echo "2. chronon run, every side"
runs=0
for side in "$corpus"/*.gb; do
  "$chronon" run "$side" --frames 300 --engine interp >"$tmp/i" 2>/dev/null || true
  "$chronon" run "$side" --frames 300 --engine jit >"$tmp/j" 2>/dev/null || true
  runs=$((runs + 1))
  if ! cmp -s "$tmp/i" "$tmp/j"; then
    echo "DIFFERENT: chronon run $side"
    failures=$((failures + 1))
  fi
done
echo "   $runs sides compared"

echo "3. chronon battle, groups of four sides, seeds 1-3"
ls "$corpus"/*.gb >"$tmp/list"
battles=0
while :; do
  group=$(head -n 4 "$tmp/list")
  [ -n "$group" ] || break
  tail -n +5 "$tmp/list" >"$tmp/rest" && mv "$tmp/rest" "$tmp/list"
  for seed in 1 2 3; do
    # Word splitting on newlines only: side names contain spaces.
    old_ifs=$IFS
    IFS='
'
    set -- $group
    IFS=$old_ifs
    "$chronon" battle "$@" --frames 3000 --every 100 --prints --seed "$seed" --engine interp >"$tmp/i" 2>/dev/null || true
    "$chronon" battle "$@" --frames 3000 --every 100 --prints --seed "$seed" --engine jit >"$tmp/j" 2>/dev/null || true
    battles=$((battles + 1))
    if ! cmp -s "$tmp/i" "$tmp/j"; then
      echo "DIFFERENT: chronon battle --seed $seed $*"
      failures=$((failures + 1))
    fi
  done
done
echo "   $battles battles compared"
fi

if [ -d "$robowar" ]; then
  echo "4. chronon battle --log, every RoboWar robot with the next two, seeds 1-3"
  find "$robowar/" -type f \( -iname '*.txt' -o -iname '*.rtk' -o -iname '*.rwr' \) | sort >"$tmp/all"
  # Only robots that load (the others fail the same way under both engines and say nothing).
  : >"$tmp/robots"
  while IFS= read -r robot; do
    if "$chronon" battle "$robot" --max-chronons 1 >/dev/null 2>&1; then
      printf '%s\n' "$robot" >>"$tmp/robots"
    fi
  done <"$tmp/all"
  count=$(wc -l <"$tmp/robots")
  battles=0
  i=0
  while IFS= read -r robot; do
    i=$((i + 1))
    second=$(sed -n "$(( i % count + 1 ))p" "$tmp/robots")
    third=$(sed -n "$(( (i + 1) % count + 1 ))p" "$tmp/robots")
    for seed in 1 2 3; do
      for group in duel trio; do
        if [ "$group" = duel ]; then
          set -- "$robot" "$second"
        else
          set -- "$robot" "$second" "$third"
        fi
        "$chronon" battle "$@" --log --seed "$seed" --engine interp >"$tmp/i" 2>/dev/null || true
        "$chronon" battle "$@" --log --seed "$seed" --engine jit >"$tmp/j" 2>/dev/null || true
        battles=$((battles + 1))
        if ! cmp -s "$tmp/i" "$tmp/j"; then
          echo "DIFFERENT: chronon battle --log --seed $seed $*"
          failures=$((failures + 1))
        fi
      done
    done
  done <"$tmp/robots"
  echo "   $count robots load; $battles battles compared"
fi

if [ "$failures" -ne 0 ]; then
  echo "differential check: $failures differences"
  exit 1
fi
echo "differential check: interpreter and JIT agree everywhere"
