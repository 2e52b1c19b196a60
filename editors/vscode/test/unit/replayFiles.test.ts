// Unit tests of the replay file helpers (src/replayFiles.ts): names, titles, tournament bout files and
// the streaming header reader.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import * as zlib from 'node:zlib';
import { battleTitle, boutFiles, boutLabel, parseBoutFile, readReplayHeader, replayBaseName, replaysToPrune, shortTitle } from '../../src/replayFiles';

test('a battle replay is named after its robots, safe for any file system', () => {
  assert.equal(replayBaseName(['/w/robowar/spinner.rtk', '/w/robowar/dodger.rtk']), 'spinner-vs-dodger');
  assert.equal(replayBaseName(['/w/robbie/tour.rl'], '/w/rooms/feeder.room'), 'tour-in-feeder');
  assert.equal(replayBaseName(['/w/a b/Mon robot é.txt']), 'Mon_robot_');
  assert.equal(replayBaseName([]), 'battle');
  assert.ok(replayBaseName(Array(40).fill('/x/a-long-robot-name.gb')).length <= 120);
});

test('the title names the battle as each game does', () => {
  assert.equal(battleTitle({ game: 'robowar', entrants: [{ name: 'spinner' }, { name: 'dodger' }] }), 'spinner vs dodger');
  assert.equal(battleTitle({ game: 'grobots', entrants: [{ name: 'Chronon Algae' }, { file: 'hive.gb' }] }), 'Chronon Algae · hive.gb');
  assert.equal(battleTitle({ game: 'robbie', entrants: [{ name: 'Tour' }] }), 'Tour (Robbie)');
  assert.equal(shortTitle('x'.repeat(60), 10), 'xxxxxxxxx…');
  assert.equal(shortTitle('short'), 'short');
});

test('tournament replay names are read, ordered and labelled', () => {
  assert.deepEqual(parseBoutFile('0012-wc-duel-corner-camper-dodger.replay'), { name: '0012-wc-duel-corner-camper-dodger.replay', index: 12, phase: 'wc-duel' });
  assert.deepEqual(parseBoutFile('round-0003.replay'), { name: 'round-0003.replay', index: 3, phase: 'round' });
  assert.equal(parseBoutFile('notes.txt'), undefined);
  assert.equal(parseBoutFile('spinner-vs-dodger.replay'), undefined);
  const bouts = boutFiles(['0010-group-a-b-c.replay', 'x.log', '0002-duel-a-b.replay', '0009-wc-group-a-b-c.replay']);
  assert.deepEqual(bouts.map((b) => b.index), [2, 9, 10]);
  assert.deepEqual(bouts.map(boutLabel), ['Duel 2', "Winners' Circle group 9", 'Group 10']);
  assert.equal(boutLabel({ name: 'round-0001.replay', index: 1, phase: 'round' }), 'Round 1');
});

test('pruning keeps the newest replays and leaves other files', () => {
  const files = [
    { name: 'a.replay', mtimeMs: 1 },
    { name: 'b.replay', mtimeMs: 3 },
    { name: 'notes.txt', mtimeMs: 0 },
    { name: 'c.replay', mtimeMs: 2 },
  ];
  assert.deepEqual(replaysToPrune(files, 2), ['a.replay']);
  assert.deepEqual(replaysToPrune(files, 5), []);
});

test('the header is read from gzip and plain replays without inflating the rest', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-replay-'));
  try {
    const header = { format: 'chronon-replay', version: 1, game: 'robowar', unit: 'chronon', seed: 7, entrants: [{ name: 'spinner' }, { name: 'dodger' }] };
    // Many moment lines after the header, so that the gzip stream spans many chunks.
    const moments = Array.from({ length: 20000 }, (_, t) => JSON.stringify({ t, upd: [[1, 1, t % 300]] })).join('\n');
    const text = `${JSON.stringify(header)}\n${moments}\n{"end":{"t":19999}}\n`;
    fs.writeFileSync(path.join(dir, 'a.replay'), zlib.gzipSync(text));
    fs.writeFileSync(path.join(dir, 'b.replay'), text);
    for (const name of ['a.replay', 'b.replay']) {
      const read = await readReplayHeader(path.join(dir, name));
      assert.equal(read.game, 'robowar');
      assert.equal(battleTitle(read), 'spinner vs dodger');
    }
    fs.writeFileSync(path.join(dir, 'c.replay'), '{"format":"something else","game":"x","entrants":[]}\n');
    await assert.rejects(readReplayHeader(path.join(dir, 'c.replay')), /not a Chronon replay/);
    fs.writeFileSync(path.join(dir, 'd.replay'), zlib.gzipSync('not json\n'));
    await assert.rejects(readReplayHeader(path.join(dir, 'd.replay')), /first line is not JSON/);
    fs.writeFileSync(path.join(dir, 'e.replay'), '');
    await assert.rejects(readReplayHeader(path.join(dir, 'e.replay')), /empty/);
    await assert.rejects(readReplayHeader(path.join(dir, 'missing.replay')), /ENOENT/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
