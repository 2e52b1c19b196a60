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
CHRONON=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export CHRONON
exec sh "$here/../e2e-common/node_or_skip.sh" "$here" @vscode/debugadapter-testsupport --test --test-reporter=spec \
  "$here/dap.test.js"
