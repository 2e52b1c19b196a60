#!/bin/sh
# Builds Chronon in Release mode (build-release/) and runs the RoboWar benchmark on one core.
# Usage: bench/run.sh [SECONDS_PER_MEASUREMENT]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build-release" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-release" --target bench_robowar
exec "$root/build-release/bench/bench_robowar" "$root/stdlib/robowar" "${1:-3}"
