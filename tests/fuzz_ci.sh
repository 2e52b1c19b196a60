#!/bin/sh
# ctest entry fuzz_targets_20s (issue 22): runs every fuzz target for 20 s (bench/fuzz.sh 20) where
# the fuzzer build is available, and skips (exit 77) with a message otherwise. Available means
# clang 19 and libFuzzer are installed (cmake/setup.sh --fuzz) and the fuzzer build has been
# configured (CHRONON_FUZZ_BUILD, default build-fuzz in the source tree, which bench/fuzz.sh
# creates): the normal build never builds anything for fuzzing, and this test only brings that
# build up to date before it runs the targets. Exit status: bench/fuzz.sh's (1 on any finding).
# usage: fuzz_ci.sh CHRONON_BINARY
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CHRONON_FUZZ_BUILD:-$root/build-fuzz}
if ! command -v clang++-19 >/dev/null 2>&1 ||
  ! ls /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
  echo "skipped: clang 19 and libFuzzer are not installed (cmake/setup.sh --fuzz installs them)"
  exit 77
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  echo "skipped: no fuzzer build in $build (bench/fuzz.sh makes one; or set CHRONON_FUZZ_BUILD)"
  exit 77
fi
CHRONON_BINARY=${1:-$root/build/chronon} CHRONON_FUZZ_BUILD=$build exec "$root/bench/fuzz.sh" 20
