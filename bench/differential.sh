#!/bin/sh
# The JIT's differential check on everything (issue 5): every Grobots corpus side that loads, under
# the interpreter and the JIT, must give identical results.
#   1. chronon_tests "[jit]" with CHRONON_JIT_FULL=1: every type's brain, frame by frame, on the test
#      host (full state and host records compared), and rounds of every side in groups of four.
#   2. `chronon run` of every side for 300 frames, output compared.
#   3. `chronon battle` of every side in groups of four, three seeds, 3000 frames, output compared.
# Usage: bench/differential.sh [BUILD_DIR] [SHARED_DIR]. Exit 0 when everything agrees.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shared=${2:-$root/../shared}
corpus=$shared/corpus/grobots
if [ ! -d "$corpus" ]; then
  echo "skipped: $corpus is absent"
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

if [ "$failures" -ne 0 ]; then
  echo "differential check: $failures differences"
  exit 1
fi
echo "differential check: interpreter and JIT agree everywhere"
