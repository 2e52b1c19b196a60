#!/bin/sh
# Installs the npm packages of the LSP end-to-end tests (tests/e2e-common/npm_setup.sh).
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../e2e-common/npm_setup.sh" "$here" "the Node end-to-end test"
