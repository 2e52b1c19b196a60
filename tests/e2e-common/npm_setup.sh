#!/bin/sh
# Installs the npm packages of an end-to-end test folder (node_modules is not committed), from its
# lock file (npm ci), and tolerates having no network or no npm: the folder's ctest entries then
# skip with a message. Always exits 0, so that cmake/setup.sh goes on. The setup.sh of tests/lsp-e2e
# and tests/dap-e2e call it.
# usage: npm_setup.sh FOLDER WHAT   (WHAT: the tests that are skipped without the packages)
folder=$1
what=$2
name="tests/$(basename "$folder")"
cd "$folder" || exit 0
if ! command -v npm >/dev/null 2>&1; then
  echo "$name: npm is not installed; $what will be skipped"
  exit 0
fi
if npm ci --no-audit --no-fund --prefer-offline >/dev/null 2>&1 || npm install --no-audit --no-fund --prefer-offline >/dev/null 2>&1; then
  echo "$name: npm packages installed"
else
  echo "$name: npm install failed (offline?); $what will be skipped"
fi
exit 0
