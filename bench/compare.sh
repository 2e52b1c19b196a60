#!/bin/sh
# Tournament speed of this tree's build against another revision's, side by side in one run.
# Builds REV (default 1db5ab2, where the issue "Heavy tournaments, several times faster" starts) in a
# separate worktree with this build's CMAKE_BUILD_TYPE, then runs each figure's chronon command with
# the old and the new binary alternately, pinned to one core (taskset -c 0), RUNS times each (default
# 3), and prints per figure the median old and new CPU times (wall-clock without GNU time) and the
# speed-up old/new. JIT figures run
# with the new build's object cache warmed by untimed runs first, except the one marked "no cache". The outputs of
# the two binaries must be byte-identical (the same battles); a figure whose outputs differ says so.
# Each JIT figure (old JIT against new JIT) is followed by the new JIT against the old interpreter's
# median of the same tournament, which is what issue 19's JIT lines ask, and against the new
# interpreter's, which is what the issue "One JIT pipeline" asks.
# Last, the compute-heavy brains of bench_jit (a), both builds' bench_jit alternately on one core:
# the new interpreter and the new JIT (as the command line runs it) against the old interpreter, and the
# new JIT against the old JIT (jit/jit).
# usage: bench/compare.sh [REV] [RUNS] [all|tournaments|programs|instructions]   (needs ../shared for the
# Grobots figures and the programs; `tournaments` leaves out the compute-heavy brains, `programs`
# everything else). `instructions` instead counts, under valgrind's callgrind, the instructions each
# build runs for shorter interpreter tournaments, once each: a count does not drift with the
# machine's speed, so it shows changes of a few percent that the timings' spread hides (the JIT is
# left out: LLVM's compiles would dominate the count).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-1db5ab2}
runs=${2:-3}
part=${3:-all}
case $part in all | tournaments | programs | instructions) ;; *) echo "compare.sh: unknown part $part" >&2 && exit 2 ;; esac
if [ "$part" = instructions ] && ! command -v valgrind >/dev/null; then
  echo "compare.sh: counting instructions needs valgrind (apt-get install valgrind)" >&2
  exit 2
fi
build=$repo/build
type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
type=${type:-RelWithDebInfo}
shared=$repo/../shared
old=$repo/build-compare/$rev
if [ ! -x "$old/build/chronon" ]; then
  rm -rf "$old"
  mkdir -p "$repo/build-compare"
  git -C "$repo" worktree add --detach "$old" "$rev" >/dev/null
  echo "building $rev ($type) in $old ..." >&2
  cmake -S "$old" -B "$old/build" -G Ninja -DCMAKE_BUILD_TYPE="$type" >/dev/null
  cmake --build "$old/build" -j2 --target chronon >/dev/null
fi
cmake --build "$old/build" -j2 --target bench_jit >/dev/null
cmake --build "$build" -j2 --target chronon bench_jit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Copies, so that a rebuild while the figures run changes neither side. Each build's programs go to
# a folder of their own with its JIT library, which a program looks for beside itself (jit.h); builds
# before the library existed linked LLVM into the program.
mkdir "$work/new" "$work/old"
cp "$build/chronon" "$build/bench/bench_jit" "$work/new/"
cp "$old/build/chronon" "$old/build/bench/bench_jit" "$work/old/"
[ -f "$build/chronon-jit.so" ] && cp "$build/chronon-jit.so" "$work/new/"
[ -f "$old/build/chronon-jit.so" ] && cp "$old/build/chronon-jit.so" "$work/old/"
new=$work/new/chronon
oldbin=$work/old/chronon

top9=""
if [ -f "$shared/reference/grobots/top9/sides.txt" ]; then
  for s in $(cat "$shared/reference/grobots/top9/sides.txt"); do top9="$top9 $shared/corpus/grobots/$s"; done
fi

# Milliseconds of CPU (user and system, every thread) that `chronon ARGS...` takes on core 0; its
# output goes to FILE. On one core the CPU time is the run's time, less what the virtual machine's
# host took from it (steal), which inflates a wall-clock figure now and then by a third or more.
# Without GNU time (/usr/bin/time, package time) the wall-clock time is measured instead. With
# cache=off the JIT's object cache is off (CHRONON_JIT_CACHE=off).
cache=on
timer=/usr/bin/time
[ -x "$timer" ] || timer=
timed() {
  out=$1
  shift
  set -- taskset -c 0 "$@"
  [ "$cache" = off ] && set -- env CHRONON_JIT_CACHE=off "$@"
  if [ -n "$timer" ]; then
    "$timer" -o "$work/time" -f '%U %S' "$@" >"$out" 2>/dev/null || echo "failed: $*" >&2
    awk '{ printf "%d\n", ($1 + $2) * 1000 }' "$work/time"
    return
  fi
  start=$(date +%s%N)
  "$@" >"$out" 2>/dev/null || echo "failed: $*" >&2
  end=$(date +%s%N)
  echo "($end - $start) / 1000000" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

# Instructions that `chronon ARGS...` runs under callgrind; its output goes to FILE.
counted() {
  out=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$work/valgrind.err" >"$out" ||
    echo "failed: $*" >&2
  sed -n 's/.*I *refs: *//p' "$work/valgrind.err" | tr -d ,
}
if [ "$part" = instructions ]; then
  printf '%-34s %14s %14s %9s  %s\n' figure "old instr." "new instr." "old/new" "same output"
  count() {
    name=$1
    shift
    o=$(counted "$work/old.out" "$oldbin" "$@")
    n=$(counted "$work/new.out" "$new" "$@")
    same=yes
    cmp -s "$work/old.out" "$work/new.out" || same=DIFFERENT
    printf '%-34s %14s %14s %9s  %s\n' "$name" "$o" "$n" "$(echo "scale=3; $o / $n" | bc)" "$same"
  }
  # shellcheck disable=SC2086
  {
    count "robowar, interpreter" tournament "$repo/stdlib/robowar" -j 1 --duels 10 --groups 50
    if [ -n "$top9" ]; then
      count "grobots top9 100x100, 6000 frames" tournament $top9 --rounds 1 --frames 6000 -j 1
      count "grobots top9 200x200, 6000 frames" tournament $top9 --rounds 1 --frames 6000 -j 1 --world 20x20
    fi
  }
  exit 0
fi

if [ "$part" != programs ]; then
unit="ms"
[ -n "$timer" ] && unit="CPU ms"
printf '%-34s %10s %10s %9s  %s\n' figure "old $unit" "new $unit" "old/new" "same output"
# figure NAME ARGS...: alternates the binaries RUNS times and prints the medians and the ratio.
figure() {
  name=$1
  shift
  : >"$work/old.ms"
  : >"$work/new.ms"
  i=0
  while [ $i -lt "$runs" ]; do
    timed "$work/old.out" "$oldbin" "$@" >>"$work/old.ms"
    timed "$work/new.out" "$new" "$@" >>"$work/new.ms"
    i=$((i + 1))
  done
  o=$(median <"$work/old.ms")
  n=$(median <"$work/new.ms")
  same=yes
  cmp -s "$work/old.out" "$work/new.out" || same=DIFFERENT
  printf '%-34s %10s %10s %9s  %s\n' "$name" "$o" "$n" "$(echo "scale=2; $o / $n" | bc)" "$same"
  last_old=$o
  last_new=$n
}

# The issue's JIT lines compare the new JIT with the old interpreter, which the JIT figure above does
# not (old JIT against new JIT): after an interpreter figure, keep_interp remembers its old median, and
# after the same tournament's JIT figure, versus_interp prints the new JIT against it.
# The issue "One JIT pipeline" asks for the JIT against the interpreter of the same build, so
# versus_interp prints that too, from the new interpreter's median of the same tournament.
keep_interp() {
  interp_old=$last_old
  interp_new=$last_new
}
versus_interp() {
  printf '%-34s %10s %10s %9s  %s\n' "  that jit against old interpreter" "$interp_old" "$last_new" \
    "$(echo "scale=2; $interp_old / $last_new" | bc)" "(old interpreter/new jit)"
  printf '%-34s %10s %10s %9s  %s\n' "  that jit against new interpreter" "$interp_new" "$last_new" \
    "$(echo "scale=2; $interp_new / $last_new" | bc)" "(new interpreter/new jit)"
}

# warm ARGS...: runs the new binary once, untimed, so that its JIT's object cache holds what the
# figure compiles, as it does for a player who runs the same robots again (docs/jit.md, "The object
# cache"); the old binary has no cache. A JIT change bumps kPipelineVersion, which empties the cache.
warm() { taskset -c 0 "$new" "$@" >/dev/null 2>&1 || true; }

rw="tournament $repo/stdlib/robowar -j 1"
# shellcheck disable=SC2086
{
  figure "robowar (b) short, interpreter" $rw --duels 20 --groups 100
  keep_interp
  cache=off
  figure "robowar (b) short, jit, no cache" $rw --duels 20 --groups 100 --engine jit
  versus_interp
  cache=on
  warm $rw --duels 20 --groups 100 --engine jit
  warm $rw --duels 20 --groups 100 --engine jit
  figure "robowar (b) short, jit, warm cache" $rw --duels 20 --groups 100 --engine jit
  versus_interp
  figure "robowar (b') long, interpreter" $rw --duels 100 --groups 500
  keep_interp
  warm $rw --duels 100 --groups 500 --engine jit
  figure "robowar (b') long, jit" $rw --duels 100 --groups 500 --engine jit
  versus_interp
  if [ -n "$top9" ]; then
    figure "grobots top9 100x100, interpreter" tournament $top9 --rounds 6 -j 1
    keep_interp
    warm tournament $top9 --rounds 6 -j 1 --engine jit
    figure "grobots top9 100x100, jit" tournament $top9 --rounds 6 -j 1 --engine jit
    versus_interp
    figure "grobots top9 200x200, interpreter" tournament $top9 --rounds 2 -j 1 --world 20x20
    keep_interp
    warm tournament $top9 --rounds 2 -j 1 --world 20x20 --engine jit
    figure "grobots top9 200x200, jit" tournament $top9 --rounds 2 -j 1 --world 20x20 --engine jit
    versus_interp
  fi
}

# Scaling: the new build with 2 workers against 1 (both cores).
scale() {
  name=$1
  shift
  : >"$work/one.ms"
  : >"$work/two.ms"
  i=0
  while [ $i -lt "$runs" ]; do
    start=$(date +%s%N); "$new" "$@" -j 1 >/dev/null 2>&1; end=$(date +%s%N)
    echo "($end - $start) / 1000000" | bc >>"$work/one.ms"
    start=$(date +%s%N); "$new" "$@" -j 2 >/dev/null 2>&1; end=$(date +%s%N)
    echo "($end - $start) / 1000000" | bc >>"$work/two.ms"
    i=$((i + 1))
  done
  one=$(median <"$work/one.ms")
  two=$(median <"$work/two.ms")
  printf '%-34s %10s %10s %9s  %s\n' "$name" "$one" "$two" "$(echo "scale=2; $one / $two" | bc)" "(-j 1 / -j 2, new build)"
}
printf '\n%-34s %10s %10s %9s\n' "scaling (wall-clock ms)" "-j 1" "-j 2" "ratio"
# shellcheck disable=SC2086
{
  scale "robowar (b') -j 2 against -j 1" tournament "$repo/stdlib/robowar" --duels 100 --groups 500
  if [ -n "$top9" ]; then
    scale "grobots top9 -j 2 against -j 1" tournament $top9 --rounds 6
    # Six rounds on two workers end with one worker idle while the other plays the longest round;
    # a heavier tournament shows what the workers give once rounds outnumber them.
    scale "grobots top9 x18 -j 2 against -j 1" tournament $top9 --rounds 18
  fi
}
fi
[ "$part" = tournaments ] && exit 0

# Compute-heavy brains: bench_jit's table (a) (repetitions per second; columns program, interp, jit,
# jit/int, jit-O2, O2/int, cli, ...), read up to the table (a') that follows it.
table_a() {
  taskset -c 0 stdbuf -oL "$1" "$shared" 1 6 programs 2>/dev/null | awk '/^\(a.\)/ { exit } { print }' |
    awk '$1 == "fib" || $1 == "sieve" || $1 == "vector" { print $1, $2, $7 }'
}
: >"$work/old.a"
: >"$work/new.a"
i=0
while [ $i -lt "$runs" ]; do
  table_a "$work/old/bench_jit" >>"$work/old.a"
  table_a "$work/new/bench_jit" >>"$work/new.a"
  i=$((i + 1))
done
printf '\n%-34s %10s %10s %10s %10s %9s %9s %9s\n' "compute-heavy brains (reps/s)" "old interp" "new interp" "old jit" \
  "new jit" "interp" "jit" "jit/jit"
for p in fib sieve vector; do
  o=$(awk -v p=$p '$1 == p { print $2 }' "$work/old.a" | median)
  n=$(awk -v p=$p '$1 == p { print $2 }' "$work/new.a" | median)
  oj=$(awk -v p=$p '$1 == p { print $3 }' "$work/old.a" | median)
  j=$(awk -v p=$p '$1 == p { print $3 }' "$work/new.a" | median)
  [ -n "$o" ] && [ -n "$n" ] && [ -n "$oj" ] && [ -n "$j" ] || continue
  printf '%-34s %10s %10s %10s %10s %8sx %8sx %8sx\n' "$p (new/old interp)" "$o" "$n" "$oj" "$j" \
    "$(echo "scale=2; $n / $o" | bc)" "$(echo "scale=2; $j / $o" | bc)" "$(echo "scale=2; $j / $oj" | bc)"
done
