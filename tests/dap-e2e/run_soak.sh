#!/bin/sh
# ctest entry dap_soak (short form) and bench/soak.sh (long form): soak.js, random stepIn, stepBack
# and continue sequences against `chronon dap` over the three games. Skips (exit 77) when node or the
# npm packages are absent; run tests/dap-e2e/setup.sh to install them.
# usage: run_soak.sh CHRONON_BINARY [soak.js options: --sequences N --seed S]
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../e2e-common/node_or_skip.sh" "$here" @vscode/debugadapter-testsupport "$here/soak.js" "$@"
