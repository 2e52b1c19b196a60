#!/usr/bin/env node
// End-to-end test of `chronon lsp` with the Node LSP client library that vscode-languageclient is
// built on (vscode-languageserver-protocol). Usage:
//   node client.js CHRONON_BINARY [CORPUS_DIR]
// It opens the fixtures, checks every capability, edits a file to see a diagnostic appear at the
// right range and clear, sends junk, and (with CORPUS_DIR) opens every corpus side and robot and
// compares the errors with `chronon check`. Prints one JSON line per check; exit 0 when all pass,
// 1 on a failure, 2 on the global timeout.
'use strict';

const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const rpc = require('vscode-languageserver-protocol/node');

const binary = process.argv[2];
const corpus = process.argv[3];
if (!binary) {
  console.error('usage: node client.js CHRONON_BINARY [CORPUS_DIR]');
  process.exit(2);
}
const DEBOUNCE_MS = 100;
const timer = setTimeout(() => {
  console.error('timeout');
  process.exit(2);
}, 120000);

let failures = 0;
let checks = 0;
function check(name, condition, detail) {
  checks++;
  if (!condition) failures++;
  console.log(JSON.stringify({ check: name, ok: !!condition, detail: condition ? undefined : detail }));
}

const child = spawn(binary, ['lsp', '--debounce', String(DEBOUNCE_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = rpc.createProtocolConnection(
  new rpc.StreamMessageReader(child.stdout),
  new rpc.StreamMessageWriter(child.stdin),
);
// Diagnostics per URI: every notification, so tests can wait for the next one after an edit.
const published = new Map();
const waiters = [];
connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
  if (!published.has(params.uri)) published.set(params.uri, []);
  published.get(params.uri).push(params);
  for (let i = waiters.length - 1; i >= 0; i--) {
    if (waiters[i].uri === params.uri && waiters[i].accept(params)) {
      waiters[i].resolve(params);
      waiters.splice(i, 1);
    }
  }
});
connection.onRequest((method) => new rpc.ResponseError(-32601, `client does not handle ${method}`));
connection.listen();

function nextDiagnostics(uri, accept = () => true) {
  return new Promise((resolve) => waiters.push({ uri, accept, resolve }));
}

const fixtures = path.join(__dirname, 'fixtures');
const uriOf = (file) => 'file://' + path.resolve(file);
let version = 1;

async function open(file, languageId) {
  const uri = uriOf(file);
  const text = fs.readFileSync(file, 'latin1');
  const diagnostics = nextDiagnostics(uri);
  await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
  return { uri, text, diagnostics: await diagnostics };
}

async function change(uri, range, text) {
  version++;
  const wanted = version;
  const diagnostics = nextDiagnostics(uri, (p) => p.version === wanted);
  await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ range, text }],
  });
  return diagnostics;
}

const pos = (line, character) => ({ line, character });
const at = (uri, line, character) => ({ textDocument: { uri }, position: pos(line, character) });

async function grobocode() {
  const { uri, diagnostics } = await open(path.join(fixtures, 'demo.gb'), 'grobocode');
  check('gb: opens with no diagnostics', diagnostics.diagnostics.length === 0, diagnostics);

  const hover = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 14, 30));
  check('gb: hover on a word shows its effect', hover && hover.contents.value.startsWith('**fire-food-sensor** `( -- )`'), hover);
  const hw = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 14, 4));
  check('gb: hover on hardware says read-only', hw && hw.contents.value.includes('read-only'), hw);
  const variable = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 16, 3));
  check('gb: hover on a variable shows its declaration', variable && variable.contents.value.includes('`#var shared 1`'), variable);
  const label = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 18, 1));
  check('gb: hover on a label shows effect and stack comment',
    label && label.contents.value.includes('inferred effect') && label.contents.value.includes('stack comment: `--`'), label);

  const completion = await connection.sendRequest(rpc.CompletionRequest.type, at(uri, 15, 2));
  const labels = new Set(completion.items.map((i) => i.label));
  check('gb: completion has words, fitted hardware, user symbols and snippets',
    labels.has('drop') && labels.has('food-position') && !labels.has('robot-position') && labels.has('dest!') &&
      labels.has('grow') && labels.has('if … then') && labels.has('do … loop'), [...labels].slice(0, 20));
  const tags = await connection.sendRequest(rpc.CompletionRequest.type, at(uri, 4, 2));
  check('gb: completion after # offers tags', tags.items.some((i) => i.label === '#type'), tags.items.length);

  const def = await connection.sendRequest(rpc.DefinitionRequest.type, at(uri, 15, 3));
  check('gb: definition of a label', def.length === 1 && def[0].range.start.line === 18 && def[0].range.end.character === 4, def);
  const refs = await connection.sendRequest(rpc.ReferencesRequest.type,
    { ...at(uri, 3, 6), context: { includeDeclaration: true } });
  check('gb: references of a variable', refs.length === 3, refs);
  const prepare = await connection.sendRequest(rpc.PrepareRenameRequest.type, at(uri, 16, 3));
  check('gb: prepareRename gives the name', prepare && prepare.placeholder === 'shared', prepare);
  const rename = await connection.sendRequest(rpc.RenameRequest.type, { ...at(uri, 16, 3), newName: 'total' });
  const edits = rename.changes[uri];
  check('gb: rename edits every occurrence and keeps suffixes',
    edits.length === 3 && edits[2].range.start.character === 13 && edits[2].range.end.character === 19, edits);
  try {
    await connection.sendRequest(rpc.RenameRequest.type, { ...at(uri, 16, 3), newName: 'if' });
    check('gb: rename refuses keywords', false, 'no error');
  } catch (e) {
    check('gb: rename refuses keywords', e.code === -32803, e.message);
  }

  const symbols = await connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri } });
  const type = symbols[0].children.find((c) => c.name === 'Gatherer');
  check('gb: document symbols side > type > hardware/code > labels, variables',
    symbols[0].name === 'Demo' && type && type.children[0].name === 'hardware' && type.children[1].name === 'code' &&
      type.children[1].children.some((c) => c.name === 'grow') && type.children[1].children.some((c) => c.name === 'dest'),
    symbols);
  const workspace = await connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: 'gro' });
  check('gb: workspace symbols', workspace.some((s) => s.name === 'grow' && s.containerName === 'Gatherer'), workspace);
  const tokens = await connection.sendRequest(rpc.SemanticTokensRequest.type, { textDocument: { uri } });
  check('gb: semantic tokens', tokens.data.length % 5 === 0 && tokens.data.length > 100, tokens.data.length);
  const hints = await connection.sendRequest(rpc.InlayHintRequest.type,
    { textDocument: { uri }, range: { start: pos(0, 0), end: pos(30, 0) } });
  check('gb: inlay hints: the inferred effect after a label, the depth after code lines',
    hints.some((h) => h.label === '( 0 -- 0 )' && h.position.line === 18) &&
      hints.some((h) => h.label === '[0]' && h.position.line === 16) &&
      hints.some((h) => h.label === '[0 rel]' && h.position.line === 19), hints);
  const signature = await connection.sendRequest(rpc.SignatureHelpRequest.type, at(uri, 19, 13));
  check('gb: signature help', signature && signature.signatures[0].label === 'drop ( x -- )', signature);
  const formatting = await connection.sendRequest(rpc.DocumentFormattingRequest.type,
    { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  check('gb: formatting keeps a clean file as it is', Array.isArray(formatting) && formatting.length === 0, formatting);

  // A typo: a diagnostic at the right range within one debounce interval of the last keystroke.
  const typo = await change(uri, { start: pos(16, 3), end: pos(16, 5) }, 'ah');
  const d = typo.diagnostics;
  check('gb: a typo gives GB600 at its range',
    d.length === 1 && d[0].code === 'GB600' && d[0].range.start.line === 16 && d[0].range.start.character === 2 &&
      d[0].range.end.character === 8, d);
  const actions = await connection.sendRequest(rpc.CodeActionRequest.type,
    { textDocument: { uri }, range: d[0].range, context: { diagnostics: d } });
  check('gb: quick fixes declare the variable or correct the spelling',
    actions[0].title === "Change to 'shared'" && actions[0].isPreferred === true &&
      actions.some((a) => a.title === "Declare variable 'sahred' (#var)" && !a.isPreferred), actions);
  const fixed = await change(uri, { start: pos(16, 3), end: pos(16, 5) }, 'ha');
  check('gb: fixing the typo clears the diagnostic', fixed.diagnostics.length === 0, fixed);

  // Several quick edits: only the latest version is published (debounced).
  const before = published.get(uri).length;
  version += 3;
  const last = version;
  const settled = nextDiagnostics(uri, (p) => p.version === last);
  for (let v = last - 2; v <= last; v++) {
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: pos(15, 6), end: pos(15, 6) }, text: v === last ? '' : ' ' }],
    });
  }
  await settled;
  const burst = published.get(uri).slice(before);
  check('gb: debounced publishing ends with the latest version', burst[burst.length - 1].version === last, burst.map((p) => p.version));
  await connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
}

async function robotalk() {
  const { uri, diagnostics } = await open(path.join(fixtures, 'bot.rtk'), 'robotalk');
  check('rtk: opens with no diagnostics', diagnostics.diagnostics.length === 0, diagnostics);
  const hover = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 2, 16));
  check('rtk: hover on an operator', hover && hover.contents.value.startsWith('**STORE** `( '), hover);
  const reg = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 2, 3));
  check('rtk: hover on a register', reg && reg.contents.value.startsWith('**AIM** register, readable and writable, in degrees'), reg);
  const label = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 3, 3));
  check('rtk: hover on a label shows inferred effect and stack comment',
    label && label.contents.value.includes('inferred stack') && label.contents.value.includes('`{ -- }`'), label);
  const completion = await connection.sendRequest(rpc.CompletionRequest.type, at(uri, 3, 2));
  const labels = new Set(completion.items.map((i) => i.label));
  // The fixture is written in lower case, so the words are offered in lower case.
  check('rtk: completion', labels.has('store') && labels.has('aim') && labels.has('shoot') && labels.has('subroutine') && !labels.has('missile') && !labels.has('STORE'),
    completion.items.length);
  const def = await connection.sendRequest(rpc.DefinitionRequest.type, at(uri, 3, 3));
  check('rtk: definition', def.length === 1 && def[0].range.start.line === 5, def);
  const refs = await connection.sendRequest(rpc.ReferencesRequest.type, { ...at(uri, 1, 1), context: { includeDeclaration: true } });
  check('rtk: references', refs.length === 2, refs);
  const rename = await connection.sendRequest(rpc.RenameRequest.type, { ...at(uri, 1, 1), newName: 'main' });
  check('rtk: rename', rename.changes[uri].length === 2, rename);
  const hints = await connection.sendRequest(rpc.InlayHintRequest.type, { textDocument: { uri }, range: { start: pos(0, 0), end: pos(9, 0) } });
  check('rtk: inlay hints with stack depth', hints.some((h) => h.label === '[0]' && h.position.line === 2), hints);
  const symbols = await connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri } });
  check('rtk: document symbols', symbols[0].children.some((c) => c.name === 'shoot'), symbols);
  const tokens = await connection.sendRequest(rpc.SemanticTokensRequest.type, { textDocument: { uri } });
  check('rtk: semantic tokens', tokens.data.length % 5 === 0 && tokens.data.length >= 5 * 15, tokens.data.length);
  const signature = await connection.sendRequest(rpc.SignatureHelpRequest.type, at(uri, 2, 20));
  check('rtk: signature help after STORE', signature && signature.signatures[0].label.startsWith('STORE ( '), signature);
  const prepare = await connection.sendRequest(rpc.PrepareRenameRequest.type, at(uri, 2, 3));
  check('rtk: registers cannot be renamed', prepare === null, prepare);
  const formatting = await connection.sendRequest(rpc.DocumentFormattingRequest.type,
    { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  check('rtk: formatting keeps a clean file as it is', Array.isArray(formatting) && formatting.length === 0, formatting);
  const listing = await connection.sendRequest('chronon/disassembly', { textDocument: { uri } });
  const cli = spawnSync(binary, ['disasm', path.join(fixtures, 'bot.rtk')], { encoding: 'utf8' }).stdout;
  check('rtk: chronon/disassembly gives what chronon disasm prints', listing.diagnostics === 0 && listing.text === cli, listing);
  // A request cancelled at once: answered either way, never lost.
  const source = new rpc.CancellationTokenSource();
  const pending = connection.sendRequest(rpc.HoverRequest.type, at(uri, 2, 3), source.token);
  source.cancel();
  const outcome = await pending.then((r) => (r ? 'result' : 'null'), (e) => (e.code === -32800 ? 'cancelled' : String(e.code)));
  check('rtk: a cancelled request is answered (RequestCancelled or its result)', outcome === 'cancelled' || outcome === 'result', outcome);
  const store = await change(uri, { start: pos(2, 10), end: pos(2, 14) }, 'aim');
  check('rtk: STORE without a quoted register is reported', store.diagnostics.some((d) => d.code === 'RT402'), store);
  const actions = await connection.sendRequest(rpc.CodeActionRequest.type,
    { textDocument: { uri }, range: store.diagnostics[0].range, context: { diagnostics: store.diagnostics } });
  check('rtk: quick fix quotes the register', actions.length > 0 && actions[0].edit.changes[uri][0].newText === "'", actions);
  await connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
}

async function robbie() {
  const { uri, diagnostics } = await open(path.join(fixtures, 'laps.rl'), 'robbie');
  check('rl: opens with no diagnostics', diagnostics.diagnostics.length === 0, diagnostics);
  const hover = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 5, 4));
  check('rl: hover on a command shows its arguments', hover && hover.contents.value.startsWith('**forward** (command) `forward i`'), hover);
  const reg = await connection.sendRequest(rpc.HoverRequest.type, at(uri, 7, 12));
  check('rl: hover on a register shows its declaration', reg && reg.contents.value.includes('`register integer Laps`'), reg);
  const completion = await connection.sendRequest(rpc.CompletionRequest.type, at(uri, 5, 2));
  const labels = new Set(completion.items.map((i) => i.label));
  check('rl: completion', labels.has('forward') && labels.has('Laps') && labels.has('repeat'), completion.items.length);
  const def = await connection.sendRequest(rpc.DefinitionRequest.type, at(uri, 7, 12));
  check('rl: definition', def.length === 1 && def[0].range.start.line === 1, def);
  const rename = await connection.sendRequest(rpc.RenameRequest.type, { ...at(uri, 3, 5), newName: 'Count' });
  check('rl: rename', rename.changes[uri].length === 4, rename);
  const prepare = await connection.sendRequest(rpc.PrepareRenameRequest.type, at(uri, 5, 4));
  check('rl: reserved words cannot be renamed', prepare === null, prepare);
  const error = await change(uri, { start: pos(3, 9), end: pos(3, 10) }, 'true');
  check('rl: a type error is reported at the value',
    error.diagnostics.length === 1 && error.diagnostics[0].code === 'RL722' && error.diagnostics[0].range.start.character === 9, error);
  const fixed = await change(uri, { start: pos(3, 9), end: pos(3, 13) }, '1');
  check('rl: fixing it clears the diagnostic', fixed.diagnostics.length === 0, fixed);
  await connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
}

async function survival() {
  // Junk bytes with a valid frame, a frame without a length: the server answers and keeps going.
  child.stdin.write('Content-Length: 9\r\n\r\n{not json');
  child.stdin.write('Nonsense-Header: 1\r\n\r\n');
  const ok = await connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: '' });
  check('server survives malformed messages', Array.isArray(ok), ok);
  try {
    await connection.sendRequest('textDocument/hover', { textDocument: 5 });
    check('bad params give InvalidParams', false, 'no error');
  } catch (e) {
    check('bad params give InvalidParams', e.code === -32602, e.message);
  }
}

async function corpusCheck() {
  if (!corpus || !fs.existsSync(corpus)) {
    console.log(JSON.stringify({ skipped: 'corpus', reason: 'no corpus folder' }));
    return;
  }
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.gb$/i.test(entry.name) || (/\.txt$/i.test(entry.name) && !/header/.test(entry.name) && full.includes('robowar'))) files.push(full);
    }
  };
  walk(corpus);
  // chronon check prints `file:line:col: error: ...`; count errors per file.
  const expected = new Map(files.map((f) => [f, 0]));
  const result = spawnSync(binary, ['check', ...files], { encoding: 'latin1', maxBuffer: 1 << 28 });
  for (const line of result.stderr.split('\n')) {
    const m = /^(.*?):\d+:\d+: error: /.exec(line);
    if (m && expected.has(m[1])) expected.set(m[1], expected.get(m[1]) + 1);
  }
  // Open everything at once: the server publishes each file once the burst of opens has settled.
  const pending = files.map((file) => {
    const text = fs.readFileSync(file, 'latin1');
    const uri = uriOf(file);
    const got = nextDiagnostics(uri);
    connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: file.endsWith('.gb') ? 'grobocode' : 'robotalk', version: 1, text },
    });
    return got.then((d) => ({ file, uri, d }));
  });
  let mismatches = 0;
  for (const { file, uri, d } of await Promise.all(pending)) {
    const errors = d.diagnostics.filter((x) => x.severity === 1).length;
    if (errors !== expected.get(file)) {
      mismatches++;
      console.log(JSON.stringify({ file, lsp: errors, check: expected.get(file) }));
    }
    await connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }
  check(`corpus: ${files.length} files give the errors chronon check gives, no more`, mismatches === 0 && files.length > 0, mismatches);
}

(async () => {
  try {
    const init = await connection.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: null,
      capabilities: {
        textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, publishDiagnostics: { relatedInformation: true } },
      },
    });
    const caps = init.capabilities;
    check('initialize announces the capabilities',
      caps.hoverProvider && caps.completionProvider && caps.definitionProvider && caps.referencesProvider &&
        caps.renameProvider.prepareProvider && caps.documentSymbolProvider && caps.workspaceSymbolProvider &&
        caps.semanticTokensProvider && caps.inlayHintProvider && caps.signatureHelpProvider &&
        caps.documentFormattingProvider && caps.codeActionProvider && caps.textDocumentSync.change === 2 &&
        caps.experimental && caps.experimental.disassembly === true, caps);
    await connection.sendNotification(rpc.InitializedNotification.type, {});
    await grobocode();
    await robotalk();
    await robbie();
    await survival();
    await corpusCheck();
    await connection.sendRequest(rpc.ShutdownRequest.type);
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    await connection.sendNotification(rpc.ExitNotification.type);
    const code = await exited;
    check('shutdown and exit give status 0', code === 0, code);
  } catch (e) {
    failures++;
    console.error(e && e.stack ? e.stack : e);
  }
  clearTimeout(timer);
  console.log(JSON.stringify({ checks, failures }));
  process.exit(failures === 0 ? 0 : 1);
})();
