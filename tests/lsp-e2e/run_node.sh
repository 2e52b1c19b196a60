#!/bin/sh
# ctest entry: the Node LSP client end-to-end test. Skips (exit 77) when node or the npm packages
# are absent; run tests/lsp-e2e/setup.sh to install them.
# usage: run_node.sh CHRONON_BINARY [CORPUS_DIR]
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../e2e-common/node_or_skip.sh" "$here" vscode-languageserver-protocol "$here/client.js" "$@"
