#!/bin/sh
# The JIT's differential sample under AddressSanitizer + UBSan (issue 5): builds the tests with
# -DCHRONON_ASAN=ON in a separate build directory and runs every [jit] test case (Grobocode,
# RoboTalk and Robbie Language engines against their interpreters, bad programs included), and the
# fuzzers' regression inputs ([robustness], issue 22). Any sanitizer report fails the run.
# Usage: bench/asan.sh [BUILD_DIR] [SHARED_DIR]. Exit 0 when every test passes with no report.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-asan}
shared=${2:-$root/../shared}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHRONON_ASAN=ON >/dev/null
cmake --build "$build" -j2 --target chronon chronon_tests
ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  CHRONON_SHARED_DIR="$shared" "$build/tests/chronon_tests" "[jit],[robustness]"
