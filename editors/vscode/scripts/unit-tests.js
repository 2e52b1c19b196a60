#!/usr/bin/env node
// Runs the unit tests of the extension's pure modules (test/unit/*.test.ts): bundles each with
// esbuild into a temporary folder and runs them with Node's test runner. Exits with its status.
'use strict';

const { buildSync } = require('esbuild');
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.join(__dirname, '..');
const unit = path.join(root, 'test', 'unit');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-unit-'));
const tests = fs.readdirSync(unit).filter((f) => f.endsWith('.test.ts'));
const outputs = [];
for (const file of tests) {
  const outfile = path.join(out, file.replace(/\.ts$/, '.js'));
  buildSync({ entryPoints: [path.join(unit, file)], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'error' });
  outputs.push(outfile);
}
// The tests find the repository from their working folder, editors/vscode.
const result = spawnSync(process.execPath, ['--test', ...outputs], { stdio: 'inherit', cwd: root });
fs.rmSync(out, { recursive: true, force: true });
process.exit(result.status ?? 1);
