#!/bin/sh
# ctest entry lsp_soak (short form) and bench/soak.sh (long form): soak.js, random edits and requests
# of two interleaved clients against `chronon lsp`. Skips (exit 77) when node or the npm packages are
# absent; run tests/lsp-e2e/setup.sh to install them.
# usage: run_soak.sh CHRONON_BINARY [soak.js options: --edits N --corpus DIR --seed S]
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../e2e-common/node_or_skip.sh" "$here" vscode-languageserver-protocol "$here/soak.js" "$@"
