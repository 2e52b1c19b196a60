// End-to-end test of `chronon dap` with a real DAP client: DebugClient of
// @vscode/debugadapter-testsupport (the test client VS Code's own debug adapters use). It starts
// `CHRONON dap` as a child process and speaks the Debug Adapter Protocol over its stdin/stdout.
//
// usage: node --test dap.test.js   with CHRONON=/path/to/chronon in the environment (run.sh sets it)
'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { test, before, after } = require('node:test');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const chronon = process.env.CHRONON;
if (!chronon) throw new Error('set CHRONON to the chronon binary');
const robots = path.resolve(__dirname, '..', '..', 'stdlib', 'robowar');
const dodger = path.join(robots, 'dodger.rtk');
const spinner = path.join(robots, 'spinner.rtk');
// dodger.rtk line 15: `aim 11 + aim' store`, run on every turn of the `hunt` loop. (Against spinner
// on seed 1 dodger never sees its opponent before it dies at chronon 23, so `shoot:` never runs.)
const BREAK_LINE = 15;

let dc;
let disconnected = false;

before(async () => {
  // DebugClient spawns `runtime [executable]`: here `chronon dap`.
  dc = new DebugClient(chronon, 'dap', 'chronon', {}, /* enableStderr */ true);
  dc.defaultTimeout = 20000;
  await dc.start();
  dc._adapterProcess.once('exit', (code, signal) => {
    if (!disconnected) console.error(`chronon dap exited early (code ${code}, signal ${signal})`);
  });
});

after(async () => {
  // stop() sends `disconnect` and kills the adapter; after the test's own disconnect it has exited.
  if (dc && !disconnected) await dc.stop();
});

// Sends a request and resolves with the raw response, successful or not (send() rejects on failure).
function raw(command, args) {
  return new Promise((resolve) => dc.doSend(command, args, resolve));
}

// A step: its response, then the `stopped` event it causes (the listener is set before sending).
async function step(command, args = { threadId: 1 }) {
  const stopped = dc.waitForEvent('stopped');
  const response = await dc.send(command, args);
  assert.equal(response.success, true, `${command} failed`);
  return stopped;
}

// What the client shows when paused: the top frame of thread 1 and each scope's variables.
async function view() {
  const trace = await dc.stackTraceRequest({ threadId: 1 });
  const frame = trace.body.stackFrames[0];
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const vars = {};
  for (const scope of scopes.body.scopes) {
    const v = await dc.variablesRequest({ variablesReference: scope.variablesReference });
    vars[scope.name] = v.body.variables.map((x) => ({ name: x.name, value: x.value }));
  }
  return { frame: { name: frame.name, line: frame.line, path: frame.source && frame.source.path }, vars };
}

async function evaluate(expression) {
  return (await dc.evaluateRequest({ expression })).body.result;
}

// DebugClient's requests have no timeout of their own: node:test's bounds a hung adapter.
test('chronon dap under @vscode/debugadapter-testsupport', { timeout: 60000 }, async (t) => {
  let atBreak;

  await t.test('initialize, launch, stop at a line breakpoint (hitBreakpoint)', async () => {
    // hitBreakpoint sends `initialize` itself (through launch()); keep its response to check the
    // capabilities.
    let caps;
    const initialize = dc.initializeRequest.bind(dc);
    dc.initializeRequest = async (args) => (caps = await initialize(args));

    // hitBreakpoint: waits for `initialized`, sets the breakpoint (checks it verified at that line and
    // path), sends configurationDone, and checks the `stopped` event (reason breakpoint) and the top
    // frame's line and source path.
    const [, , trace] = await dc.hitBreakpoint(
      { program: dodger, opponents: [spinner], seed: 1 },
      { path: dodger, line: BREAK_LINE });
    delete dc.initializeRequest;
    assert.equal(trace.body.stackFrames[0].line, BREAK_LINE);
    assert.equal(caps.body.supportsConfigurationDoneRequest, true);
    assert.equal(caps.body.supportsStepBack, true);
    assert.equal(caps.body.supportsSetVariable, true);
    assert.equal(caps.body.supportsFunctionBreakpoints, true);
    assert.match(trace.body.stackFrames[0].name, /^hunt\+\d+: AIM'/);
  });

  await t.test('threads, stackTrace, scopes, variables', async () => {
    const threads = await dc.threadsRequest();
    assert.deepEqual(threads.body.threads.map((x) => x.name), ['dodger (robot 0)', 'spinner (robot 1)']);
    atBreak = await view();
    assert.equal(atBreak.frame.line, BREAK_LINE);
    assert.equal(atBreak.frame.path, dodger);
    assert.deepEqual(Object.keys(atBreak.vars), ['Data stack', 'Registers', 'Hardware']);
    assert.deepEqual(atBreak.vars['Data stack'], []);
    const hardware = Object.fromEntries(atBreak.vars.Hardware.map((x) => [x.name, x.value]));
    for (const name of ['x', 'y', 'aim', 'energy', 'damage', 'alive', 'chronon']) {
      assert.ok(name in hardware, `Hardware has ${name}`);
    }
    assert.equal(await evaluate('energy'), hardware.energy);
    assert.equal(await evaluate('chronon'), hardware.chronon);
    const registers = atBreak.vars.Registers.map((x) => x.name);
    assert.ok(registers.includes('A') && registers.includes('pc'), `Registers: ${registers}`);
  });

  await t.test('stepIn fills the data stack; stepBack returns to the same frame and stack', async () => {
    const aim = await evaluate('aim');
    // `aim` is AIM' RECALL: two instructions push the aim; `11` pushes 11.
    assert.equal((await step('stepIn')).body.reason, 'step');
    await step('stepIn');
    const afterAim = await view();
    assert.deepEqual(afterAim.vars['Data stack'], [{ name: '0', value: aim }]);
    await step('stepIn');
    const after11 = await view();
    assert.equal(after11.frame.line, BREAK_LINE);
    assert.deepEqual(after11.vars['Data stack'], [{ name: '0', value: '11' }, { name: '1', value: aim }]);
    assert.equal(await evaluate('stack'), `11 ${aim}`);

    assert.equal((await step('stepBack')).body.reason, 'step');
    assert.deepEqual(await view(), afterAim);
    await step('stepBack');
    await step('stepBack');
    assert.deepEqual(await view(), atBreak);
    // and forward again gives the same state as the first time
    await step('stepIn');
    await step('stepIn');
    assert.deepEqual(await view(), afterAim);
  });

  await t.test('setVariable sets a register and a stack cell, and setting them back restores the view', async () => {
    const before = await view();
    const frame = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
    const scopes = Object.fromEntries(
      (await dc.scopesRequest({ frameId: frame.id })).body.scopes.map((x) => [x.name, x.variablesReference]));
    const a = await evaluate('a');
    const top = before.vars['Data stack'][0].value;
    const set = async (scope, name, value) =>
      (await dc.customRequest('setVariable', { variablesReference: scopes[scope], name, value })).body.value;
    assert.equal(await set('Registers', 'A', '7'), '7');
    assert.equal(await evaluate('a'), '7');
    assert.equal(await set('Data stack', '0', '12'), '12');
    assert.equal(await evaluate('stack'), '12');
    await assert.rejects(set('Hardware', 'aim', '5'), /hardware/);
    await assert.rejects(set('Registers', 'A', 'many'), /no RoboTalk value/);
    // Set back at the same position: the battle goes on as it was.
    await set('Registers', 'A', a);
    await set('Data stack', '0', top);
    assert.deepEqual(await view(), before);
  });

  await t.test('next leaves the line; stepOut goes to a later chronon', async () => {
    await step('next');
    const line = (await view()).frame.line;
    assert.equal(line, BREAK_LINE + 1, `next went to line ${line}`);
    // A step that meets a breakpoint stops there, and line 15 comes round before the turn ends.
    const chrononBefore = Number(await evaluate('chronon'));
    const hit = await step('stepOut');
    assert.equal(hit.body.reason, 'breakpoint');
    assert.equal((await view()).frame.line, BREAK_LINE);
    assert.equal(Number(await evaluate('chronon')), chrononBefore);
    // Without the breakpoint, stepOut runs to the robot's first instruction in a later chronon.
    await dc.setBreakpointsRequest({ source: { path: dodger }, breakpoints: [] });
    assert.equal((await step('stepOut')).body.reason, 'step');
    assert.ok(Number(await evaluate('chronon')) > chrononBefore);
    const set = await dc.setBreakpointsRequest({ source: { path: dodger }, breakpoints: [{ line: BREAK_LINE }] });
    assert.equal(set.body.breakpoints[0].verified, true);
    assert.equal(set.body.breakpoints[0].line, BREAK_LINE);
  });

  await t.test('continue to a later hit; reverseContinue goes back hit by hit to the first', async () => {
    const first = Number(atBreak.vars.Hardware.find((x) => x.name === 'chronon').value);
    const second = await step('continue');
    assert.equal(second.body.reason, 'breakpoint');
    const later = await view();
    assert.equal(later.frame.line, BREAK_LINE);
    // The step out went to a later chronon, so this hit is after the first one.
    assert.ok(Number(await evaluate('chronon')) > first);
    // reverseContinue to the previous hit, then continue: the same later hit again.
    assert.equal((await step('reverseContinue')).body.reason, 'breakpoint');
    assert.equal((await view()).frame.line, BREAK_LINE);
    await step('continue');
    assert.deepEqual(await view(), later);
    // reverseContinue hit after hit reaches the first hit, exactly as it was shown.
    let hits = 0;
    for (;;) {
      const back = await step('reverseContinue');
      assert.equal(back.body.reason, 'breakpoint', `reverseContinue #${hits + 1} stopped with ${back.body.reason}`);
      const shown = await view();
      assert.equal(shown.frame.line, BREAK_LINE);
      hits++;
      if (Number(shown.vars.Hardware.find((x) => x.name === 'chronon').value) === first &&
          JSON.stringify(shown) === JSON.stringify(atBreak)) break;
      assert.ok(hits < 200, 'reverseContinue never came back to the first hit');
    }
    assert.deepEqual(await view(), atBreak);
    // Before the first hit there is none: reverseContinue goes to the robot's first instruction.
    assert.equal((await step('reverseContinue')).body.reason, 'entry');
  });

  await t.test('a malformed request fails and the adapter keeps answering', async () => {
    const before = await view();
    const bad = await raw('frobnicate', {});
    assert.equal(bad.success, false);
    assert.equal(bad.command, 'frobnicate');
    assert.match(bad.message, /unknown command 'frobnicate'/);
    const missing = await raw('stackTrace', {});
    assert.equal(missing.success, false);
    const threads = await dc.threadsRequest();
    assert.equal(threads.success, true);
    assert.equal(threads.body.threads.length, 2);
    assert.deepEqual(await view(), before);
  });

  await t.test('continue to the end: output with the result, terminated, exited', async () => {
    await dc.setBreakpointsRequest({ source: { path: dodger }, breakpoints: [] });
    await dc.setExceptionBreakpointsRequest({ filters: [] });
    const outputs = [];
    dc.on('output', (e) => outputs.push(e.body));
    const terminated = dc.waitForEvent('terminated');
    const exited = dc.waitForEvent('exited');
    await dc.continueRequest({ threadId: 1 });
    await terminated;
    await exited;
    const result = outputs.find((o) => o.data && typeof o.data.chronons === 'number');
    assert.ok(result, `a result output event among ${JSON.stringify(outputs)}`);
    // Debugging never changes a battle: the result is `chronon battle`'s with the same seed.
    const battle = JSON.parse(execFileSync(chronon, ['battle', dodger, spinner, '--seed', '1', '--json'], { encoding: 'utf8' }));
    assert.equal(result.data.chronons, battle.chronons);
    assert.equal(result.data.timedOut, battle.timedOut);
    assert.deepEqual(
      result.data.robots.map((r) => [r.name, r.alive, r.cause, r.deathChronon, r.killer, r.kills, r.points, r.energy, r.damage]),
      battle.robots.map((r) => [r.name, r.alive, r.cause, r.deathChronon, r.killer, r.kills, r.points, r.energy, r.damage]));
    assert.match(result.output, /^battle: seed 1, \d+ chronons/);
    // After the end the adapter still answers (a client may step back).
    assert.equal((await step('stepBack')).body.reason, 'step');
  });

  await t.test('disconnect ends the adapter (exit code 0)', async () => {
    const adapter = dc._adapterProcess;
    const exit = new Promise((resolve) => adapter.once('exit', (code) => resolve(code)));
    disconnected = true;
    const response = await dc.disconnectRequest({});
    assert.equal(response.success, true);
    assert.equal(await exit, 0);
  });
});

// A robot with calls (the same as tests/test_dap.cpp's kCaller): main calls double, which calls inner.
const CALLER = "start:\n  7 a' store\nmain:\n  double call\n  b drop\n  main jump\ndouble:\n  a 1 + a' store\n" +
  "  inner call\n  return\ninner:\n  b 1 + b' store\n  return\n";

test('conditions, data breakpoints, calls, disassembly, evaluate, threads that end', { timeout: 60000 }, async (t) => {
  const fs = require('node:fs');
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-dap-e2e-'));
  const caller = path.join(dir, 'caller.rtk');
  const underflow = path.join(dir, 'underflow.rtk');
  fs.writeFileSync(caller, CALLER);
  fs.writeFileSync(underflow, 'start:\n  1 drop\n  drop\n  start jump\n');
  const client = new DebugClient(chronon, 'dap', 'chronon', {}, true);
  client.defaultTimeout = 20000;
  await client.start();
  const stepOf = async (command, args = { threadId: 1 }) => {
    const stopped = client.waitForEvent('stopped');
    await client.send(command, args);
    return stopped;
  };
  const top = async () => (await client.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
  try {
    await t.test('a condition on the stack and a variable; the dead opponent thread exits', async () => {
      await client.initializeRequest({ adapterID: 'chronon' });
      const threadEvents = [];
      client.on('thread', (e) => threadEvents.push(e.body));
      await client.launch({ program: caller, opponents: [underflow], seed: 2 });
      await client.setExceptionBreakpointsRequest({ filters: [] });
      const set = await client.setBreakpointsRequest({
        source: { path: caller }, breakpoints: [{ line: 12, condition: 'top == 18 && b > 1' }, { line: 4, condition: 'depth >' }] });
      assert.equal(set.body.breakpoints[0].verified, true);
      assert.equal(set.body.breakpoints[1].verified, false);
      assert.match(set.body.breakpoints[1].message, /expected an integer/);
      const stopped = client.waitForEvent('stopped');
      await client.configurationDoneRequest();
      assert.equal((await stopped).body.reason, 'breakpoint');
      // The `started` thread events came with launch; then thread 2 exits (its robot died).
      assert.deepEqual(threadEvents, [
        { reason: 'started', threadId: 1 }, { reason: 'started', threadId: 2 }, { reason: 'exited', threadId: 2 }]);
      assert.equal((await client.threadsRequest()).body.threads.length, 1);
      const frame = await top();
      assert.equal(frame.line, 12);
      const scopes = await client.scopesRequest({ frameId: frame.id });
      const stack = await client.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
      assert.deepEqual(stack.body.variables.map((v) => [v.value, v.type]),
        [['18 (return to double+8)', 'return address'], ['5 (return to main+2)', 'return address']]);
      assert.equal((await client.evaluateRequest({ expression: '+ 2 *', context: 'watch' })).body.result, '46');
    });

    await t.test('disassemble around the pc, with labels', async () => {
      const frame = await top();
      const dis = await client.send('disassemble', {
        memoryReference: frame.instructionPointerReference, instructionOffset: -1, instructionCount: 3 });
      assert.deepEqual(dis.body.instructions.map((i) => i.instruction), ['JUMP', "B'", 'RECALL']);
      assert.equal(dis.body.instructions[1].symbol, 'inner');
    });

    await t.test('stepOut leaves inner, then double; next steps over the call', async () => {
      await client.setBreakpointsRequest({ source: { path: caller }, breakpoints: [] });
      await stepOf('stepOut');
      assert.equal((await top()).name, 'double+8: JUMP');
      await stepOf('stepOut');
      assert.equal((await top()).line, 5);
      await stepOf('next');
      await stepOf('next');
      assert.equal((await top()).line, 4);
      const b = Number((await client.evaluateRequest({ expression: 'b' })).body.result);
      await stepOf('next');
      assert.equal((await top()).line, 5);
      assert.equal(Number((await client.evaluateRequest({ expression: 'b' })).body.result), b + 1);
    });

    await t.test('a data breakpoint on A stops before the write', async () => {
      const info = await client.send('dataBreakpointInfo', { name: 'A', variablesReference: 12 });
      assert.equal(info.body.dataId, '0:A');
      const set = await client.send('setDataBreakpoints', { breakpoints: [{ dataId: info.body.dataId, accessType: 'write' }] });
      assert.equal(set.body.breakpoints[0].verified, true);
      const hit = await stepOf('continue');
      assert.equal(hit.body.reason, 'data breakpoint');
      assert.match(hit.body.text, /^A: \d+ -> \d+$/);
      assert.equal((await top()).line, 8);
    });
  } finally {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an RL program: Robbie\'s thread, a line breakpoint, steps and step back, chronon run\'s output', { timeout: 60000 }, async (t) => {
  const laps = path.resolve(__dirname, '..', '..', 'stdlib', 'robbie', 'pace-laps.rl');
  const client = new DebugClient(chronon, 'dap', 'chronon', {}, true);
  client.defaultTimeout = 20000;
  await client.start();
  const stepOf = async (command, args = { threadId: 1 }) => {
    const stopped = client.waitForEvent('stopped');
    await client.send(command, args);
    return stopped;
  };
  const evalRl = async (expression) => (await client.evaluateRequest({ expression })).body.result;
  try {
    await t.test('stop at `forward 50` (line 8) with hitBreakpoint', async () => {
      const [, , trace] = await client.hitBreakpoint({ program: laps }, { path: laps, line: 8 });
      assert.match(trace.body.stackFrames[0].name, /^line 8: /);
      const threads = await client.threadsRequest();
      assert.deepEqual(threads.body.threads, [{ id: 1, name: 'Robbie' }]);
      const scopes = await client.scopesRequest({ frameId: trace.body.stackFrames[0].id });
      assert.deepEqual(scopes.body.scopes.map((s) => s.name), ['Registers', 'Expression stack', 'Hardware']);
      const registers = await client.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
      assert.deepEqual(registers.body.variables.map((v) => [v.name, v.value, v.type]), [['Laps', '0', 'integer']]);
    });

    await t.test('stepOut ends Robbie\'s action; stepBack returns to the same state', async () => {
      await stepOf('stepIn');
      assert.equal(await evalRl('stack'), '50');
      await stepOf('stepOut');
      assert.equal(await evalRl('x'), '150.0');
      assert.equal(await evalRl('time'), '2500');
      await stepOf('stepBack');
      assert.equal(await evalRl('x'), '100.0');
      assert.equal(await evalRl('stack'), '50');
      assert.equal((await stepOf('reverseContinue')).body.reason, 'breakpoint');
      assert.equal(await evalRl('stack'), '(empty)');
      assert.equal((await stepOf('reverseContinue')).body.reason, 'entry');
      assert.equal((await stepOf('continue')).body.reason, 'breakpoint');
      assert.equal(await evalRl('Laps'), '0');
      assert.equal((await stepOf('continue')).body.reason, 'breakpoint');
      assert.equal(await evalRl('Laps'), '1');
    });

    await t.test('a condition on a register: line 8 when Laps is 5', async () => {
      const set = await client.setBreakpointsRequest({ source: { path: laps }, breakpoints: [{ line: 8, condition: 'Laps == 5' }, { line: 9, condition: 'laps == 5' }] });
      assert.equal(set.body.breakpoints[0].verified, true);
      assert.equal(set.body.breakpoints[1].verified, false);
      assert.match(set.body.breakpoints[1].message, /register name/);
      assert.equal((await stepOf('continue')).body.reason, 'breakpoint');
      assert.equal(await evalRl('Laps'), '5');
    });

    await t.test('a hit count and a log point: the second pass stops, each lap is logged', async () => {
      const set = await client.setBreakpointsRequest({ source: { path: laps }, breakpoints: [{ line: 8, hitCondition: '2' }, { line: 10, logMessage: 'lap {Laps}' }] });
      assert.deepEqual(set.body.breakpoints.map((b) => b.verified), [true, true]);
      const logged = [];
      const onOutput = (e) => logged.push(e.body.output);
      client.on('output', onOutput);
      assert.equal((await stepOf('continue')).body.reason, 'breakpoint');
      client.removeListener('output', onOutput);
      assert.equal(await evalRl('Laps'), '7');
      assert.deepEqual(logged, ['lap 5\n', 'lap 6\n']);
    });

    await t.test('continue to the end: the output is chronon run\'s', async () => {
      await client.setBreakpointsRequest({ source: { path: laps }, breakpoints: [] });
      const outputs = [];
      client.on('output', (e) => outputs.push(e.body));
      const terminated = client.waitForEvent('terminated');
      await client.continueRequest({ threadId: 1 });
      await terminated;
      const result = outputs.find((o) => o.data && o.data.end);
      assert.ok(result, `a result output among ${JSON.stringify(outputs)}`);
      assert.equal(result.output, execFileSync(chronon, ['run', laps], { encoding: 'utf8' }));
      assert.equal(result.data.end, 'stopped');
    });
  } finally {
    await client.stop();
  }
});

test('a Grobots side: threads that come and go, a label breakpoint, steps and step back, chronon battle\'s results', { timeout: 60000 }, async (t) => {
  const grobots = path.resolve(__dirname, '..', '..', 'stdlib', 'grobots');
  const gatherer = path.join(grobots, 'gatherer.gb');
  const fighter = path.join(grobots, 'fighter.gb');
  const client = new DebugClient(chronon, 'dap', 'chronon', {}, true);
  client.defaultTimeout = 20000;
  await client.start();
  const started = new Set();
  const exited = new Set();
  client.on('thread', (e) => (e.body.reason === 'started' ? started : exited).add(e.body.threadId));
  const stepOf = async (command, args) => {
    const stopped = client.waitForEvent('stopped');
    await client.send(command, args);
    return stopped;
  };
  try {
    await t.test('stop at the label forage once frame 100 is reached', async () => {
      await client.initializeRequest({ adapterID: 'chronon', supportsVariableType: true });
      await client.launchRequest({ program: gatherer, opponents: [fighter], seed: 2, frames: 400 });
      const set = await client.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'forage', condition: 'frame >= 100' }] });
      assert.equal(set.body.breakpoints[0].verified, true);
      const stopped = client.waitForEvent('stopped');
      await client.configurationDoneRequest();
      const event = await stopped;
      assert.equal(event.body.reason, 'function breakpoint');
      assert.ok(started.has(event.body.threadId), 'the paused robot has a thread');
      const threads = await client.threadsRequest();
      assert.ok(threads.body.threads.length >= 2);
      assert.match(threads.body.threads[0].name, /^Chronon Gatherers' Gatherer #\d+$/);
      const trace = await client.stackTraceRequest({ threadId: event.body.threadId });
      assert.match(trace.body.stackFrames[0].name, /^forage/);
      assert.equal(trace.body.stackFrames[0].source.path, gatherer);
      const scopes = await client.scopesRequest({ frameId: trace.body.stackFrames[0].id });
      assert.deepEqual(scopes.body.scopes.map((s) => s.name), ['Data stack', 'Return stack', 'Variables', 'Hardware']);
      const frame = await client.evaluateRequest({ expression: 'frame' });
      assert.ok(Number(frame.body.result) >= 100);
    });

    await t.test('stepIn then stepBack shows the same variables', async () => {
      // Without the breakpoint, which every gatherer reaching forage would hit during the steps.
      await client.setFunctionBreakpointsRequest({ breakpoints: [] });
      const threadId = (await client.threadsRequest()).body.threads[0].id;
      await stepOf('stepOut', { threadId });
      const show = async () => {
        const trace = await client.stackTraceRequest({ threadId });
        const scopes = await client.scopesRequest({ frameId: trace.body.stackFrames[0].id });
        const vars = await client.variablesRequest({ variablesReference: scopes.body.scopes[2].variablesReference });
        return [trace.body.stackFrames[0].name, vars.body.variables.map((v) => [v.name, v.value])];
      };
      const before = await show();
      assert.equal((await stepOf('stepIn', { threadId, granularity: 'instruction' })).body.reason, 'step');
      assert.notDeepEqual(await show(), before);
      assert.equal((await stepOf('stepBack', { threadId })).body.reason, 'step');
      assert.deepEqual(await show(), before);
    });

    await t.test('continue to the end: threads end and the results are chronon battle\'s', async () => {
      const outputs = [];
      client.on('output', (e) => outputs.push(e.body));
      const terminated = client.waitForEvent('terminated');
      await client.continueRequest({ threadId: [...started][0] });
      await terminated;
      const result = outputs.find((o) => o.data && o.data.sides);
      assert.ok(result, `a result output among ${JSON.stringify(outputs)}`);
      const battle = execFileSync(chronon, ['battle', gatherer, fighter, '--seed', '2', '--frames', '400'], { encoding: 'utf8' });
      assert.ok(battle.endsWith(result.output), `${result.output} ends ${battle}`);
      assert.ok(exited.size > 0 && [...exited].every((id) => started.has(id)));
    });
  } finally {
    await client.stop();
  }
});
