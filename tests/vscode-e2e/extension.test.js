// The Chronon extension in a real VS Code (code-server + headless Chromium), as a player meets it.
// usage (run.sh calls it): node extension.test.js CHRONON VSIX ARTIFACT_DIR REPO_ROOT
// The .vsix the build made is installed as the extension's README says (`code-server
// --install-extension FILE`). One code-server serves the steps, in order: the first start with a wrong
// chronon.path, the fix without a reload, then editing, saving, commands, the battle viewer (in a panel
// from Watch battle and Run battle, and as the editor of a .replay file), the debugger and `chronon`
// in the integrated terminal; chronon's folder is not on its PATH. Then the same user data starts
// again with chronon's folder on the PATH and no chronon.path setting, as after installing the Debian
// package, and the language server must run. Screenshots go to ARTIFACT_DIR.
'use strict';

const assert = require('assert/strict');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { test: nodeTest, before, after } = require('node:test');
const { startCodeServer, launchBrowser, Workbench, log } = require('./harness');

const [chronon, vsix, artifacts, repo] = process.argv.slice(2);
const stdlib = path.join(repo, 'stdlib');
const version = JSON.parse(fs.readFileSync(path.join(repo, 'editors', 'vscode', 'package.json'), 'utf8')).version;
// The PATH without chronon's folder, so that only chronon.path finds it until the fresh start, which
// puts the folder in front.
const chrononDir = path.dirname(path.resolve(chronon));
const pathWithoutChronon = (process.env.PATH || '')
  .split(path.delimiter)
  .filter((dir) => dir && path.resolve(dir) !== chrononDir)
  .join(path.delimiter);

// The workspace: bundled robots, a Latin-1 side, a RoboWar robot saved as .txt, prose in .txt, a typo,
// an RL program, and a folder holding both games.
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-ws-'));
const put = (rel, content) => {
  fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
  fs.writeFileSync(path.join(workspace, rel), content);
};
const copy = (from, rel) => put(rel, fs.readFileSync(path.join(stdlib, from)));
copy('grobots/algae.gb', 'grobots/algae.gb');
copy('grobots/fighter.gb', 'grobots/fighter.gb');
copy('grobots/gatherer.gb', 'grobots/gatherer.gb');
copy('robowar/spinner.rtk', 'robowar/spinner.rtk');
copy('robowar/dodger.rtk', 'robowar/dodger.rtk');
copy('robbie/tour.rl', 'robbie/tour.rl');
copy('grobots/algae.gb', 'mixed/algae.gb');
copy('grobots/hive.gb', 'mixed/hive.gb');
copy('robowar/spinner.rtk', 'mixed/spinner.rtk');
copy('robowar/wanderer.rtk', 'mixed/wanderer.rtk');
// A RoboWar robot as the archive saved them: a .txt without directives.
const spinner = fs.readFileSync(path.join(stdlib, 'robowar/spinner.rtk'), 'utf8');
put('robowar/classic.txt', spinner.split('\n').filter((l) => !l.startsWith('#')).join('\n'));
put('notes.txt', 'Notes for the tournament.\nIf the spinner wins again, store the results and call it a day.\n');
// A side with Latin-1 bytes in its comments (a squared sign, a Swedish a-umlaut), as in mice.gb.
const latin1 = Buffer.concat([
  Buffer.from('; Latin-1 comments: |dv|'),
  Buffer.from([0xb2]),
  Buffer.from(' and L'),
  Buffer.from([0xe4]),
  Buffer.from('gg in\n'),
  fs.readFileSync(path.join(stdlib, 'grobots/gatherer.gb')),
]);
put('grobots/latin1.gb', latin1);
put('grobots/typo.gb', '#side Typo\n#type Bot\n#hardware\nprocessor 10\nenergy 100 0\n#code\nmain:\n  1 2 swapp drop drop\n  main jump\n#end\n');
// A replay written by chronon, to open from Quick Open in the viewer (the custom editor).
fs.mkdirSync(path.join(workspace, 'replays'));
execFileSync(chronon, ['battle', path.join(workspace, 'mixed/wanderer.rtk'), path.join(workspace, 'robowar/dodger.rtk'), '--replay',
  path.join(workspace, 'replays/duel.replay')], { stdio: 'ignore' });

let server;
let browser;
let wb;
let failed;

// Each step builds on the one before (the server started, files edited), so after a failure the
// rest are skipped with its name instead of each timing out.
function test(name, fn) {
  nodeTest(name, async (t) => {
    if (failed) {
      t.skip(`an earlier step failed: ${failed}`);
      return;
    }
    try {
      await fn();
    } catch (error) {
      failed = name;
      if (wb) await wb.screenshot(`failure-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`).catch(() => {});
      throw error;
    }
  });
}

// The settings every start has; the first adds a wrong chronon.path. The empty secondary side bar
// would take a third of the width the viewer needs.
const baseSettings = { 'files.autoSave': 'off', 'workbench.secondarySideBar.defaultVisibility': 'hidden' };

before(async () => {
  server = await startCodeServer({
    workspace,
    vsix,
    settings: { ...baseSettings, 'chronon.path': '/nonexistent/chronon' },
    searchPath: pathWithoutChronon,
    logFile: path.join(artifacts, 'code-server.log'),
  });
  browser = await launchBrowser();
  wb = await Workbench.open(browser, server.url, artifacts);
});

after(async () => {
  if (wb) await wb.screenshot('zz-last').catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
  // The replays the extension kept (a Grobots battle's is over 20 MB) live in the server's folder;
  // after a failure it stays, with the output channels' logs, for a look.
  if (!failed) {
    if (server) fs.rmSync(server.root, { recursive: true, force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  }
});

test('the .vsix the build made installs with code-server --install-extension', async () => {
  assert.equal(path.basename(vsix), `chronon-${version}.vsix`, 'the .vsix of build/, named after package.json');
  assert.match(server.installOutput, /'(chronon-[\d.]+\.vsix|chronon\.chronon)'( v[\d.]+)? was successfully installed/, server.installOutput);
  const installed = server.codeServer(['--list-extensions', '--show-versions']);
  assert.match(installed, new RegExp(`^chronon\\.chronon@${version.replace(/\./g, '\\.')}$`, 'm'), installed);
  log(`installed: ${installed.trim()}`);
});

test('a wrong chronon.path gives one clear message', async () => {
  await wb.openFile('grobots/algae.gb');
  await wb.waitForLanguageMode('Grobocode');
  await wb.waitFor('the missing-executable message', () =>
    Array.from(document.querySelectorAll('.notification-toast .notification-list-item-message')).some((e) =>
      e.textContent.includes('/nonexistent/chronon'),
    ),
  );
  // Opening a second robot must not add a second message.
  await wb.openFile('robowar/spinner.rtk');
  await wb.page.waitForTimeout(1500);
  const messages = (await wb.notifications()).filter((m) => /chronon/i.test(m));
  await wb.screenshot('01-missing-executable');
  assert.equal(messages.length, 1, `one message, got ${JSON.stringify(messages)}`);
  assert.match(messages[0], /was not found/);
  assert.match(messages[0], /Chronon: Path/);
});

test('setting chronon.path right starts the server without a reload', async () => {
  await wb.clearNotifications();
  await wb.setSetting('chronon.path', chronon);
  await wb.openFile('grobots/typo.gb');
  await wb.waitFor('a squiggle under the typo', () => document.querySelectorAll('.editor-instance .squiggly-error').length > 0, 30000);
  log('server started after the setting changed');
});

test('a typo gives a squiggle, a Problems entry and a quick fix that clears it', async () => {
  await wb.page.keyboard.press('Control+Shift+M');
  await wb.waitFor('the Problems entry', () =>
    Array.from(document.querySelectorAll('.markers-panel .monaco-list-row')).some((e) => e.textContent.includes('swapp')),
  );
  await wb.screenshot('02-typo-problems');
  // The quick fix menu asks the server for code actions at the cursor. Under load the first Ctrl+.
  // may come before the editor has the focus back from Go to Line, so a menu that does not come is
  // asked for again (at most three times).
  const fix = wb.page.locator('.action-widget .monaco-list-row', { hasText: "Change to 'swap'" }).first();
  for (let attempt = 1; ; ++attempt) {
    await wb.goTo(8, 8);
    await wb.page.keyboard.press('Control+.');
    try {
      await fix.waitFor({ timeout: 8000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      log(`no quick fix menu after Ctrl+. (attempt ${attempt}); again`);
      await wb.page.keyboard.press('Escape');
    }
  }
  await wb.screenshot('03-quick-fix');
  await fix.click();
  await wb.waitFor('the squiggles to clear', () => document.querySelectorAll('.editor-instance .squiggly-error').length === 0, 20000);
  const lines = await wb.editorLines();
  assert.ok(lines.some((l) => l.includes('1 2 swap drop drop')), lines.join('\n'));
  await wb.page.keyboard.press('Control+S');
});

test('a real side opens without a false squiggle; hover and completion answer', async () => {
  await wb.openFile('grobots/gatherer.gb');
  // Give the server time to publish: diagnostics come 0.2 to 2 s after opening.
  await wb.page.waitForTimeout(3000);
  assert.equal(await wb.squiggleCount(), 0);
  await wb.screenshot('04-real-side');
  // Hover a word of the brain (the keyboard's Show Hover): the server's hover names its stack effect.
  await wb.openFile('grobots/typo.gb');
  await wb.goTo(8, 8);
  await wb.page.keyboard.press('Control+K');
  await wb.page.keyboard.press('Control+I');
  await wb.waitFor('a hover with a stack effect', () => {
    const h = document.querySelector('.monaco-hover-content');
    return h && /swap/.test(h.textContent) && /--/.test(h.textContent);
  });
  await wb.screenshot('05-hover');
  await wb.page.keyboard.press('Escape');
  // Completion at the end of the first line of code.
  await wb.goTo(1, 1);
  await wb.page.keyboard.press('End');
  await wb.page.keyboard.press('Enter');
  await wb.page.keyboard.type('dro');
  await wb.page.keyboard.press('Control+Space');
  await wb.waitFor('a completion list offering drop', () =>
    Array.from(document.querySelectorAll('.suggest-widget .monaco-list-row')).some((e) => e.textContent.includes('drop')),
  );
  await wb.screenshot('06-completion');
  await wb.page.keyboard.press('Escape');
  await wb.runCommand('File: Revert File');
});

test('language modes: .gb, .rtk, RoboWar .txt, .rl; prose .txt stays plain text', async () => {
  const modes = {};
  for (const [file, mode] of [
    ['grobots/fighter.gb', 'Grobocode'],
    ['robowar/dodger.rtk', 'RoboTalk'],
    ['robowar/classic.txt', 'RoboTalk'],
    ['robbie/tour.rl', 'Robbie Language'],
    ['notes.txt', 'Plain Text'],
  ]) {
    await wb.openFile(file);
    await wb.waitForLanguageMode(mode);
    modes[file] = await wb.languageMode();
  }
  await wb.openFile('robowar/classic.txt');
  await wb.page.waitForTimeout(2000);
  assert.equal(await wb.squiggleCount(), 0, 'the RoboWar .txt robot has no false squiggle');
  await wb.screenshot('06-robowar-txt');
  log(JSON.stringify(modes));
});

test('a Latin-1 side edited and saved keeps every byte outside the edit', async () => {
  await wb.openFile('grobots/latin1.gb');
  await wb.page.waitForTimeout(1500);
  await wb.goTo(1, 1);
  await wb.page.keyboard.press('End');
  await wb.page.keyboard.type(' edited');
  await wb.page.keyboard.press('Control+S');
  await wb.waitFor('the save to finish', () => !document.querySelector('.tabs-container .tab.active.dirty'));
  await wb.page.waitForTimeout(500);
  const saved = fs.readFileSync(path.join(workspace, 'grobots/latin1.gb'));
  const firstLine = latin1.indexOf(0x0a);
  const expected = Buffer.concat([latin1.subarray(0, firstLine), Buffer.from(' edited'), latin1.subarray(firstLine)]);
  await wb.screenshot('07-latin1-saved');
  assert.ok(saved.equals(expected), `saved ${saved.length} bytes, expected ${expected.length}; first line ${JSON.stringify(saved.subarray(0, 60).toString('latin1'))}`);
});

test('Show disassembly opens a read-only view that follows the source', async () => {
  await wb.openFile('grobots/typo.gb');
  await wb.runCommand('Chronon: Show disassembly');
  await wb.page.locator('.tabs-container .tab:has-text("typo.gb.disasm")').waitFor({ timeout: 15000 });
  await wb.waitFor('the listing', () =>
    Array.from(document.querySelectorAll('.editor-group-container .view-line')).some((e) => e.textContent.includes('swap')),
  );
  await wb.screenshot('08-disassembly');
  // Read-only: typing into the view changes nothing and VS Code says it cannot edit.
  await wb.page.locator('.tabs-container .tab:has-text("typo.gb.disasm")').click();
  const before = (await wb.editorLines()).join('\n');
  await wb.page.keyboard.type('xyz');
  const afterTyping = (await wb.editorLines()).join('\n');
  assert.equal(afterTyping, before, 'the disassembly view is read-only');
  assert.equal(await wb.page.locator('.tabs-container .tab.dirty:has-text("typo.gb.disasm")').count(), 0);
  // Follows the source: an edit in typo.gb shows in the listing without saving.
  await wb.page.locator('.tabs-container .tab:has-text("typo.gb")').first().click();
  await wb.goTo(8, 1);
  await wb.page.keyboard.press('End');
  await wb.page.keyboard.type(' 77 drop');
  await wb.waitFor('the listing to show the new literal', () =>
    Array.from(document.querySelectorAll('.editor-group-container .view-line')).some((e) => /\b77\b/.test(e.textContent)),
  );
  await wb.screenshot('09-disassembly-follows');
  await wb.runCommand('File: Revert File');
  await wb.runCommand('View: Close All Editors');
});

test('Run battle picks Grobots opponents and shows the result', async () => {
  await wb.openFile('grobots/algae.gb');
  await wb.runCommand('Chronon: Run battle');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'fighter.gb' }).first();
  await row.waitFor({ timeout: 15000 });
  // Only Grobots sides are offered.
  const offered = await wb.page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
  assert.ok(offered.every((t) => !/\.rtk|\.txt/.test(t)), JSON.stringify(offered));
  await wb.screenshot('10-battle-picker');
  await wb.checkAndAccept(['fighter.gb', 'gatherer.gb']);
  await wb.waitForPanelText(/\[battle: exit status 0\]/);
  const text = await wb.panelText();
  assert.match(text, /Chronon Algae/);
  assert.match(text, /Chronon Blasters|Chronon Gatherers/);
  // The battle's replay opens in the viewer beside the side, named after the battle.
  await wb.page.locator('.tabs-container .tab', { hasText: 'Chronon Algae · Chronon Blasters' }).first().waitFor({ timeout: 30000 });
  await wb.webviewFrame('.cv-title', 'Chronon Algae', 60000);
  await wb.screenshot('11-battle-output');
  await wb.runCommand('View: Close All Editors');
});

test('Watch battle on a RoboWar robot opens the viewer with the arena drawn', async () => {
  await wb.openFile('robowar/spinner.rtk');
  await wb.runCommand('Chronon: Watch battle');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'dodger.rtk' }).first();
  await row.waitFor({ timeout: 15000 });
  const offered = await wb.page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
  assert.ok(offered.every((t) => !/\.gb/.test(t)), `only RoboWar robots: ${JSON.stringify(offered)}`);
  await wb.checkAndAccept(['dodger.rtk']);
  await wb.page.locator('.tabs-container .tab', { hasText: 'spinner vs dodger' }).first().waitFor({ timeout: 30000 });
  const frame = await wb.webviewFrame('.cv-title', 'spinner vs dodger');
  await frame.waitForFunction(() => window.chrononViewerDebug && window.chrononViewerDebug.status() === 'complete', null, { timeout: 20000 });
  // The arena is drawn: a blank or cleared canvas shows one colour.
  const colours = await arenaColours(frame);
  await wb.screenshot('11b-watch-battle');
  assert.ok(colours > 10, `the arena canvas shows ${colours} colours`);
  log(`the arena shows ${colours} colours`);
});

test('Watch battle on a Robbie program shows its run in the default room', async () => {
  await wb.runCommand('View: Close All Editors');
  await wb.openFile('robbie/tour.rl');
  // The workspace has no .room file, so no room is asked for.
  await wb.runCommand('Chronon: Watch battle');
  await wb.page.locator('.tabs-container .tab', { hasText: 'Tour (Robbie)' }).first().waitFor({ timeout: 30000 });
  const frame = await wb.webviewFrame('.cv-title', 'Tour');
  await frame.waitForFunction(() => window.chrononViewerDebug && window.chrononViewerDebug.status() === 'complete', null, { timeout: 20000 });
  const colours = await arenaColours(frame, 3);
  await wb.screenshot('11c-watch-robbie');
  assert.ok(colours > 3, `the room canvas shows ${colours} colours`);
});

test('a .replay file opens in the viewer (the custom editor)', async () => {
  await wb.runCommand('View: Close All Editors');
  await wb.quickOpen('replays/duel.replay');
  const frame = await wb.webviewFrame('.cv-title', 'wanderer vs dodger');
  const colours = await arenaColours(frame);
  await wb.screenshot('11d-replay-editor');
  assert.ok(colours > 10, `the arena canvas shows ${colours} colours`);
  // Playing moves the clock on.
  await frame.locator('button', { hasText: 'Play' }).first().click();
  await frame.waitForFunction(() => window.chrononViewerDebug.moment() > 20, null, { timeout: 15000 });
  await wb.screenshot('11e-replay-playing');
  await wb.runCommand('View: Close All Editors');
});

test('Run tournament on a folder with both games plays both, lined up, with progress', async () => {
  await wb.runCommand('Chronon: Run tournament');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'mixed' }).first();
  await row.waitFor({ timeout: 15000 });
  assert.match(await row.innerText(), /2 Grobots sides, 2 RoboWar robots/);
  await row.click();
  await wb.waitFor('a progress notification with Cancel', () =>
    Array.from(document.querySelectorAll('.notification-toast')).some(
      (e) => e.textContent.includes('tournament') && e.querySelector('.monaco-button'),
    ),
  );
  await wb.screenshot('12-tournament-progress');
  await wb.waitForPanelText(/\[RoboWar tournament: exit status 0\]/, 120000);
  await wb.screenshot('13-tournament-output');
  // The whole channel, as code-server logs it: both games played, the Grobots table lined up.
  const text = findOutputLogs(server.root, /\d-Chronon\.log$/).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  assert.match(text, /\[Grobots tournament: exit status 0\]/);
  const table = text.split('\n').filter((l) => /^\s*score\s+error\s+survival/.test(l) || /^\s*\d+\.\d%\s+\d/.test(l));
  assert.ok(table.length >= 3, `a Grobots results table in ${text}`);
  assert.ok(table.every((l) => !l.includes('\t')), 'no tabs left in the table');
  const nameColumn = table.map((l) => l.search(/Chronon|name$/));
  assert.ok(nameColumn.every((c) => c === nameColumn[0]), `the name column lines up: ${table.join('\n')}`);
  assert.match(text, /Chronon Spinner|spinner/i);
});

test('Watch a tournament bout lists the RoboWar bouts and opens one', async () => {
  await wb.runCommand('Chronon: Watch a tournament bout');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'spinner vs wanderer' }).first();
  await row.waitFor({ timeout: 15000 });
  const rows = await wb.page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
  assert.ok(rows.some((r) => /Duel 0/.test(r)), JSON.stringify(rows));
  await wb.screenshot('13b-tournament-bouts');
  await row.click();
  const frame = await wb.webviewFrame('.cv-title', 'spinner vs wanderer');
  assert.ok((await arenaColours(frame)) > 10, 'the bout is drawn');
  await wb.screenshot('13c-tournament-bout');
  await wb.runCommand('View: Close All Editors');
});

test('Cancel stops a running tournament', async () => {
  await wb.runCommand('Chronon: Run tournament');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: /^grobots/ }).first();
  await row.waitFor({ timeout: 15000 });
  await row.click();
  const cancel = wb.page.locator('.notification-toast .monaco-button', { hasText: 'Cancel' }).first();
  await cancel.waitFor({ timeout: 15000 });
  await cancel.click();
  await wb.waitForPanelText(/\[Grobots tournament: cancelled\]/, 30000);
  await wb.screenshot('14-tournament-cancelled');
});

test('Restart language server works and logs no error for the clean exit', async () => {
  await wb.openFile('grobots/typo.gb');
  await wb.runCommand('Chronon: Restart language server');
  await wb.page.waitForTimeout(2000);
  // The file was fixed earlier: a new typo must get a squiggle from the restarted server.
  await wb.goTo(8, 1);
  await wb.page.keyboard.press('End');
  await wb.page.keyboard.type(' dupp');
  await wb.waitFor('diagnostics after the restart', () => document.querySelectorAll('.editor-instance .squiggly-error').length > 0, 30000);
  await wb.screenshot('15-after-restart');
  await wb.runCommand('File: Revert File');
  const logs = findOutputLogs(server.root, /Chronon Language Server\.log$/);
  assert.ok(logs.length > 0, 'the language server output channel is logged');
  const text = logs.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  // The channel is a log channel: an error line reads "[error]".
  assert.doesNotMatch(text, /\[error/i, text);
  assert.match(text, /Starting .*chronon lsp/);
});

test('Debug this robot: a RoboWar robot stops at a breakpoint, steps and steps back', async () => {
  await wb.clearNotifications();
  await wb.runCommand('View: Close All Editors');
  await wb.openFile('robowar/dodger.rtk');
  await wb.waitForLanguageMode('RoboTalk');
  // A breakpoint on "aim 11 + aim' store", the main loop's second line.
  await wb.goTo(15, 3);
  await wb.runCommand('Debug: Toggle Breakpoint');
  await wb.waitFor('a breakpoint in the margin', () => document.querySelectorAll('.editor-instance .codicon-debug-breakpoint').length > 0);
  await wb.runCommand('Chronon: Debug this robot');
  const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'spinner.rtk' }).first();
  await row.waitFor({ timeout: 15000 });
  const offered = await wb.page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
  assert.ok(offered.every((t) => !/\.gb|dodger\.rtk/.test(t)), `only the other RoboWar robots: ${JSON.stringify(offered)}`);
  await wb.checkAndAccept(['spinner.rtk']);
  // Paused at the breakpoint: the toolbar offers Continue and Step Back, Variables lists the scopes,
  // the call stack's top frame is on line 15 of dodger.rtk.
  await wb.waitFor('the debug toolbar paused', () => !!document.querySelector('.debug-toolbar .codicon-debug-continue'), 30000);
  await wb.waitFor('Data stack in Variables', () =>
    Array.from(document.querySelectorAll('.debug-pane .monaco-list-row, .pane-body .monaco-list-row')).some((e) => e.textContent.includes('Data stack')), 30000);
  // Where the debugged robot is: the call stack's thread row reads "chronon 1, dodger (robot 0) at hunt+4".
  const position = () => wb.page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).map((e) => e.textContent.replace(/\u00a0/g, ' '));
    const m = rows.map((t) => /chronon \d+, dodger \(robot 0\) at \S+/.exec(t)).find(Boolean);
    return m ? m[0] : '';
  });
  await wb.waitFor('the stop at hunt+ in the call stack', () =>
    Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).some((e) => /dodger \(robot 0\) at hunt\+\d/.test(e.textContent)), 15000);
  const atBreakpoint = await position();
  assert.ok(await wb.page.locator('.debug-toolbar .codicon-debug-step-back').count() > 0, 'Step Back is on the toolbar');
  await wb.screenshot('16-debug-paused');
  log(`paused at ${atBreakpoint}`);
  // The battle viewer opens beside, at the paused chronon, with the paused robot (entity 1) selected.
  const chronon = Number(/chronon (\d+)/.exec(atBreakpoint)[1]);
  // "dodger vs spinner": earlier tests' viewers (spinner vs dodger, wanderer vs dodger) may still be
  // alive, hidden.
  const viewer = await wb.webviewFrame('.cv-title', 'dodger vs spinner', 30000);
  await viewer.waitForFunction(
    (t) => window.chrononViewerDebug && window.chrononViewerDebug.moment() === t && window.chrononViewerDebug.canvas.clientHeight > 50,
    chronon,
    { timeout: 20000 },
  );
  assert.ok((await arenaColours(viewer)) > 10, 'the paused battle is drawn');
  await wb.screenshot('16b-debug-viewer');
  // Clicking spinner (entity 2) in the viewer focuses its thread: the call stack shows its frame.
  const clickRobot = async (id) => {
    // The viewer is in sight again once the focused thread's source has opened (viewer.ts, show).
    await viewer.waitForFunction(() => window.chrononViewerDebug.canvas.clientHeight > 50, null, { timeout: 15000 });
    const spot = await viewer.evaluate((wanted) => {
      const d = window.chrononViewerDebug;
      const robot = d.entities().find((e) => e.id === wanted);
      return d.toCanvas(robot.fields.x, robot.fields.y);
    }, id);
    await viewer.locator('.cv-stage canvas').first().click({ position: spot });
  };
  await clickRobot(2);
  await wb.waitFor('spinner focused in the call stack', () =>
    /spinner \(robot 1\) at search/.test(Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).map((e) => e.textContent).join('\n')), 15000);
  // The viewer keeps spinner selected (the stop for its thread names it) and stays in sight.
  await viewer.waitForFunction(() => /spinner/.test(document.querySelector('.cv-inspector h3')?.textContent ?? ''), null, { timeout: 15000 });
  await wb.screenshot('16c-debug-viewer-selects-thread');
  // Back to dodger for the steps below, by clicking it in the viewer.
  await clickRobot(1);
  await wb.waitFor('dodger focused again', () =>
    Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).some((e) => /hunt\+\d+: /.test(e.textContent)), 15000);
  await wb.runCommand('View: Close All Editors');
  await wb.openFile('robowar/dodger.rtk');
  await wb.runCommand('Debug: Step Into');
  await wb.waitFor('the robot to move on', (before) => {
    const text = Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).map((e) => e.textContent.replace(/\u00a0/g, ' ')).join('\n');
    return /dodger \(robot 0\) at \S+/.test(text) && !text.includes(before);
  }, 15000, atBreakpoint);
  const stepped = await position();
  // AIM' pushed the register's address: the Data stack shows it on top (depth 0).
  const scope = wb.page.locator('.debug-pane .monaco-list-row', { hasText: 'Data stack' }).first();
  if ((await scope.getAttribute('aria-expanded')) !== 'true') await scope.click();
  await wb.waitFor('the top of the data stack', () =>
    Array.from(document.querySelectorAll('.debug-pane .monaco-list-row')).some((e) => /^\s*0\s*=\s*-?\d+/.test(e.textContent.replace(/\u00a0/g, ' '))), 15000);
  await wb.screenshot('17-debug-stepped');
  log(`stepped to ${stepped}`);
  // Step Back is a toolbar button (the palette has no entry for it).
  await wb.page.locator('.debug-toolbar .codicon-debug-step-back').first().click();
  await wb.waitFor('the robot to come back', (before) =>
    Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).some((e) => e.textContent.replace(/\u00a0/g, ' ').includes(before)), 15000, atBreakpoint);
  await wb.screenshot('18-debug-stepped-back');
  log(`stepped back to ${await position()}`);
  await wb.runCommand('Debug: Stop');
  // The session ends: the debug toolbar hides.
  await wb.page.locator('.debug-toolbar').first().waitFor({ state: 'hidden', timeout: 15000 });
  log('the debug session ended');
  // The breakpoint goes too, so that later steps run as before.
  await wb.goTo(15, 3);
  await wb.runCommand('Debug: Toggle Breakpoint');
  await wb.waitFor('the breakpoint to go', () => document.querySelectorAll('.editor-instance .codicon-debug-breakpoint').length === 0);
  await wb.runCommand('View: Close All Editors');
});

test('Debug this robot on a Robbie program: stops at a breakpoint, shows registers and hardware, steps and steps back', async () => {
  await wb.clearNotifications();
  await wb.openFile('robbie/tour.rl');
  await wb.waitForLanguageMode('Robbie Language');
  // A breakpoint on "forward 20" (line 20).
  await wb.goTo(20, 1);
  await wb.runCommand('Debug: Toggle Breakpoint');
  await wb.waitFor('a breakpoint in the margin', () => document.querySelectorAll('.editor-instance .codicon-debug-breakpoint').length > 0);
  // Robbie runs alone: no list of opponents, the session starts at once.
  await wb.runCommand('Chronon: Debug this robot');
  await wb.waitFor('the debug toolbar paused', () => !!document.querySelector('.debug-toolbar .codicon-debug-continue'), 30000);
  const rows = () => Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).map((e) => e.textContent.replace(/\u00a0/g, ' ')).join('\n');
  // One thread: the call stack shows its frame (and the stop's description in its title).
  await wb.waitFor('the frame at line 20 in the call stack', () =>
    Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).some((e) => /line 20: push 20/.test(e.textContent)), 30000);
  await wb.waitFor('Registers and Hardware in Variables', () => {
    const text = Array.from(document.querySelectorAll('.debug-pane .monaco-list-row')).map((e) => e.textContent).join('\n');
    return text.includes('Registers') && text.includes('Hardware');
  }, 30000);
  // The Registers scope (expanded first) lists the tour's registers with their RL values.
  await wb.waitFor('Count = 5 among the registers', () =>
    Array.from(document.querySelectorAll('.debug-pane .monaco-list-row')).some((e) => /Count\s*=\s*5/.test(e.textContent.replace(/\u00a0/g, ' '))), 15000);
  await wb.screenshot('19-debug-robbie-paused');
  await wb.runCommand('Debug: Step Into');
  await wb.waitFor('Robbie to move on to the forward command', () => /line 20: forward/.test(document.querySelector('.debug-call-stack').textContent), 15000);
  await wb.screenshot('20-debug-robbie-stepped');
  await wb.page.locator('.debug-toolbar .codicon-debug-step-back').first().click();
  await wb.waitFor('Robbie to come back', () => /line 20: push 20/.test(document.querySelector('.debug-call-stack').textContent), 15000);
  log(`robbie: ${(await wb.page.evaluate(rows)).split('\n').slice(0, 3).join(' | ')}`);
  await wb.runCommand('Debug: Stop');
  await wb.page.locator('.debug-toolbar').first().waitFor({ state: 'hidden', timeout: 15000 });
  await wb.goTo(20, 1);
  await wb.runCommand('Debug: Toggle Breakpoint');
  await wb.waitFor('the breakpoint to go', () => document.querySelectorAll('.editor-instance .codicon-debug-breakpoint').length === 0);
  await wb.runCommand('View: Close All Editors');
});

/**
 * How many colours the viewer's arena in FRAME shows, once it shows more than MIN (a canvas not yet
 * drawn shows one); waits up to 10 s, then returns what it shows.
 */
async function arenaColours(frame, min = 10) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const colours = await wb.canvasColours(frame, '.cv-stage canvas');
    if (colours > min || Date.now() > deadline) return colours;
    await wb.page.waitForTimeout(200);
  }
}

/** The files in which code-server logs an output channel, by a pattern of their names. */
function findOutputLogs(root, pattern) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (pattern.test(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found;
}

test('Debug this robot on a Grobots side: the side\'s robots are threads, paused at the first instruction', async () => {
  await wb.clearNotifications();
  await wb.openFile('grobots/gatherer.gb');
  await wb.runCommand('Chronon: Debug this robot');
  // The opponents offered are the workspace's other sides; fighter.gb is checked.
  const sideRow = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'fighter.gb' }).first();
  await sideRow.waitFor({ timeout: 15000 });
  const sides = await wb.page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
  assert.ok(sides.every((t) => !/\.rtk|gatherer\.gb/.test(t)), `only the other Grobots sides: ${JSON.stringify(sides)}`);
  await wb.checkAndAccept(['fighter.gb']);
  // No breakpoint: the session stops at a gatherer's first instruction, its robots as threads.
  await wb.waitFor('the debug toolbar paused on a side', () => !!document.querySelector('.debug-toolbar .codicon-debug-continue'), 30000);
  await wb.runCommand('View: Show Run and Debug');
  await wb.waitFor('a gatherer thread in the call stack', () =>
    Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row')).some((e) => /Gatherer #\d+/.test(e.textContent)), 30000);
  await wb.waitFor('Return stack in Variables', () =>
    Array.from(document.querySelectorAll('.debug-pane .monaco-list-row, .pane-body .monaco-list-row')).some((e) => e.textContent.includes('Return stack')), 30000);
  await wb.screenshot('15b-debug-grobots');
  log('a Grobots side paused at its first instruction');
  // The battle viewer opens beside at the paused frame (the round's first), with the paused
  // gatherer selected: the adapter recorded the round into a file the extension read.
  const viewer = await wb.webviewFrame('.cv-title', 'Chronon Gatherers', 60000);
  await viewer.waitForFunction(
    () => window.chrononViewerDebug && window.chrononViewerDebug.moment() <= 1 && window.chrononViewerDebug.canvas.clientHeight > 50,
    null,
    { timeout: 30000 },
  );
  await viewer.waitForFunction(() => /Gatherer/.test(document.querySelector('.cv-inspector h3')?.textContent ?? ''), null, { timeout: 15000 });
  const colours = await arenaColours(viewer);
  await wb.screenshot('15c-debug-grobots-viewer');
  assert.ok(colours > 10, `the paused round is drawn: ${colours} colours`);
  await wb.runCommand('Debug: Stop');
  await wb.page.locator('.debug-toolbar').first().waitFor({ state: 'hidden', timeout: 15000 });
  await wb.clearNotifications();
});

test('the integrated terminal finds the chronon of chronon.path, whose folder is not on the PATH', async () => {
  await wb.runCommand('View: Close All Editors');
  const out = path.join(server.root, 'terminal-chronon.txt');
  await wb.runCommand('Terminal: Create New Terminal');
  const terminal = wb.page.locator('.terminal-wrapper.active .xterm').first();
  await terminal.waitFor({ timeout: 20000 });
  await terminal.click();
  // Typed keys wait in the terminal until the shell reads them.
  await wb.page.keyboard.type(`command -v chronon >${out}.part && chronon --version >>${out}.part && mv ${out}.part ${out}`);
  await wb.page.keyboard.press('Enter');
  const deadline = Date.now() + 30000;
  while (!fs.existsSync(out)) {
    if (Date.now() > deadline) {
      await wb.screenshot('failure-terminal-chronon');
      throw new Error(`the terminal wrote no ${out} within 30 s`);
    }
    await wb.page.waitForTimeout(250);
  }
  await wb.page.waitForTimeout(500);
  await wb.screenshot('21-terminal-chronon');
  const [found, versionLine] = fs.readFileSync(out, 'utf8').split('\n');
  assert.equal(found, path.join(chrononDir, 'chronon'), 'the terminal runs the chronon of chronon.path');
  assert.match(versionLine, /^chronon/);
  log(`the terminal runs ${found}: ${versionLine}`);
  await wb.runCommand('Terminal: Kill All Terminals');
});

test('a fresh start with chronon on the PATH and no chronon.path setting runs the language server', async () => {
  // A typo to be found by a server that only the PATH can have started.
  put('grobots/onpath.gb', '#side OnPath\n#type Bot\n#hardware\nprocessor 10\nenergy 100 0\n#code\nmain:\n  1 dupp drop drop\n  main jump\n#end\n');
  await wb.page.close();
  wb = undefined;
  await server.stop();
  // The same user data and installed extension; the settings have no chronon.path; chronon's folder
  // leads the PATH (code-server's, and its user's profile, which the extension host's comes from).
  server = await startCodeServer({
    workspace,
    reuse: server.root,
    settings: baseSettings,
    searchPath: [chrononDir, pathWithoutChronon].join(path.delimiter),
    logFile: path.join(artifacts, 'code-server-on-path.log'),
  });
  assert.ok(!('chronon.path' in JSON.parse(fs.readFileSync(server.settingsFile, 'utf8'))), 'no chronon.path in the settings');
  wb = await Workbench.open(browser, server.url, artifacts);
  await wb.openFile('grobots/onpath.gb');
  await wb.waitForLanguageMode('Grobocode');
  await wb.waitFor('a squiggle under the typo from the server found on the PATH', () =>
    document.querySelectorAll('.editor-instance .squiggly-error').length > 0, 30000);
  // The status bar item says the server runs (its check mark).
  await wb.waitFor('the status bar item to say the server runs', () =>
    Array.from(document.querySelectorAll('.statusbar-item')).some((e) => e.textContent.trim() === 'Chronon' && e.querySelector('.codicon-check')), 15000);
  await wb.screenshot('22-no-setting-on-path');
  const messages = (await wb.notifications()).filter((m) => /chronon/i.test(m));
  assert.deepEqual(messages, [], 'no message about chronon');
  // The log of this start names the bare `chronon`, looked up on the PATH.
  const logs = findOutputLogs(server.root, /Chronon Language Server\.log$/).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  assert.match(logs, /Starting chronon lsp \(chronon/, logs);
  log('the language server started from the PATH with no chronon.path');
});
