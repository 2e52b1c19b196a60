#!/bin/sh
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (issue 22): builds
# everything with -DCHRONON_ASAN=ON in a separate build directory and runs every ctest test there,
# the end-to-end tests included (the chronon they start is the sanitized one). Any sanitizer report
# fails the test it happens in: halt_on_error stops the process, and a leak at exit makes it fail.
# With --quick, only the JIT's differential sample ([jit]: the Grobocode, RoboTalk and Robbie
# Language engines against their interpreters, bad programs included) and the fuzzers' regression
# inputs ([robustness]) run, from the unit-test binary, as before issue 22.
# Usage: bench/asan.sh [--quick] [BUILD_DIR] [SHARED_DIR] [CTEST_ARGS...] (CTEST_ARGS such as
# `-R robustness` pick tests; they need BUILD_DIR and SHARED_DIR before them). Exit 0 when every test passes with no
# report. The full build takes about as long as a normal one plus half again on two cores, and the
# suite runs two to three times slower than in a normal build (docs/robustness.md).
# BUILD_DIR may also be the fuzzer build (bench/fuzz.sh's build-fuzz, configured with CHRONON_FUZZ):
# clang 19 has built every library and executable there with -fsanitize=address,undefined already,
# so the script uses it as it is, without a second sanitizer build, and leaves out its tests that
# run the fuzzers (`fuzz_*_20s`).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
build=${1:-$root/build-asan}
shared=${2:-$root/../shared}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
fuzz_build=0
if grep -q '^CHRONON_FUZZ:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null; then
  fuzz_build=1
else
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHRONON_ASAN=ON >/dev/null
fi
ASAN_OPTIONS=halt_on_error=1:detect_leaks=1
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
CHRONON_SHARED_DIR=$shared
# Tells the soak tests that resident sizes do not measure the servers here: ASan's quarantine of
# freed blocks grows them (tests/lsp-e2e/soak.js, tests/dap-e2e/soak.js).
CHRONON_SANITIZED=1
# And that the sanitized chronon is slow: the real-VS Code test waits this many times longer.
CHRONON_TEST_SLOWDOWN=5
export ASAN_OPTIONS UBSAN_OPTIONS CHRONON_SHARED_DIR CHRONON_SANITIZED CHRONON_TEST_SLOWDOWN
if [ "$quick" -eq 1 ]; then
  cmake --build "$build" -j2 --target chronon chronon_tests
  exec "$build/tests/chronon_tests" "[jit],[robustness]"
fi
cmake --build "$build" -j2
if [ "$fuzz_build" -eq 1 ]; then
  exec ctest --test-dir "$build" --output-on-failure -j2 -E '^fuzz_.*_20s$' "$@"
fi
exec ctest --test-dir "$build" --output-on-failure -j2 "$@"
