#!/bin/sh
# ctest entry for the extension: the generated grammars and word lists are up to date with the word
# tables, the TextMate grammar tests and the unit tests pass, the TypeScript type-checks, and the
# manifest names its licence and icon. Skips (exit 77) when node or the npm packages are absent (npm ci
# in editors/vscode installs them).
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 77
fi
node scripts/gen-grammars.js --check || exit 1
if [ ! -d node_modules/vscode-tmgrammar-test ] || [ ! -d node_modules/typescript ]; then
  echo "skipped: npm packages absent (run npm ci in editors/vscode)"
  exit 77
fi
node_modules/.bin/vscode-tmgrammar-test -g syntaxes/grobocode.tmLanguage.json -g syntaxes/robotalk.tmLanguage.json \
  -g syntaxes/robbie.tmLanguage.json 'test/*.test.*' || exit 1
node_modules/.bin/tsc -p . || exit 1
node scripts/unit-tests.js || exit 1
node -e '
  const p = require("./package.json");
  const fs = require("fs");
  if (p.license !== "MIT" || !fs.existsSync("LICENSE")) { console.error("package.json must declare MIT and LICENSE must exist"); process.exit(1); }
  if (!p.icon || !fs.existsSync(p.icon)) { console.error("package.json icon missing: " + p.icon); process.exit(1); }
' || exit 1
echo "extension: generated files current, grammar tests, unit tests and type check pass"
