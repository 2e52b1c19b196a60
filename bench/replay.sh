#!/bin/sh
# Replay sizes and viewer load times against issue 18's budgets: a 1500-chronon RoboWar duel at most
# 300 KB; a full 18000-frame Grobots round of the nine top9 sides at most 30 MB, on screen (and fully
# read) in the viewer in under 5 s. Also how much recording slows a battle, measured side by side.
# usage: bench/replay.sh [CHRONON]   (default build/chronon; needs ../shared for the top9 sides)
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
chronon=${1:-$repo/build/chronon}
shared=$repo/../shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

size() { stat -c %s "$1"; }
verdict() { if [ "$1" -le "$2" ]; then echo "within"; else echo "OVER"; fi; }
seconds() { start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }

# sitting-duck and wanderer never kill each other: the duel runs to the 1500-chronon cap.
"$chronon" battle "$repo/stdlib/robowar/sitting-duck.rtk" "$repo/stdlib/robowar/wanderer.rtk" --replay "$work/duel.replay" |
  head -1
duel=$(size "$work/duel.replay")
echo "RoboWar duel, 1500 chronons: $duel bytes ($(verdict "$duel" 300000) the 300 KB budget)"

if [ -d "$shared/reference/grobots/top9" ]; then
  sides=""
  for s in $(cat "$shared/reference/grobots/top9/sides.txt"); do sides="$sides $shared/corpus/grobots/$s"; done
  # Seed 8 is the first whose round of the nine runs the full 18000 frames (no side wins outright).
  # shellcheck disable=SC2086
  "$chronon" battle $sides --seed 8 --every 0 --replay "$work/top9.replay" | grep '#results'
  top9=$(size "$work/top9.replay")
  echo "Grobots top9 round, 18000 frames: $top9 bytes ($(verdict "$top9" 30000000) the 30 MB budget)"
  # shellcheck disable=SC2086
  plain=$(seconds "$chronon" battle $sides --seed 8 --every 0)
  # shellcheck disable=SC2086
  recorded=$(seconds "$chronon" battle $sides --seed 8 --every 0 --replay "$work/again.replay")
  echo "recording the round: $(echo "scale=2; $recorded / $plain" | bc)x the time of the round alone"
  "$chronon" view "$work/top9.replay" -o "$work/top9.html" >/dev/null
else
  echo "skipped the Grobots round: $shared/reference/grobots/top9 is absent"
fi
"$chronon" view "$work/duel.replay" -o "$work/duel.html" >/dev/null

if [ -d "$repo/tests/vscode-e2e/node_modules/playwright-core" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  pages="$work/duel.html"
  [ -f "$work/top9.html" ] && pages="$pages $work/top9.html"
  # shellcheck disable=SC2086
  node "$repo/bench/replay-load.js" $pages
else
  echo "skipped the load times: chromium or playwright-core (cmake/setup.sh --tests) is missing"
fi
