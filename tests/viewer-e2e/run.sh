#!/bin/sh
# ctest entry: the battle viewer in headless Chromium on pages the real chronon writes (a RoboWar
# duel, a Grobots round, a Robbie run) and on broken replays. Skips (exit 77), saying why, when
# chromium, playwright-core (installed for tests/vscode-e2e) or chronon's --replay are missing.
# usage: run.sh CHRONON_BINARY ARTIFACT_DIR
# CHRONON_VIEWER_HTML=.../viewer.html (from node editors/viewer/build.mjs) makes the pages from
# chronon's .replay files with that template instead of chronon's own: for testing viewer changes
# before chronon is rebuilt with them, or with a chronon built without the viewer.
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
chronon=$1
artifacts=${2:-$repo/build/test-artifacts/viewer-e2e}
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "skipped: chromium is not installed (cmake/setup.sh --tests installs it)"
  exit 77
fi
if [ ! -d "$repo/tests/vscode-e2e/node_modules/playwright-core" ]; then
  echo "skipped: playwright-core is not installed in tests/vscode-e2e (cmake/setup.sh --tests installs it)"
  exit 77
fi
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
if [ -z "$chronon" ] || [ ! -x "$chronon" ]; then
  echo "skipped: no chronon binary given (usage: run.sh CHRONON_BINARY ARTIFACT_DIR)"
  exit 77
fi
if ! "$chronon" battle --help 2>&1 | grep -q -- '--replay'; then
  echo "skipped: this chronon cannot write replays (battle --replay)"
  exit 77
fi
# The viewer's TypeScript type-checks (esbuild, which bundles it, does not check types).
if [ -x "$repo/editors/viewer/node_modules/.bin/tsc" ]; then
  (cd "$repo/editors/viewer" && node_modules/.bin/tsc -p . --noEmit) || exit 1
fi
rm -rf "$artifacts" && mkdir -p "$artifacts"
exec node "$here/viewer.test.js" "$chronon" "$artifacts" "$repo"
