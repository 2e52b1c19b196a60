// Unit tests of the debugger contribution's pure logic (src/debugConfig.ts): which files the debugger
// takes, checking launch configurations, the configuration "Debug this robot" starts, and finding the
// executable; and that package.json's debugger contribution agrees with them.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { absolutePath, findExecutable, kDebugType, kMaxOpponents, launchProblem, robotKind, robotLaunch } from '../../src/debugConfig';

test('robot kinds by file name: RoboWar unless .gb or .rl', () => {
  assert.equal(robotKind('/w/dodger.rtk'), 'robowar');
  assert.equal(robotKind('/w/classic.txt'), 'robowar');
  assert.equal(robotKind('/w/OLD.RWR'), 'robowar');
  assert.equal(robotKind('/w/algae.gb'), 'grobots');
  assert.equal(robotKind('/w/ALGAE.GB'), 'grobots');
  assert.equal(robotKind('/w/tour.rl'), 'robbie');
});

test('a RoboWar launch configuration passes; opponents may be left out', () => {
  assert.equal(launchProblem({ program: '/w/dodger.rtk' }), undefined);
  assert.equal(launchProblem({ program: '/w/dodger.rtk', opponents: [], seed: 0, maxChronons: 100, stopOnEntry: true }), undefined);
  assert.equal(launchProblem({ program: '/w/dodger.rtk', opponents: ['a.rtk', 'b.txt', 'c.rtk', 'd.rtk', 'e.RWR'] }), undefined);
});

test('a Grobots side fights sides, with a frame limit and a world size', () => {
  assert.equal(launchProblem({ program: '/w/algae.gb' }), undefined);
  assert.equal(launchProblem({ program: '/w/algae.gb', opponents: ['/w/fighter.gb'], seed: 3, frames: 500, world: '20x20', stopOnEntry: true }), undefined);
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ program: '/w/algae.gb', opponents: ['/w/dodger.rtk'] }, /dodger\.rtk is no Grobots side/],
    [{ program: '/w/algae.gb', opponents: Array(10).fill('/w/a.gb') }, /at most 9 opponents .*lists 10/],
    [{ program: '/w/algae.gb', frames: 0 }, /"frames"/],
    [{ program: '/w/algae.gb', world: '10 by 10' }, /"world"/],
    [{ program: '/w/dodger.rtk', opponents: ['/w/fighter.gb'] }, /fighter\.gb is a Grobots side; a RoboWar battle takes RoboWar robots/],
  ];
  for (const [config, re] of cases) {
    const problem = launchProblem(config);
    assert.ok(problem, JSON.stringify(config));
    assert.match(problem, re, JSON.stringify(config));
  }
});

test('a Robbie program runs alone, with an optional room and step limit', () => {
  assert.equal(launchProblem({ program: '/w/tour.rl' }), undefined);
  assert.equal(launchProblem({ program: '/w/tour.rl', opponents: [], room: '/w/sorter.room', steps: 5000, stopOnEntry: false }), undefined);
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ program: '/w/tour.rl', opponents: ['/w/dodger.rtk'] }, /alone/],
    [{ program: '/w/tour.rl', room: '' }, /"room"/],
    [{ program: '/w/tour.rl', room: 3 }, /"room"/],
    [{ program: '/w/tour.rl', steps: 0 }, /"steps"/],
    [{ program: '/w/tour.rl', steps: 2.5 }, /"steps"/],
    [{ program: '/w/tour.rl', stopOnEntry: 1 }, /"stopOnEntry"/],
    [{ program: '/w/dodger.rtk', opponents: ['/w/tour.rl'] }, /tour\.rl is a Robbie program/],
  ];
  for (const [config, re] of cases) {
    const problem = launchProblem(config);
    assert.ok(problem, JSON.stringify(config));
    assert.match(problem, re, JSON.stringify(config));
  }
  const config = robotLaunch('/w/tour.rl', ['/w/ignored.rtk'], true);
  assert.deepEqual(config, { type: 'chronon', request: 'launch', name: 'Debug tour.rl', program: '/w/tour.rl', stopOnEntry: true });
  assert.equal(launchProblem(config), undefined);
});

test('ill-typed fields are errors that name the field', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{}, /"program"/],
    [{ program: '' }, /"program"/],
    [{ program: 3 }, /"program"/],
    [{ program: 'a.rtk', opponents: 'b.rtk' }, /"opponents" must be a list/],
    [{ program: 'a.rtk', opponents: ['b.rtk', 7] }, /"opponents" must be a list/],
    [{ program: 'a.rtk', opponents: ['1', '2', '3', '4', '5', '6'] }, new RegExp(`at most ${kMaxOpponents} opponents .*lists 6`)],
    [{ program: 'a.rtk', seed: 1.5 }, /"seed"/],
    [{ program: 'a.rtk', seed: -1 }, /"seed"/],
    [{ program: 'a.rtk', maxChronons: 0 }, /"maxChronons"/],
    [{ program: 'a.rtk', maxChronons: '100' }, /"maxChronons"/],
    [{ program: 'a.rtk', stopOnEntry: 'yes' }, /"stopOnEntry"/],
    [{ program: 'a.rtk', engine: 'fast' }, /"engine" must be "interp" or "jit"/],
    [{ program: 'a.gb', engine: 3 }, /"engine"/],
  ];
  for (const [config, re] of cases) {
    const problem = launchProblem(config);
    assert.ok(problem, JSON.stringify(config));
    assert.match(problem, re, JSON.stringify(config));
  }
});

test('relative paths resolve against the workspace folder', () => {
  assert.equal(absolutePath('robowar/dodger.rtk', '/ws'), path.resolve('/ws', 'robowar/dodger.rtk'));
  assert.equal(absolutePath('/abs/dodger.rtk', '/ws'), '/abs/dodger.rtk');
  assert.equal(absolutePath('dodger.rtk', undefined), 'dodger.rtk');
});

test('"Debug this robot" builds a launch configuration chronon dap takes', () => {
  const config = robotLaunch('/w/dodger.rtk', ['/w/spinner.rtk'], true);
  assert.deepEqual(config, {
    type: 'chronon',
    request: 'launch',
    name: 'Debug dodger.rtk',
    program: '/w/dodger.rtk',
    opponents: ['/w/spinner.rtk'],
    seed: 1,
    stopOnEntry: true,
  });
  assert.equal(launchProblem(config), undefined);
  assert.equal(robotLaunch('/w/dodger.rtk', [], false).stopOnEntry, false);
});

test('the executable: a path is taken as is, a name is looked up on the PATH', () => {
  const present = new Set(['/usr/local/bin/chronon', '/opt/chronon/build/chronon']);
  const isExe = (f: string) => present.has(f);
  assert.equal(findExecutable('chronon', ['/usr/bin', '/usr/local/bin'].join(path.delimiter), isExe), '/usr/local/bin/chronon');
  assert.equal(findExecutable('chronon', '/usr/bin', isExe), undefined);
  assert.equal(findExecutable('chronon', '', isExe), undefined);
  assert.equal(findExecutable('/opt/chronon/build/chronon', '/usr/local/bin', isExe), '/opt/chronon/build/chronon');
  assert.equal(findExecutable('/nonexistent/chronon', '/usr/local/bin', isExe), undefined);
});

test("package.json contributes the chronon debugger with the adapter's launch arguments", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
  const debuggers = manifest.contributes.debuggers;
  assert.equal(debuggers.length, 1);
  const chronon = debuggers[0];
  assert.equal(chronon.type, kDebugType);
  assert.deepEqual(chronon.languages, ['robotalk', 'robbie', 'grobocode']);
  assert.deepEqual(Object.keys(chronon.configurationAttributes.launch.properties).sort(), [
    'engine',
    'frames',
    'maxChronons',
    'opponents',
    'program',
    'room',
    'seed',
    'steps',
    'stopOnEntry',
    'world',
  ]);
  assert.deepEqual(manifest.contributes.breakpoints, [{ language: 'robotalk' }, { language: 'robbie' }, { language: 'grobocode' }]);
  // A snippet per language: RoboWar, Robbie, Grobots.
  const programs = chronon.configurationSnippets.map((s: { body: { program: string } }) => path.extname(s.body.program.replace(/}?"$/, '')));
  assert.deepEqual(programs.sort(), ['.gb', '.rl', '.rtk']);
  assert.ok(manifest.activationEvents.includes('onDebugResolve:chronon'));
  assert.ok(manifest.contributes.commands.some((c: { command: string }) => c.command === 'chronon.debugRobot'));
  for (const snippet of chronon.configurationSnippets) assert.equal(snippet.body.type, kDebugType);
  for (const initial of chronon.initialConfigurations) assert.equal(initial.type, kDebugType);
});
