#!/bin/sh
# ctest entry dap_soak (short form) and bench/soak.sh (long form): soak.js, random stepIn, stepBack
# and continue sequences against `chronon dap` over the three games. Skips (exit 77) when node or the
# npm packages are absent; run tests/dap-e2e/setup.sh to install them.
# usage: run_soak.sh CHRONON_BINARY [soak.js options: --sequences N --seed S]
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ ! -d "$here/node_modules/@vscode/debugadapter-testsupport" ]; then
  echo "skipped: npm packages absent (run tests/dap-e2e/setup.sh)"
  exit 77
fi
exec node "$here/soak.js" "$@"
