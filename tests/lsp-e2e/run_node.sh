#!/bin/sh
# ctest entry: the Node LSP client end-to-end test. Skips (exit 77) when node or the npm packages
# are absent; run tests/lsp-e2e/setup.sh to install them.
# usage: run_node.sh CHRONON_BINARY [CORPUS_DIR]
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ ! -d "$here/node_modules/vscode-languageserver-protocol" ]; then
  echo "skipped: npm packages absent (run tests/lsp-e2e/setup.sh)"
  exit 77
fi
exec node "$here/client.js" "$@"
