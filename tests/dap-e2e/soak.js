#!/usr/bin/env node
// Soak test of `chronon dap` (issue 22, item 3): random sequences of stepIn, stepBack and continue
// over the three games, each position compared with a fresh run stopped at the same point. Usage:
//   node soak.js CHRONON_BINARY [--sequences N] [--seed S]
//
// Per game, two adapters run the same launch (stopOnEntry). The soaked one takes every random
// sequence for its game, for the whole run. The reference is a fresh run that only ever steps
// forward, one instruction of the same robot at a time (`stepIn`, granularity instruction), and
// records what a client sees at each of those positions (the top frame, and every scope's
// variables); position k is the robot about to run its k-th instruction since the entry. In the
// soaked session `stepIn` moves to k + 1 and `stepBack` to k - 1, whose views must equal the
// reference's exactly; `continue` runs to the next time the robot enters a line that the fresh run shows it on (a line
// breakpoint limited to that robot by its condition), which must be a later position of the
// reference with the same view. So that the positions stay in a window the reference has walked
// (and memory is comparable over the run), a sequence that leaves the window ends with
// `reverseContinue`, which with no breakpoint set goes back to the entry (k = 0).
//
// Checked: no adapter exits or fails a request, every position equals the fresh run's, and the
// soaked adapters' resident size (VmRSS) at the end is less than 20% above their size after
// warm-up (a tenth of the sequences). Prints the memory before and after; exit 0 when all pass.
// With CHRONON_SANITIZED set (bench/asan.sh) the memory is printed but not checked: AddressSanitizer
// keeps freed blocks in a quarantine of up to 256 MB, so there the resident size grows whatever the
// adapter does.
'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');
const soak = require('../e2e-common/soak_support.js');

const { binary: chronon, option } = soak.commandLine('node soak.js CHRONON_BINARY [--sequences N] [--seed S]');
const SEQUENCES = Number(option('--sequences', 2000));
const WINDOW = Number(option('--window', 1500));  // Most instructions of the robot past the entry.
const { random, below } = soak.seededRandom(option('--seed', 22));
const timer = soak.deadline(Number(option('--timeout', 3600)));
const { fail, count: failures } = soak.failureLog();
const sanitized = soak.sanitized;

const stdlib = path.resolve(__dirname, '..', '..', 'stdlib');
const GAMES = [
  {
    name: 'robowar',
    launch: { program: path.join(stdlib, 'robowar', 'dodger.rtk'), opponents: [path.join(stdlib, 'robowar', 'sitting-duck.rtk')], seed: 1 },
    condition: () => 'robot == 0',
  },
  {
    name: 'grobots',
    launch: { program: path.join(stdlib, 'grobots', 'gatherer.gb'), opponents: [path.join(stdlib, 'grobots', 'algae.gb')], seed: 2, frames: 400 },
    condition: (thread) => `thread == ${thread}`,
  },
  {
    name: 'robbie',
    launch: { program: path.join(stdlib, 'robbie', 'wall-follower.rl') },
    condition: () => undefined,
  },
];

// One adapter session, paused at all times between requests.
class Session {
  constructor(game) {
    this.game = game;
    this.ended = false;
  }

  async start() {
    this.dc = new DebugClient(chronon, 'dap', 'chronon', {}, true);
    this.dc.defaultTimeout = 30000;
    await this.dc.start();
    this.dc.on('terminated', () => (this.ended = true));
    await this.dc.initializeRequest({ adapterID: 'chronon' });
    await this.dc.launchRequest({ ...this.game.launch, stopOnEntry: true });
    const stopped = this.dc.waitForEvent('stopped');
    await this.dc.configurationDoneRequest();
    this.thread = (await stopped).body.threadId;
  }

  pid() {
    return this.dc._adapterProcess.pid;
  }

  rss() {
    return soak.residentKb(this.pid());
  }

  // Sends a step-like request and waits for its stopped event, or for the end of the run.
  async move(command, extra = {}) {
    const stopped = new Promise((resolve) => {
      const onStopped = (e) => {
        this.dc.removeListener('terminated', onTerminated);
        resolve(e);
      };
      const onTerminated = () => {
        this.dc.removeListener('stopped', onStopped);
        resolve(null);
      };
      this.dc.once('stopped', onStopped);
      this.dc.once('terminated', onTerminated);
    });
    const response = await this.dc.send(command, { threadId: this.thread, ...extra }).catch((e) => {
      throw new Error(`${this.game.name}: ${command}: ${e.message}`);
    });
    assert.equal(response.success, true, `${command} failed`);
    return stopped;
  }

  // What a client shows for the session's robot: its top frame and every scope's variables.
  async view() {
    const trace = await this.dc.stackTraceRequest({ threadId: this.thread });
    const frame = trace.body.stackFrames[0];
    if (!frame) return { frame: null };
    const scopes = await this.dc.scopesRequest({ frameId: frame.id });
    const vars = {};
    for (const scope of scopes.body.scopes) {
      const v = await this.dc.variablesRequest({ variablesReference: scope.variablesReference });
      vars[scope.name] = v.body.variables.map((x) => [x.name, x.value]);
    }
    return { frame: [frame.name, frame.line, frame.column], vars };
  }

  async stop() {
    await this.dc.stop();
  }
}

// The fresh run: walks forward only, one instruction of the robot at a time, and remembers views.
class Reference {
  constructor(game) {
    this.session = new Session(game);
    this.views = [];
    this.endAt = Infinity;  // The first position the robot does not reach (its death or the end).
  }

  async start() {
    await this.session.start();
    this.views.push(JSON.stringify(await this.session.view()));
  }

  async at(k) {
    while (this.views.length <= k && this.views.length < this.endAt) {
      const stopped = await this.session.move('stepIn', { granularity: 'instruction' });
      const view = stopped ? await this.session.view() : { frame: null };
      if (!stopped || stopped.body.threadId !== this.session.thread || view.frame === null) {
        this.endAt = this.views.length;
        break;
      }
      this.views.push(JSON.stringify(view));
    }
    return k < this.views.length ? this.views[k] : null;
  }
}

async function soakGame(game, sequences, warmup, memory) {
  const soaked = new Session(game);
  const reference = new Reference(game);
  await soaked.start();
  await reference.start();
  assert.equal(soaked.thread, reference.session.thread);
  let k = 0;
  let ops = 0;
  const expect = async (what, position) => {
    const want = await reference.at(position);
    const got = JSON.stringify(await soaked.view());
    if (want !== got) fail(`${game.name}: ${what} to position ${position}`, { got: got.slice(0, 600), want: want && want.slice(0, 600) });
  };
  for (let s = 0; s < sequences; s++) {
    if (s === warmup) memory.warm = soaked.rss();
    const length = 1 + below(12);
    for (let i = 0; i < length; i++) {
      ops++;
      const r = random();
      if (r < 0.6 && (await reference.at(k + 1)) !== null) {
        const stopped = await soaked.move('stepIn', { granularity: 'instruction' });
        if (!stopped) {
          fail(`${game.name}: stepIn from ${k} ended the run, the fresh run went on`, {});
          await soaked.move('reverseContinue');
          k = 0;
          continue;
        }
        k++;
        await expect('stepIn', k);
      } else if (r < 0.9 && k > 0) {
        await soaked.move('stepBack');
        k--;
        await expect('stepBack', k);
      } else {
        // Continue to a line the fresh run shows the robot entering up to 200 instructions later
        // (a line breakpoint limited to the robot by its condition).
        const ahead = k + 1 + below(200);
        const target = await reference.at(Math.min(ahead, Math.max(k + 1, reference.endAt - 1)));
        if (target === null) continue;
        const [, line] = JSON.parse(target).frame;
        const trace = await soaked.dc.stackTraceRequest({ threadId: soaked.thread });
        const frame = trace.body.stackFrames[0];
        const condition = game.condition(soaked.thread);
        const source = frame.source && frame.source.path;
        if (!source) continue;
        await soaked.dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [{ line, ...(condition ? { condition } : {}) }] });
        const stopped = await soaked.move('continue');
        await soaked.dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [] });
        if (!stopped || stopped.body.threadId !== soaked.thread) {
          // The run ended (or another robot stopped): back to the entry.
          await soaked.move('reverseContinue');
          k = 0;
          await expect('reverseContinue after the end', 0);
          continue;
        }
        const got = JSON.stringify(await soaked.view());
        let found = -1;
        for (let j = k + 1; j <= k + WINDOW && (await reference.at(j)) !== null; j++) {
          if (reference.views[j] === got) {
            found = j;
            break;
          }
        }
        if (found < 0) fail(`${game.name}: continue from ${k} reached no later position of the fresh run`, got.slice(0, 600));
        else k = found;
      }
    }
    if (k > WINDOW) {
      await soaked.move('reverseContinue');
      k = 0;
      await expect('reverseContinue', 0);
    }
  }
  memory.end = soaked.rss();
  await soaked.stop();
  await reference.session.stop();
  return { ops, positions: reference.views.length };
}

(async () => {
  const began = Date.now();
  const results = [];
  try {
    for (let g = 0; g < GAMES.length; g++) {
      const game = GAMES[g];
      const sequences = Math.floor(SEQUENCES / GAMES.length) + (g < SEQUENCES % GAMES.length ? 1 : 0);
      const memory = { warm: -1, end: -1 };
      const { ops, positions } = await soakGame(game, sequences, Math.floor(sequences / 10), memory);
      const growth = (memory.end - memory.warm) / memory.warm;
      const result = { game: game.name, sequences, ops, referencePositions: positions, rssAfterWarmupKb: memory.warm, rssEndKb: memory.end,
        growthPercent: Math.round(growth * 1000) / 10, seconds: (Date.now() - began) / 1000 };
      console.log(JSON.stringify(result));
      results.push(result);
      if (!(growth < 0.2) && !sanitized) fail(`${game.name}: resident size grew 20% or more after warm-up`, memory);
    }
  } catch (e) {
    fail('exception', e && e.stack ? e.stack : String(e));
  }
  clearTimeout(timer);
  console.log(JSON.stringify({ sequences: SEQUENCES, failures: failures() }));
  process.exit(failures() === 0 ? 0 : 1);
})();
