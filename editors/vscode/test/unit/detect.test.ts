// Unit tests of RoboTalk recognition in .txt files (src/detect.ts), over the RoboWar corpus when
// ../shared/corpus is present, and over text that must stay plain.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { looksLikeRoboTalk, roboTalkEvidence } from '../../src/detect';

// scripts/unit-tests.js runs the tests in editors/vscode.
const repo = path.resolve(process.cwd(), '..', '..');
const corpus = path.resolve(repo, '..', 'shared', 'corpus', 'robowar');

function txtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return txtFiles(full);
    return e.name.endsWith('.txt') ? [full] : [];
  });
}

test('every RoboTalk source .txt of the RoboWar corpus is recognised; object code is not', (t) => {
  if (!fs.existsSync(corpus)) {
    t.skip(`${corpus} is absent`);
    return;
  }
  const files = txtFiles(corpus);
  let robots = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'latin1');
    // Object-code listings ("00000: 20142 20346 ...") and disassembly headers are not source.
    const objectCode = file.includes(`${path.sep}bytecode${path.sep}`) || file.endsWith('.header.txt');
    // dialects/ holds robots of other RoboTalk-like languages (robowarjs), which may go either way.
    if (file.includes(`${path.sep}dialects${path.sep}`)) continue;
    assert.equal(looksLikeRoboTalk(text), !objectCode, `${path.relative(corpus, file)}: ${JSON.stringify(roboTalkEvidence(text))}`);
    if (!objectCode) robots++;
  }
  assert.ok(robots >= 30, `${robots} robots`);
});

test('the bundled robots are recognised without their directives', () => {
  const dir = path.join(repo, 'stdlib', 'robowar');
  for (const name of fs.readdirSync(dir)) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    assert.ok(looksLikeRoboTalk(text), name);
    const bare = text.split('\n').filter((l) => !l.startsWith('#!!')).join('\n');
    assert.ok(looksLikeRoboTalk(bare), `${name} without #!! lines`);
  }
});

test('prose, data, Grobots sides, object code and empty files stay plain text', () => {
  const plain = [
    '',
    'Notes for the tournament.\nIf the spinner wins again, store the results and call it a day.\n',
    'name,score,kills\nspinner,12,3\ndodger,10,1\n',
    '{"robots": ["spinner", "dodger"], "rounds": 3}',
    '00000: 20142 20346 20109 4982 40 20343 20157 20140 20352 20109 2 20006 20106 20303 20100 79\n',
    fs.readFileSync(path.join(repo, 'stdlib', 'grobots', 'algae.gb'), 'utf8'),
    fs.readFileSync(path.join(repo, 'README.md'), 'utf8'),
    fs.readFileSync(path.join(repo, 'LICENSE'), 'utf8'),
  ];
  plain.forEach((text, i) => assert.equal(looksLikeRoboTalk(text), false, `case ${i}: ${JSON.stringify(roboTalkEvidence(text))}`));
});

test('a #!!hardware directive alone makes a robot', () => {
  assert.ok(looksLikeRoboTalk('#!!hardware energy 100\n'));
});
