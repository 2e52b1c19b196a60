#!/bin/sh
# Installs the npm packages of the DAP end-to-end test (node_modules is not committed). Uses the
# lock file (npm ci) and tolerates having no network: the ctest entry then skips with a message.
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 1
if ! command -v npm >/dev/null 2>&1; then
  echo "tests/dap-e2e: npm is not installed; the DAP end-to-end test will be skipped"
  exit 0
fi
if npm ci --no-audit --no-fund --prefer-offline >/dev/null 2>&1 || npm install --no-audit --no-fund --prefer-offline >/dev/null 2>&1; then
  echo "tests/dap-e2e: npm packages installed"
else
  echo "tests/dap-e2e: npm install failed (offline?); the DAP end-to-end test will be skipped"
fi
exit 0
