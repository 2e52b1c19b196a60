#!/usr/bin/env node
// Soak test of `chronon lsp` (issue 22, item 3): two clients' streams of random edits and requests,
// interleaved on one server, over corpus files. Usage:
//   node soak.js CHRONON_BINARY [--edits N] [--corpus DIR] [--seed S]
//
// `chronon lsp` speaks over stdin/stdout only, so one server has one connection, as every editor
// gives each window a server of its own. "Two clients at once" is therefore two independent
// streams, each owning its own documents (as two editor windows would), whose edits and requests
// are interleaved message by message on the one connection; requests are pipelined (not awaited
// before the next edit), so answers and diagnostics of both streams race each other.
//
// Checked: the server never exits and answers every request without an internal error; at each
// checkpoint (every N/10 edits and at the end) the diagnostics it publishes for the current version
// of every document equal those a fresh server publishes on the same text, and so do the document
// symbols, semantic tokens, inlay hints and hovers at a few positions; its resident size (VmRSS of
// /proc/PID/status) at the end is less than 20% above its size after warm-up (the first
// checkpoint). Prints one JSON line per checkpoint and a summary with the memory before and after;
// exit 0 when all pass, 1 on a failure, 2 on the global timeout. With CHRONON_SANITIZED set (bench/asan.sh)
// the memory is printed but not checked: AddressSanitizer keeps freed blocks in a quarantine of up to
// 256 MB, so there the resident size grows whatever the server does.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const rpc = require('vscode-languageserver-protocol/node');
const soak = require('../e2e-common/soak_support.js');

const { binary, option } = soak.commandLine('node soak.js CHRONON_BINARY [--edits N] [--corpus DIR] [--seed S]');
const EDITS = Number(option('--edits', 20000));
const CHECKPOINTS = 10;
const corpus = option('--corpus', path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus'));
// The same seed gives the same edits.
const { random, below, pick } = soak.seededRandom(option('--seed', 22));
const timer = soak.deadline(Number(option('--timeout', 3600)));
const { fail, count: failures } = soak.failureLog();
const sanitized = soak.sanitized;

// The files: corpus sides and robots when the corpus is there, else the bundled robots.
function gatherFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(gb|rtk|rl)$/i.test(entry.name)) found.push(full);
      // RoboWar robots in the corpus are text files (as in client.js).
      else if (/\.txt$/i.test(entry.name) && /robowar/.test(full) && !/header|bytecode/i.test(full)) found.push(full);
    }
  };
  const stdlib = path.resolve(__dirname, '..', '..', 'stdlib');
  if (fs.existsSync(corpus)) {
    walk(corpus);
  } else {
    console.log(JSON.stringify({ note: `corpus absent (${corpus}): using the bundled stdlib robots` }));
    walk(stdlib);
  }
  // The corpus has no Robbie Language programs: the bundled ones stand in for them.
  if (!found.some((f) => languageOf(f) === 'robbie')) walk(path.join(stdlib, 'robbie'));
  // A mix of every language present; moderately sized files keep each analysis short.
  found.sort();
  const byLanguage = new Map();
  for (const file of found) {
    const size = fs.statSync(file).size;
    if (size < 200 || size > 40000) continue;
    const language = languageOf(file);
    if (!byLanguage.has(language)) byLanguage.set(language, []);
    byLanguage.get(language).push(file);
  }
  const chosen = [];
  for (let i = 0; chosen.length < 6 && i < 60; i++) {
    const languages = [...byLanguage.keys()];
    const list = byLanguage.get(languages[i % languages.length]);
    const file = pick(list);
    if (!chosen.includes(file)) chosen.push(file);
  }
  return chosen;
}

function languageOf(file) {
  if (/\.gb$/i.test(file)) return 'grobocode';
  if (/\.rl$/i.test(file)) return 'robbie';
  return 'robotalk';
}

// LSP positions: lines end at \r\n, \r or \n; characters are UTF-16 units (latin1 text has one each).
function positionAt(text, offset) {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) {
      if (i + 1 >= offset) break;
      i++;
    }
    if (c === 13 || c === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

// An offset that does not split a \r\n pair.
function safeOffset(text, offset) {
  if (offset > 0 && offset < text.length && text.charCodeAt(offset - 1) === 13 && text.charCodeAt(offset) === 10) return offset - 1;
  return offset;
}

class Server {
  constructor(debounce) {
    this.child = spawn(binary, ['lsp', '--debounce', String(debounce)], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.exited = false;
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.exitInfo = { code, signal };
    });
    this.connection = rpc.createProtocolConnection(
      new rpc.StreamMessageReader(this.child.stdout),
      new rpc.StreamMessageWriter(this.child.stdin),
    );
    this.published = new Map();  // uri -> latest params
    this.waiters = [];
    this.connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
      this.published.set(params.uri, params);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === params.uri && (w.version === undefined || params.version === w.version)) {
          w.resolve(params);
          this.waiters.splice(i, 1);
        }
      }
    });
    this.connection.onRequest((method) => new rpc.ResponseError(-32601, `client does not handle ${method}`));
    this.connection.listen();
  }

  async initialize() {
    await this.connection.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: null,
      capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } },
    });
    await this.connection.sendNotification(rpc.InitializedNotification.type, {});
  }

  diagnosticsFor(uri, version) {
    const latest = this.published.get(uri);
    if (latest && (version === undefined || latest.version === version)) return Promise.resolve(latest);
    return new Promise((resolve) => this.waiters.push({ uri, version, resolve }));
  }

  rss() {
    return soak.residentKb(this.child.pid);
  }

  async stop() {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.on('exit', resolve));
    await this.connection.sendRequest(rpc.ShutdownRequest.type);
    await this.connection.sendNotification(rpc.ExitNotification.type);
    await exited;
    this.connection.dispose();
  }
}

// One client's documents and its random stream of edits and requests.
class Client {
  constructor(name, files) {
    this.name = name;
    this.docs = files.map((file, i) => {
      const original = fs.readFileSync(file, 'latin1');
      const words = [...new Set(original.split(/[\s;#{}]+/).filter((w) => w.length > 0 && w.length < 24))];
      return {
        uri: `file:///soak/${name}/${i}/${path.basename(file)}`,
        languageId: languageOf(file),
        original,
        text: original,
        version: 1,
        words: words.length ? words : ['x'],
      };
    });
  }
}

const JUNK = ['', '\n', ' ', ':', '^', '#', ';', '{', '}', '"', '(', ')', '-', '0', '1.5', '99999', '\t', 'if', 'then',
  'else', 'end', 'while', 'do', 'loop', 'jump', 'call', 'return', 'store', '#type X', '#code', '#end', 'stop', '\u00e9'];

function randomEdit(doc) {
  const text = doc.text;
  if (random() < 0.002 || text.length > 2 * doc.original.length + 200) {
    return { range: { start: { line: 0, character: 0 }, end: positionAt(text, text.length) }, text: doc.original, whole: true };
  }
  const start = safeOffset(text, below(text.length + 1));
  const shrink = text.length > 1.5 * doc.original.length;
  const end = safeOffset(text, Math.min(text.length, start + (random() < 0.5 ? 0 : below(shrink ? 60 : 12))));
  const r = random();
  let insert;
  if (shrink) insert = '';
  else if (r < 0.35) insert = ' ' + pick(doc.words) + ' ';
  else if (r < 0.6) insert = pick(JUNK);
  else if (r < 0.75) insert = '\n' + pick(doc.words);
  else if (r < 0.85) {
    // A piece of the file itself, as a paste would bring.
    const from = below(Math.max(1, doc.original.length - 40));
    insert = doc.original.slice(from, from + below(40));
  } else insert = '';
  if (insert.endsWith('\r') || (end < text.length && text.charCodeAt(end) === 10 && insert.endsWith('\r'))) insert += '\n';
  return { range: { start: positionAt(text, start), end: positionAt(text, Math.max(start, end)) }, text: insert, start, end: Math.max(start, end) };
}

function randomPosition(doc) {
  return positionAt(doc.text, below(doc.text.length + 1));
}

let requestsSent = 0;
let requestsAnswered = 0;
let requestsRefused = 0;  // Answered with an error response (a rename of nothing, say).
const outstanding = new Set();

function request(server, type, params) {
  requestsSent++;
  const p = server.connection.sendRequest(type, params).then(
    () => requestsAnswered++,
    (error) => {
      requestsAnswered++;
      requestsRefused++;
      // Refusals (a rename of nothing, a position past the text) are answers; an internal error or
      // a dropped connection is a failure.
      if (!(error instanceof rpc.ResponseError) || error.code === -32603) fail(`request ${type.method}`, String(error && error.message));
    },
  );
  outstanding.add(p);
  p.then(() => outstanding.delete(p));
  return p;
}

function randomRequest(server, doc) {
  const td = { uri: doc.uri };
  const at = { textDocument: td, position: randomPosition(doc) };
  switch (below(12)) {
    case 0: return request(server, rpc.HoverRequest.type, at);
    case 1: return request(server, rpc.CompletionRequest.type, at);
    case 2: return request(server, rpc.DefinitionRequest.type, at);
    case 3: return request(server, rpc.ReferencesRequest.type, { ...at, context: { includeDeclaration: random() < 0.5 } });
    case 4: return request(server, rpc.DocumentSymbolRequest.type, { textDocument: td });
    case 5: return request(server, rpc.SemanticTokensRequest.type, { textDocument: td });
    case 6: return request(server, rpc.InlayHintRequest.type, { textDocument: td, range: { start: { line: 0, character: 0 }, end: positionAt(doc.text, doc.text.length) } });
    case 7: return request(server, rpc.SignatureHelpRequest.type, at);
    case 8: return request(server, rpc.PrepareRenameRequest.type, at);
    case 9: return request(server, rpc.RenameRequest.type, { ...at, newName: pick(['renamed', 'x1', '']) });
    case 10: return request(server, rpc.DocumentFormattingRequest.type, { textDocument: td, options: { tabSize: 2, insertSpaces: true } });
    default: return request(server, rpc.CodeActionRequest.type, { textDocument: td, range: { start: at.position, end: at.position }, context: { diagnostics: [] } });
  }
}

// What two servers must agree on for one document's current text.
async function views(server, doc) {
  const td = { uri: doc.uri };
  const whole = { start: { line: 0, character: 0 }, end: positionAt(doc.text, doc.text.length) };
  const positions = [0.1, 0.4, 0.7, 0.95].map((f) => positionAt(doc.text, Math.floor(doc.text.length * f)));
  const send = (type, params) => server.connection.sendRequest(type, params).catch((e) => ({ error: e.code }));
  return {
    symbols: await send(rpc.DocumentSymbolRequest.type, { textDocument: td }),
    tokens: await send(rpc.SemanticTokensRequest.type, { textDocument: td }),
    hints: await send(rpc.InlayHintRequest.type, { textDocument: td, range: whole }),
    hovers: await Promise.all(positions.map((position) => send(rpc.HoverRequest.type, { textDocument: td, position }))),
  };
}

async function checkpoint(server, clients, index) {
  await Promise.all([...outstanding]);
  if (server.exited) {
    fail('the server exited', server.exitInfo);
    return;
  }
  const fresh = new Server(0);
  let mismatches = 0;
  try {
    await fresh.initialize();
    for (const client of clients) {
      for (const doc of client.docs) {
        const soaked = await server.diagnosticsFor(doc.uri, doc.version);
        const freshDiagnostics = fresh.diagnosticsFor(doc.uri, 1);
        await fresh.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
          textDocument: { uri: doc.uri, languageId: doc.languageId, version: 1, text: doc.text },
        });
        const expected = await freshDiagnostics;
        try {
          assert.deepStrictEqual(soaked.diagnostics, expected.diagnostics);
          assert.deepStrictEqual(await views(server, doc), await views(fresh, doc));
        } catch (e) {
          mismatches++;
          fail(`checkpoint ${index}: ${doc.uri} differs from a fresh server`, String(e.message).slice(0, 2000));
          fs.writeFileSync(path.join(require('os').tmpdir(), `lsp-soak-${client.name}-${path.basename(doc.uri)}`), doc.text, 'latin1');
        }
      }
    }
  } finally {
    await fresh.stop();
  }
  return mismatches;
}

(async () => {
  const files = gatherFiles();
  if (files.length < 2) {
    console.log('skipped: fewer than two robot files found');
    process.exit(77);
  }
  const half = Math.ceil(files.length / 2);
  const clients = [new Client('a', files.slice(0, half)), new Client('b', files.slice(half))];
  console.log(JSON.stringify({ edits: EDITS, files: files.map((f) => path.relative(process.cwd(), f)) }));
  const server = new Server(20);
  let rssWarm = -1;
  let rssEnd = -1;
  try {
    await server.initialize();
    for (const client of clients) {
      for (const doc of client.docs) {
        await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
          textDocument: { uri: doc.uri, languageId: doc.languageId, version: doc.version, text: doc.text },
        });
      }
    }
    const every = Math.max(1, Math.floor(EDITS / CHECKPOINTS));
    const began = Date.now();
    let edits = 0;
    while (edits < EDITS) {
      const client = pick(clients);
      const doc = pick(client.docs);
      if (random() < 0.6) {
        const edit = randomEdit(doc);
        doc.text = edit.whole ? edit.text : doc.text.slice(0, edit.start) + edit.text + doc.text.slice(edit.end);
        doc.version++;
        await server.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
          textDocument: { uri: doc.uri, version: doc.version },
          contentChanges: [{ range: edit.range, text: edit.text }],
        });
        edits++;
        if (edits % every === 0 || edits === EDITS) {
          const mismatches = await checkpoint(server, clients, edits / every);
          const rss = server.exited ? -1 : server.rss();
          if (rssWarm < 0) rssWarm = rss;
          rssEnd = rss;
          console.log(JSON.stringify({ edits, requestsSent, requestsAnswered, requestsRefused, mismatches, rssKb: rss, seconds: (Date.now() - began) / 1000 }));
          if (server.exited) break;
        }
      } else {
        randomRequest(server, doc);
      }
      // Keep the pipeline bounded, as an editor does: at most 64 requests in flight.
      if (outstanding.size >= 64) await Promise.race([...outstanding]);
    }
    await Promise.all([...outstanding]);
    if (requestsAnswered !== requestsSent) fail('unanswered requests', { requestsSent, requestsAnswered });
    const growth = rssWarm > 0 ? (rssEnd - rssWarm) / rssWarm : NaN;
    console.log(JSON.stringify({ rssAfterWarmupKb: rssWarm, rssEndKb: rssEnd, growthPercent: Math.round(growth * 1000) / 10 }));
    if (!(growth < 0.2) && !sanitized) fail('resident size grew 20% or more after warm-up', { rssWarm, rssEnd });
    await server.stop();
  } catch (e) {
    fail('exception', e && e.stack ? e.stack : String(e));
  }
  clearTimeout(timer);
  console.log(JSON.stringify({ edits: EDITS, requests: requestsSent, failures: failures() }));
  process.exit(failures() === 0 ? 0 : 1);
})();
