#!/usr/bin/env node
// The folder that the CMake build packages into the .vsix (editors/CMakeLists.txt): STAGE gets a copy
// of the extension's folder as `vsce package` would read it here (every file but node_modules/, out/
// and old .vsix files; .vscodeignore, copied too, leaves out the sources), then the bundle
// (scripts/bundle.js) in STAGE/out. Packaging STAGE instead of this folder keeps the build's output in
// the build tree: two build trees, or `npm run package` here, never write the same out/.
// usage: node scripts/stage.js STAGE
'use strict';

const fs = require('fs');
const path = require('path');
const { bundle } = require('./bundle');

const root = path.join(__dirname, '..');
const stage = process.argv[2];
if (!stage) {
  console.error('usage: node scripts/stage.js STAGE');
  process.exit(2);
}
const skipped = new Set(['node_modules', 'out']);
try {
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  for (const entry of fs.readdirSync(root)) {
    if (skipped.has(entry) || entry.endsWith('.vsix')) continue;
    // LICENSE is a link to the repository's: the stage holds the file itself.
    fs.cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true, dereference: true });
  }
  bundle(path.join(path.resolve(stage), 'out'));
} catch (error) {
  console.error(`stage: ${error.message}`);
  process.exit(1);
}
