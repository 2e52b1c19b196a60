#!/bin/bash
# Kills tournaments with SIGKILL at random moments and resumes them: RoboWar bouts of the bundled
# robots (stdlib/robowar, Winners' Circle included) and Grobots rounds of the bundled sides. Each
# attempt (`--out DIR`, then `--resume DIR`) is killed after a random delay until one finishes; the
# standings (text, --json, --csv) and the --log must then be byte for byte those of an uninterrupted run with the
# same seed. A results file with a torn last line must be repaired and its match played again.
# usage: tests/tournament_resume.sh CHRONON [ATTEMPTS]
set -u
chronon=$1
attempts=${2:-6}
. "$(dirname "$0")/e2e-common/script_support.sh"

# Milliseconds since the epoch.
now() { date +%s%3N; }

# A random delay in seconds, from 0 to $1 milliseconds (at most 32767).
delay() {
  local ms=$((RANDOM % $1))
  printf '%d.%03d' $((ms / 1000)) $((ms % 1000))
}

# resume_case NAME ARGS...: an uninterrupted run, then killed and resumed runs of the same tournament.
resume_case() {
  local name=$1
  shift
  local dir=$work/$name
  local start end span
  start=$(now)
  "$chronon" tournament "$@" >"$work/$name.txt" 2>/dev/null || fail "$name: the uninterrupted run failed"
  end=$(now)
  span=$((end - start))
  # Kills land anywhere in a run as long as an uninterrupted one (slower builds, such as the
  # sanitizers' of bench/asan.sh, take longer), up to about 33 s.
  [ "$span" -lt 50 ] && span=50
  [ "$span" -gt 32767 ] && span=32767
  "$chronon" tournament "$@" --json >"$work/$name.json" 2>/dev/null
  "$chronon" tournament "$@" --csv >"$work/$name.csv" 2>/dev/null
  "$chronon" tournament "$@" --log "$work/$name.log" >/dev/null 2>&1
  local kills=0 midway=0 k pid status results
  for k in $(seq 1 "$attempts"); do
    if [ -s "$dir/plan.jsonl" ] && head -n 1 "$dir/plan.jsonl" | grep -q '"record":"tournament"'; then
      "$chronon" tournament --resume "$dir" -j 2 >/dev/null 2>>"$work/$name.err" &
    else
      rm -rf "$dir"
      "$chronon" tournament "$@" --out "$dir" >/dev/null 2>>"$work/$name.err" &
    fi
    pid=$!
    sleep "$(delay "$span")"
    kill -KILL "$pid" 2>/dev/null && kills=$((kills + 1))
    wait "$pid" 2>/dev/null
    status=$?
    results=0
    [ -f "$dir/results.jsonl" ] && results=$(wc -l <"$dir/results.jsonl")
    [ "$results" -gt 0 ] && [ "$status" -eq 137 ] && midway=$((midway + 1))
  done
  [ -s "$dir/plan.jsonl" ] || "$chronon" tournament "$@" --out "$dir" >/dev/null 2>&1
  # When every kill came before the first result, a whole resumed run writes the results to tear.
  [ -s "$dir/results.jsonl" ] || "$chronon" tournament --resume "$dir" >/dev/null 2>&1
  # A torn last line, as a kill in the middle of a write leaves it: half of the last result.
  if [ -s "$dir/results.jsonl" ]; then
    local last
    last=$(tail -n 1 "$dir/results.jsonl")
    head -n -1 "$dir/results.jsonl" >"$work/cut" && printf '%s' "${last:0:40}" >>"$work/cut"
    cp "$work/cut" "$dir/results.jsonl"
  fi
  "$chronon" tournament --resume "$dir" >"$work/$name.resumed.txt" 2>"$work/$name.resume.err" ||
    fail "$name: --resume failed: $(cat "$work/$name.resume.err")"
  grep -q "torn" "$work/$name.resume.err" || fail "$name: the torn results line was not reported"
  [ "$(tail -c 1 "$dir/results.jsonl" | od -An -c | tr -d ' ')" = '\n' ] || fail "$name: results.jsonl still ends torn"
  cmp -s "$work/$name.txt" "$work/$name.resumed.txt" || fail "$name: resumed standings differ"
  "$chronon" tournament --resume "$dir" --json >"$work/$name.resumed.json" 2>/dev/null
  cmp -s "$work/$name.json" "$work/$name.resumed.json" || fail "$name: resumed --json differs"
  "$chronon" tournament --resume "$dir" --csv >"$work/$name.resumed.csv" 2>/dev/null
  cmp -s "$work/$name.csv" "$work/$name.resumed.csv" || fail "$name: resumed --csv differs"
  "$chronon" tournament --resume "$dir" --log "$work/$name.resumed.log" >/dev/null 2>&1
  cmp -s "$work/$name.log" "$work/$name.resumed.log" || fail "$name: resumed --log differs"
  local lines planned
  lines=$(sed 's/"chronon":"[^"]*",//' "$dir/results.jsonl" | sort -u | wc -l)
  planned=$(($(wc -l <"$dir/plan.jsonl") - 1))
  [ "$lines" -eq "$planned" ] || fail "$name: $lines distinct results for $planned planned matches"
  echo "$name: $kills kills ($midway with results on disk), $lines results, standings identical"
}

resume_case robowar "$repo/stdlib/robowar" --duels 200 --groups 20 --seed 9 -j 2
resume_case grobots "$repo/stdlib/grobots" --rounds 16 --frames 3000 --seed 4 -j 2
exit $failed
