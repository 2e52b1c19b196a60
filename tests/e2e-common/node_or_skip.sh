#!/bin/sh
# Runs a Node test of an end-to-end folder, or skips it (exit 77, which ctest reports as skipped)
# when node or the folder's npm packages are absent. The ctest wrappers of tests/lsp-e2e and
# tests/dap-e2e call it.
# usage: node_or_skip.sh FOLDER PACKAGE NODE_ARGUMENTS...
#   FOLDER: the test's folder, whose node_modules must hold PACKAGE (installed by FOLDER/setup.sh)
#   NODE_ARGUMENTS: what node runs, for example a script and its options
folder=$1
package=$2
shift 2
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ ! -d "$folder/node_modules/$package" ]; then
  echo "skipped: npm packages absent (run tests/$(basename "$folder")/setup.sh)"
  exit 77
fi
exec node "$@"
