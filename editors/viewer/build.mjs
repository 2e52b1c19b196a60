// Builds the viewer: OUTDIR/viewer.js (one minified IIFE defining the global ChrononViewer, styles
// included), OUTDIR/viewer.html (a self-contained page with the script inlined and the two
// placeholders that chronon fills in: the replay as base64 and the title), and OUTDIR/chart.js (the
// global ChrononChart: uPlot and the chart of the standings pages chronon writes).
// usage: node build.mjs OUTDIR   (after `npm ci` in this folder)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = process.argv[2];
if (!outdir) {
  console.error('usage: node build.mjs OUTDIR');
  process.exit(2);
}
const uplotVersion = JSON.parse(fs.readFileSync(path.join(here, 'node_modules/uplot/package.json'), 'utf8')).version;
const banner = `/*! Chronon battle viewer. Includes uPlot ${uplotVersion} (c) Leon Sorokin, MIT License, https://github.com/leeoniya/uPlot */`;

async function bundle(entry, globalName) {
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'src', entry)],
    bundle: true,
    minify: !process.env.CHRONON_VIEWER_DEBUG,
    format: 'iife',
    globalName,
    target: ['chrome100', 'firefox100', 'safari15.4'],
    loader: { '.css': 'text' },
    legalComments: 'none',
    banner: globalName ? { js: banner } : undefined,
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const viewerJs = await bundle('viewer.ts', 'ChrononViewer');
const pageJs = await bundle('page.ts', undefined);
// The chart of the standings pages chronon writes (ladder standings --html), uPlot included.
const chartJs = await bundle('standings.ts', 'ChrononChart');
for (const [name, js] of [['viewer.js', viewerJs], ['page.js', pageJs], ['chart.js', chartJs]]) {
  for (const bad of ['@@CHRONON_', '</script']) {
    if (js.includes(bad)) throw new Error(`${name} contains "${bad}", which would break the page`);
  }
}

const kReplay = '@@CHRONON_REPLAY_BASE64@@';
const kTitle = '@@CHRONON_TITLE@@';
const html = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  `<title>${kTitle}</title>`,
  '<style>html,body{margin:0;height:100%;background:#0d1117;overflow:hidden}#chronon-viewer{position:fixed;inset:0}</style>',
  '</head>',
  '<body>',
  '<div id="chronon-viewer"></div>',
  `<script id="chronon-replay" type="application/octet-stream">${kReplay}</script>`,
  `<script>${viewerJs}</script>`,
  `<script>${pageJs}</script>`,
  '</body>',
  '</html>',
  '',
].join('\n');
for (const placeholder of [kReplay, kTitle]) {
  if (html.split(placeholder).length !== 2) throw new Error(`viewer.html must hold ${placeholder} exactly once`);
}

fs.mkdirSync(outdir, { recursive: true });
fs.writeFileSync(path.join(outdir, 'viewer.js'), viewerJs);
fs.writeFileSync(path.join(outdir, 'viewer.html'), html);
fs.writeFileSync(path.join(outdir, 'chart.js'), chartJs);
console.log(`wrote ${path.join(outdir, 'viewer.js')} (${viewerJs.length} bytes), viewer.html (${html.length} bytes) and chart.js (${chartJs.length} bytes)`);
