#!/bin/sh
# ctest entry dap_e2e_node: `chronon dap` driven by the DebugClient of
# @vscode/debugadapter-testsupport (dap.test.js, node:test). Skips (exit 77) when node or the npm
# packages are absent; run tests/dap-e2e/setup.sh to install them.
# usage: run.sh CHRONON_BINARY
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 1 ]; then
  echo "usage: run.sh CHRONON_BINARY" >&2
  exit 2
fi
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ ! -d "$here/node_modules/@vscode/debugadapter-testsupport" ]; then
  echo "skipped: npm packages absent (run tests/dap-e2e/setup.sh)"
  exit 77
fi
CHRONON=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export CHRONON
exec node --test --test-reporter=spec "$here/dap.test.js"
