#!/usr/bin/env node
// Builds the battle viewer (editors/viewer) into out/viewer/viewer.js (or OUTDIR/viewer.js), which the
// extension's webviews load and the .vsix carries. Part of `npm run bundle` (scripts/bundle.js); fails
// with a clear message when the viewer's npm packages are missing, since a .vsix without the viewer
// would open empty panels.
// usage: node scripts/bundle-viewer.js [OUTDIR]
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const viewer = path.join(root, '..', 'viewer');
const out = path.resolve(process.argv[2] ?? path.join(root, 'out', 'viewer'));

if (!fs.existsSync(path.join(viewer, 'build.mjs'))) {
  console.error(`bundle-viewer: ${viewer}/build.mjs is missing; the extension needs the battle viewer (editors/viewer)`);
  process.exit(1);
}
if (!fs.existsSync(path.join(viewer, 'node_modules', 'esbuild'))) {
  console.error(`bundle-viewer: ${viewer}/node_modules is missing: run "npm ci" in editors/viewer first`);
  process.exit(1);
}
fs.rmSync(out, { recursive: true, force: true });
const result = spawnSync(process.execPath, [path.join(viewer, 'build.mjs'), out], { stdio: ['ignore', 'ignore', 'inherit'] });
if (result.status !== 0) {
  console.error(`bundle-viewer: building the viewer failed (status ${result.status ?? result.signal})`);
  process.exit(1);
}
// The standalone page is chronon's business (chronon view), and so is the standings pages' chart
// script; the webviews load only the viewer's script.
fs.rmSync(path.join(out, 'viewer.html'), { force: true });
fs.rmSync(path.join(out, 'chart.js'), { force: true });
if (!fs.existsSync(path.join(out, 'viewer.js'))) {
  console.error(`bundle-viewer: ${out}/viewer.js was not written`);
  process.exit(1);
}
