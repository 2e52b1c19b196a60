#!/usr/bin/env node
// `npm run bundle`: the extension bundled by esbuild into OUTDIR/extension.js (vscode-languageclient
// inside, `vscode` left to the host) and the battle viewer into OUTDIR/viewer/viewer.js
// (scripts/bundle-viewer.js). OUTDIR is out/ unless given: scripts/stage.js, which the CMake build
// runs (editors/CMakeLists.txt), gives a folder of the build tree, so the build never writes into
// the source tree.
// usage: node scripts/bundle.js [OUTDIR]
'use strict';

const { buildSync } = require('esbuild');
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');

/** Bundles the extension and the viewer into OUT; throws when either fails. */
function bundle(out) {
  buildSync({
    entryPoints: [path.join(root, 'src', 'extension.ts')],
    bundle: true,
    outfile: path.join(out, 'extension.js'),
    external: ['vscode'],
    format: 'cjs',
    platform: 'node',
    target: 'node18',
    minify: true,
    logLevel: 'warning',
  });
  const viewer = spawnSync(process.execPath, [path.join(__dirname, 'bundle-viewer.js'), path.join(out, 'viewer')], { stdio: 'inherit' });
  if (viewer.status !== 0) throw new Error(`bundling the viewer failed (status ${viewer.status ?? viewer.signal})`);
}

if (require.main === module) {
  try {
    bundle(path.resolve(process.argv[2] ?? path.join(root, 'out')));
  } catch (error) {
    console.error(`bundle: ${error.message}`);
    process.exit(1);
  }
}

module.exports = { bundle };
