#!/bin/sh
# Coverage-guided fuzzing of Chronon's readers and protocols (issue 22; docs/robustness.md). Builds
# the libFuzzer targets of fuzz/ with clang 19 under ASan + UBSan in build-fuzz/ (cmake/setup.sh
# --fuzz installs the compiler), then runs each target for SECONDS_PER_TARGET seconds, and prints per
# target the CPU seconds it used, the executions per second, libFuzzer's coverage (cov: edges, ft:
# features), the corpus size and the findings (crash-, leak-, timeout-, oom- files).
#
# Usage: bench/fuzz.sh [--cpu] [--jobs N] [SECONDS_PER_TARGET] [TARGET...]
#        bench/fuzz.sh --report [TARGET...]
#   SECONDS_PER_TARGET  default 60; TARGET names (robotalk_source, ..., dap_messages) default to all.
#   --cpu     SECONDS_PER_TARGET counts the fuzzer's CPU time (user + system) instead of wall time:
#             the fuzzer is interrupted (SIGINT, so libFuzzer prints its final statistics) once it
#             has used that much. On a machine shared with other work, this is what gives each
#             target a known amount of fuzzing; a run is still cut at 20 times that in wall time.
#   --jobs N  runs N targets at once (default 1), each on one core.
#   --report  builds and runs nothing: prints the table of each target's last run from its log.
# Environment: CHRONON_SHARED_DIR (default ../shared beside the repository) for the corpus seeds,
#   CHRONON_FUZZ_BUILD (default build-fuzz), CHRONON_BINARY (default build/chronon) to write replay
#   seeds, FUZZ_ARGS for more libFuzzer options.
# Nothing is copied into the repository: the seeds are read where they are (stdlib/, tests/,
# ../shared/corpus); framed LSP/DAP messages and replays are written under the build folder. What a
# run learns stays in BUILD/fuzz-corpus/TARGET for the next run; findings go to
# BUILD/fuzz-findings/TARGET/. Exit status: 0 when no target found anything, 1 otherwise, 2 on a
# usage error.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cpu_mode=0
jobs=1
report_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu) cpu_mode=1 ;;
    --report) report_only=1 ;;
    --jobs)
      [ $# -ge 2 ] || { echo "fuzz.sh: --jobs needs a number" >&2; exit 2; }
      jobs=$2
      shift
      ;;
    -*) echo "fuzz.sh: unknown option $1 (usage: bench/fuzz.sh [--cpu] [--jobs N] [SECONDS] [TARGET...] or --report [TARGET...])" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
if [ "$report_only" -eq 1 ]; then
  seconds=-
else
  seconds=${1:-60}
  [ $# -gt 0 ] && shift
fi
case "${seconds#-}$jobs" in
  *[!0-9]*) echo "fuzz.sh: SECONDS_PER_TARGET and --jobs take whole numbers" >&2; exit 2 ;;
esac
[ "$jobs" -ge 1 ] || { echo "fuzz.sh: --jobs must be at least 1" >&2; exit 2; }
build=${CHRONON_FUZZ_BUILD:-$root/build-fuzz}
shared=${CHRONON_SHARED_DIR:-$root/../shared}
chronon=${CHRONON_BINARY:-$root/build/chronon}
all="robotalk_source robotalk_object_code robowar_rwr grobots_side robbie_program robbie_room replay tournament_records
lsp_messages dap_messages"
targets=${*:-$all}

# With --report, nothing from here to the table is done: no building, seeding or running.
if [ "$report_only" -eq 0 ]; then
if ! command -v clang++-19 >/dev/null 2>&1; then
  echo "fuzz.sh: clang++-19 is missing; run cmake/setup.sh --fuzz" >&2
  exit 2
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCHRONON_FUZZ=ON >/dev/null
fi
build_targets=fuzz_dictionaries
for t in $targets; do build_targets="$build_targets fuzz_$t"; done
# shellcheck disable=SC2086
cmake --build "$build" -j2 --target $build_targets

seeds="$build/fuzz-seeds"
# frame FILE: appends each body line of stdin to FILE with its Content-Length header.
frame() {
  while IFS= read -r body; do
    printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$body" | LC_ALL=C wc -c)" "$body"
  done >>"$1"
}
# LSP seeds: the sessions of the protocol transcripts (tests/golden/lsp), one seed per transcript.
rm -rf "$seeds" && mkdir -p "$seeds/lsp_messages" "$seeds/dap_messages" "$seeds/replay" "$seeds/tournament_records"
for transcript in "$root"/tests/golden/lsp/*.transcript; do
  sed -n 's/^--> //p' "$transcript" | frame "$seeds/lsp_messages/$(basename "$transcript" .transcript)"
done
# DAP seeds: a launch of two bundled robots (paths relative to the source tree, where the fuzzers run),
# breakpoints, every kind of step forward and back, the views, and the end.
frame "$seeds/dap_messages/session" <<'DAP'
{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"chronon"}}
{"seq":2,"type":"request","command":"launch","arguments":{"program":"stdlib/robowar/dodger.rtk","opponents":["stdlib/robowar/wanderer.rtk"],"seed":1,"maxChronons":200,"stopOnEntry":true}}
{"seq":3,"type":"request","command":"setBreakpoints","arguments":{"source":{"path":"stdlib/robowar/dodger.rtk"},"breakpoints":[{"line":18},{"line":14,"condition":"chronon > 20 && robot == 1"}]}}
{"seq":4,"type":"request","command":"setFunctionBreakpoints","arguments":{"breakpoints":[{"name":"HUNT"}]}}
{"seq":5,"type":"request","command":"configurationDone"}
{"seq":6,"type":"request","command":"next","arguments":{"threadId":1}}
{"seq":7,"type":"request","command":"stepIn","arguments":{"threadId":2}}
{"seq":8,"type":"request","command":"stackTrace","arguments":{"threadId":1}}
{"seq":9,"type":"request","command":"scopes","arguments":{"frameId":1000}}
{"seq":10,"type":"request","command":"variables","arguments":{"variablesReference":11}}
{"seq":11,"type":"request","command":"evaluate","arguments":{"expression":"aim","frameId":1000}}
{"seq":12,"type":"request","command":"stepBack","arguments":{"threadId":1}}
{"seq":13,"type":"request","command":"continue","arguments":{"threadId":1}}
{"seq":14,"type":"request","command":"reverseContinue","arguments":{"threadId":1}}
{"seq":15,"type":"request","command":"stepOut","arguments":{"threadId":1}}
{"seq":16,"type":"request","command":"threads"}
{"seq":17,"type":"request","command":"pause","arguments":{"threadId":1}}
{"seq":18,"type":"request","command":"disconnect"}
DAP
# Replay seeds of each game, gzip and plain, when a normal build's chronon is there to write them.
if [ -x "$chronon" ]; then
  "$chronon" battle "$root/stdlib/robowar/dodger.rtk" "$root/stdlib/robowar/minelayer.rtk" --max-chronons 60 \
    --replay "$seeds/replay/robowar.replay" >/dev/null 2>&1 || true
  "$chronon" battle "$root/stdlib/grobots/algae.gb" "$root/stdlib/grobots/fighter.gb" --frames 8 \
    --replay "$seeds/replay/grobots.replay" >/dev/null 2>&1 || true
  "$chronon" run "$root/stdlib/robbie/pace-rectangle.rl" --steps 200 \
    --replay "$seeds/replay/robbie.replay" >/dev/null 2>&1 || true
  for f in "$seeds"/replay/*.replay; do
    [ -f "$f" ] && gzip -dc <"$f" >"${f%.replay}.jsonl" 2>/dev/null || true
  done
  # Tournament records: a plan of duels among the three bundled robots the target's ladder holds,
  # and its results, each after the target's first byte (0: no shard filter).
  records="$seeds/tournament_records"
  mkdir -p "$records/robots"
  for r in dodger spinner sitting-duck; do cp "$root/stdlib/robowar/$r.rtk" "$records/robots/"; done
  if "$chronon" tournament plan "$records/robots" --duels 1 --groups 0 --basic --seed 3 \
    >"$records/plan.jsonl" 2>/dev/null &&
    "$chronon" tournament play --shard 1/1 "$records/plan.jsonl" >"$records/results.jsonl" 2>/dev/null; then
    { printf '\000'; cat "$records/plan.jsonl" "$records/results.jsonl"; } >"$records/plan-and-results"
    { printf '\001'; cat "$records/plan.jsonl"; } >"$records/plan-shard"
  fi
  rm -rf "$records/robots" "$records/plan.jsonl" "$records/results.jsonl"
else
  echo "fuzz.sh: $chronon is missing; the replay and tournament_records targets start from empty corpora" >&2
fi

# The seed folders of each target that exist on this machine.
seed_dirs() {
  case "$1" in
    robotalk_source) set -- "$root/stdlib/robowar" "$root/tests/golden/frontend" "$shared/corpus/robowar" ;;
    robotalk_object_code) set -- "$shared/corpus/robowar/rw5-win/bytecode" ;;
    robowar_rwr) set -- "$shared/corpus/robowar/rwr" ;;
    grobots_side) set -- "$root/stdlib/grobots" "$shared/corpus/grobots" ;;
    robbie_program) set -- "$root/stdlib/robbie" "$root/tests/golden/robbie" ;;
    robbie_room) set -- "$root/stdlib/robbie/rooms" ;;
    replay) set -- "$seeds/replay" ;;
    tournament_records) set -- "$seeds/tournament_records" ;;
    lsp_messages) set -- "$seeds/lsp_messages" ;;
    dap_messages) set -- "$seeds/dap_messages" ;;
  esac
  for d in "$@" "$root/tests/fuzz-regressions/$t"; do [ -d "$d" ] && printf '%s\n' "$d"; done
  return 0
}
dictionary() {
  case "$1" in
    robotalk_source) echo robotalk ;;
    grobots_side) echo grobocode ;;
    robbie_program) echo robbie ;;
    lsp_messages) echo lsp ;;
    dap_messages) echo dap ;;
    *) echo "" ;;
  esac
}

# Runs a command, writing its CPU seconds (user, system) to $log.cpu when /usr/bin/time is there.
timed() {
  if [ -x /usr/bin/time ]; then /usr/bin/time -f '%U %S' -o "$log.cpu" "$@"; else "$@"; fi
}

# CPU ticks (user + system) process $1 has used so far, or nothing when it is gone.
cpu_ticks() {
  awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || true
}

# run_target T: fuzzes target T for `seconds` (wall or, with --cpu, CPU), writing its log.
# libFuzzer's -timeout and slow-unit reports are wall time: at a low priority on a busy machine, give
# FUZZ_ARGS="-timeout=120 -report_slow_units=120" (docs/robustness.md).
run_target() {
  t=$1
  corpus="$build/fuzz-corpus/$t"
  findings="$build/fuzz-findings/$t"
  log="$build/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$findings" "$build/fuzz-logs"
  dict=$(dictionary "$t")
  dict_arg=""
  [ -n "$dict" ] && dict_arg="-dict=$build/fuzz/$dict.dict"
  rm -f "$log.cpu"
  wall=$seconds
  [ "$cpu_mode" -eq 1 ] && wall=$((seconds * 20))
  # shellcheck disable=SC2046,SC2086
  (cd "$root" && timed "$build/fuzz/fuzz_$t" -max_total_time="$wall" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" $dict_arg \
    ${FUZZ_ARGS:-} "$corpus" $(seed_dirs "$t")) >"$log" 2>&1 &
  wrapper=$!
  if [ "$cpu_mode" -eq 1 ]; then
    limit=$((seconds * $(getconf CLK_TCK)))
    while kill -0 "$wrapper" 2>/dev/null; do
      sleep 2
      pid=$(pgrep -n -f "^$build/fuzz/fuzz_$t " || true)
      [ -n "$pid" ] || continue
      used=$(cpu_ticks "$pid")
      if [ -n "$used" ] && [ "$used" -ge "$limit" ]; then
        kill -INT "$pid" 2>/dev/null || true
        break
      fi
    done
  fi
  wait "$wrapper" || true
}

# Runs the targets, `jobs` at a time: target k goes to queue k mod jobs, and each queue runs its
# targets one after the other.
queue=0
while [ "$queue" -lt "$jobs" ]; do
  mine=""
  k=0
  for t in $targets; do
    [ $((k % jobs)) -eq "$queue" ] && mine="$mine $t"
    k=$((k + 1))
  done
  (for t in $mine; do run_target "$t"; done) &
  queue=$((queue + 1))
done
wait
fi  # The end of what --report leaves out: building, seeding and running.

status=0
printf '%-22s %8s %8s %10s %8s %8s %8s %s\n' target seconds "cpu s" execs/s cov ft corpus findings
for t in $targets; do
  corpus="$build/fuzz-corpus/$t"
  findings="$build/fuzz-findings/$t"
  log="$build/fuzz-logs/$t.log"
  cpu=$(tail -n 1 "$log.cpu" 2>/dev/null | awk 'NF == 2 { printf "%.0f", $1 + $2 }')
  last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
  cov=$(printf '%s' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(printf '%s' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  execs=$(LC_ALL=C sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  runs=$(LC_ALL=C sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -z "$execs" ] && execs=$(printf '%s' "$last" | sed -n 's/.* exec\/s: \([0-9]*\).*/\1/p')
  size=$(find "$corpus" -type f | wc -l)
  found=$(find "$findings" -type f | wc -l)
  printf '%-22s %8s %8s %10s %8s %8s %8s %s\n' "$t" "$seconds" "${cpu:-?}" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$size" \
    "$found (runs ${runs:-?}; log $log)"
  if [ "$found" -gt 0 ]; then
    status=1
    find "$findings" -type f | sed 's/^/    /'
  fi
done
exit $status
