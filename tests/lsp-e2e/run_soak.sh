#!/bin/sh
# ctest entry lsp_soak (short form) and bench/soak.sh (long form): soak.js, random edits and requests
# of two interleaved clients against `chronon lsp`. Skips (exit 77) when node or the npm packages are
# absent; run tests/lsp-e2e/setup.sh to install them.
# usage: run_soak.sh CHRONON_BINARY [soak.js options: --edits N --corpus DIR --seed S]
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ ! -d "$here/node_modules/vscode-languageserver-protocol" ]; then
  echo "skipped: npm packages absent (run tests/lsp-e2e/setup.sh)"
  exit 77
fi
exec node "$here/soak.js" "$@"
