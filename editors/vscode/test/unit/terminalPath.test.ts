// Unit tests of the folder put on the integrated terminal's PATH for chronon.path (src/terminalPath.ts).

import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { terminalPathFolder } from '../../src/terminalPath';

const kPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

test('the default, chronon on the PATH, needs nothing', () => {
  assert.equal(terminalPathFolder('chronon', kPath, 'linux'), undefined);
  assert.equal(terminalPathFolder('chronon', '', 'linux'), undefined);
});

test('an absolute chronon.path whose folder is not on the PATH puts that folder in front', () => {
  assert.equal(terminalPathFolder('/home/me/chronon/build/chronon', kPath, 'linux'), '/home/me/chronon/build');
  assert.equal(terminalPathFolder('/opt/chronon/bin/chronon', '', 'linux'), '/opt/chronon/bin');
  // A path written untidily gives the tidy folder.
  assert.equal(terminalPathFolder('/home/me//chronon/./build/chronon', kPath, 'linux'), '/home/me/chronon/build');
});

test('a folder already on the PATH needs nothing, however the PATH spells it', () => {
  assert.equal(terminalPathFolder('/usr/bin/chronon', kPath, 'linux'), undefined);
  assert.equal(terminalPathFolder('/usr/local/bin/chronon', '/usr/bin:/usr/local/bin/', 'linux'), undefined);
  assert.equal(terminalPathFolder('/usr/local/bin/chronon', '/usr/bin::/usr/local//bin', 'linux'), undefined);
  assert.equal(terminalPathFolder('/chronon', '/usr/bin:/', 'linux'), undefined);
});

test('relative paths and executables not named chronon are left alone', () => {
  assert.equal(terminalPathFolder('build/chronon', kPath, 'linux'), undefined);
  assert.equal(terminalPathFolder('./chronon', kPath, 'linux'), undefined);
  assert.equal(terminalPathFolder('~/bin/chronon', kPath, 'linux'), undefined);
  // Its folder on the PATH would not make `chronon` this executable.
  assert.equal(terminalPathFolder('/home/me/asan/chronon-asan', kPath, 'linux'), undefined);
  assert.equal(terminalPathFolder('/home/me/build/Chronon', kPath, 'linux'), undefined);
});

test('on Windows: chronon.exe, ";" between folders, case and separators ignored', () => {
  const windowsPath = 'C:\\Windows\\system32;C:\\Windows;C:\\Tools\\';
  assert.equal(terminalPathFolder('C:\\Chronon\\build\\chronon.exe', windowsPath, 'win32'), 'C:\\Chronon\\build');
  assert.equal(terminalPathFolder('C:\\Chronon\\build\\chronon', windowsPath, 'win32'), 'C:\\Chronon\\build');
  assert.equal(terminalPathFolder('c:\\tools\\Chronon.EXE', windowsPath, 'win32'), undefined);
  assert.equal(terminalPathFolder('chronon.exe', windowsPath, 'win32'), undefined);
});
