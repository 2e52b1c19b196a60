#!/bin/sh
# The soak tests of the servers in their long form (issue 22, item 3; docs/robustness.md): 20,000
# random edits and requests of two interleaved clients against `chronon lsp`, and 2,000 random
# stepIn, stepBack and continue sequences against `chronon dap` over the three games. Each prints
# the server's resident size after warm-up and at the end (VmRSS, kB) and fails when it grew 20% or
# more, or when an answer differs from a fresh server's or a fresh run's. ctest runs the short form
# (lsp_soak, dap_soak).
# Usage: bench/soak.sh [EDITS] [SEQUENCES]   (defaults 20000 and 2000)
# Environment: CHRONON_BINARY (default build/chronon), CHRONON_SHARED_DIR (default ../shared beside
# the repository; without its corpus the bundled robots are edited).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
chronon=${CHRONON_BINARY:-$root/build/chronon}
shared=${CHRONON_SHARED_DIR:-$root/../shared}
status=0
echo "== chronon lsp: ${1:-20000} edits and requests, two clients"
"$root/tests/lsp-e2e/run_soak.sh" "$chronon" --edits "${1:-20000}" --corpus "$shared/corpus" || status=1
echo "== chronon dap: ${2:-2000} sequences over RoboWar, Grobots and RL"
"$root/tests/dap-e2e/run_soak.sh" "$chronon" --sequences "${2:-2000}" || status=1
exit $status
