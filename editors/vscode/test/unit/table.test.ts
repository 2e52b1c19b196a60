// Unit tests of the Output panel's table alignment (src/table.ts).

import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignTables } from '../../src/table';

test('a Grobots results table is lined up: figures right, names left', () => {
  const text = 'score\terror\tname\n58.0%\t2.5%\tChronon Algae\n8.7%\t12.3%\tChronon Blasters\n';
  assert.equal(alignTables(text), 'score  error  name\n58.0%   2.5%  Chronon Algae\n 8.7%  12.3%  Chronon Blasters\n');
});

test('lines without tabs are unchanged and separate tables', () => {
  const text = '#results after 10 frames\na\tb\nccc\td\nnote\nx\ty\n';
  assert.equal(alignTables(text), '#results after 10 frames\na    b\nccc  d\nnote\nx  y\n');
});

test('ragged rows and empty cells keep their place', () => {
  assert.equal(alignTables('1\t\t3\n10\t20\n'), ' 1      3\n10  20\n');
});
