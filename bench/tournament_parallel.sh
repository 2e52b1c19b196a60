#!/bin/bash
# How well a tournament spreads over GNU parallel (docs/distributed.md), measured in one run on the
# same tournament: one process with one thread, then plan + N workers through `parallel -j N` (one
# shard per worker, one thread each) + merge, and the same with many small shards on one worker.
# Reports the speed-up of N workers and their efficiency (speed-up / N; issue 21 asks at least 1.8x
# for 2 workers), and the overhead of sharding as a ratio to the one-process run and per match.
# Wall times on a shared machine move with its load; the ratios of one run are what to compare.
# usage: bench/tournament_parallel.sh [CHRONON] [WORKERS] [SHARDS] [GAMES]
#        (default build/chronon, 2 workers, 40 shards for the overhead run, GAMES "grobots robowar")
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
chronon=${1:-$repo/build/chronon}
workers=${2:-2}
shards=${3:-40}
games=${4:-grobots robowar}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/parallel"
touch "$work/parallel/will-cite"
export PARALLEL_HOME=$work/parallel
now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }
ratio() { echo "scale=3; $1 / $2" | bc; }
# Sets CPU to the CPU seconds (user + system) used so far by the processes this shell waited for;
# `times` must run in this shell, not in a $(...) subshell.
cpu() {
  times >"$work/times"
  CPU=$(tail -n 1 "$work/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.3f\n", t }')
}

# sharded JOBS SHARDS TAG ARGS...: plan, play SHARDS shards with JOBS at a time, plan --next and play
# what it prints (RoboWar's Winners' Circle), merge.
sharded() {
  local jobs=$1 count=$2 tag=$3
  shift 3
  "$chronon" tournament plan "$@" >"$work/$tag-plan.jsonl"
  seq 1 "$count" | parallel -j "$jobs" "$chronon" tournament play --shard {}/"$count" -j 1 "$work/$tag-plan.jsonl" \
    >"$work/$tag-results.jsonl"
  "$chronon" tournament plan --next "$work/$tag-plan.jsonl" "$work/$tag-results.jsonl" >"$work/$tag-next.jsonl" 2>/dev/null
  : >"$work/$tag-next-results.jsonl"
  if [ "$(wc -l <"$work/$tag-next.jsonl")" -gt 1 ]; then
    seq 1 "$count" | parallel -j "$jobs" "$chronon" tournament play --shard {}/"$count" -j 1 "$work/$tag-next.jsonl" \
      >"$work/$tag-next-results.jsonl"
  fi
  "$chronon" tournament merge "$work/$tag-plan.jsonl" "$work/$tag-results.jsonl" "$work/$tag-next-results.jsonl" \
    >"$work/$tag.txt"
}

# measure NAME ARGS...: the runs of one tournament and their ratios.
measure() {
  local name=$1
  shift
  local start single spread serial many c0 c1 c2 c3
  cpu
  c0=$CPU
  start=$(now)
  "$chronon" tournament "$@" -j 1 >"$work/$name-single.txt" 2>/dev/null
  single=$(elapsed "$start" "$(now)")
  cpu
  c1=$CPU
  start=$(now)
  sharded "$workers" "$workers" "$name-workers" "$@"
  spread=$(elapsed "$start" "$(now)")
  cpu
  c2=$CPU
  # The same shards one after another: what sharding costs, free of the workers' contention for
  # the cores (and of other users' load, as far as one core is free).
  start=$(now)
  sharded 1 "$workers" "$name-serial" "$@"
  serial=$(elapsed "$start" "$(now)")
  cpu
  c3=$CPU
  start=$(now)
  sharded 1 "$shards" "$name-overhead" "$@"
  many=$(elapsed "$start" "$(now)")
  for run in workers serial overhead; do
    cmp -s "$work/$name-single.txt" "$work/$name-$run.txt" || echo "WARNING: the $run standings differ"
  done
  local matches speedup stages
  matches=$(cat "$work/$name-workers-results.jsonl" "$work/$name-workers-next-results.jsonl" | wc -l)
  stages=1
  [ -s "$work/$name-workers-next-results.jsonl" ] && stages=2
  speedup=$(ratio "$single" "$spread")
  echo "$name: ${*/#$repo\//}: $matches matches in $stages stage(s)"
  echo "  one process, one thread:        ${single} s  (CPU $(echo "$c1 - $c0" | bc) s)"
  echo "  $workers workers through parallel:    ${spread} s  (speed-up ${speedup}x, efficiency" \
    "$(ratio "$speedup" "$workers"); CPU $(echo "$c2 - $c1" | bc) s)"
  # Sharding's own cost, measured without contention between the workers: the speed-up N free cores
  # would give is N times the one-process time over the N shards' time one after another. Both are
  # given from wall time and from CPU time; on a busy machine the CPU figure is the steadier one.
  local single_cpu serial_cpu
  single_cpu=$(echo "$c1 - $c0" | bc)
  serial_cpu=$(echo "$c3 - $c2" | bc)
  echo "  the $workers shards one after another: ${serial} s  (CPU ${serial_cpu} s; work efficiency" \
    "$(ratio "$single" "$serial") by wall time, $(ratio "$single_cpu" "$serial_cpu") by CPU time, so" \
    "$(echo "scale=2; $workers * $single / $serial" | bc)x or $(echo "scale=2; $workers * $single_cpu / $serial_cpu" | bc)x" \
    "on $workers free cores)"
  echo "  $shards shards per stage, one at a time: ${many} s  (overhead $(ratio "$(echo "$many - $single" | bc)" "$single")" \
    "of the run, $(echo "scale=1; ($many - $single) * 1000000 / $matches" | bc) us per match," \
    "$(echo "scale=1; ($many - $single) * 1000 / ($stages * $shards)" | bc) ms per job)"
}

# Grobots rounds are heavy (tenths of a second each): the case sharding is for. The bundled RoboWar
# robots' bouts take tens of microseconds, about what reading and writing their records costs, so
# their overhead per match shows the floor.
case " $games " in *" grobots "*) measure grobots "$repo/stdlib/grobots" --rounds 40 --frames 6000 --seed 3 ;; esac
case " $games " in *" robowar "*) measure robowar "$repo/stdlib/robowar" --duels 200 --groups 20 --seed 3 ;; esac
