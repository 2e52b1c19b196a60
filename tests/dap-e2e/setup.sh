#!/bin/sh
# Installs the npm packages of the DAP end-to-end test (tests/e2e-common/npm_setup.sh).
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../e2e-common/npm_setup.sh" "$here" "the DAP end-to-end test"
