// The Chronon extension: starts `chronon lsp` for Grobocode, RoboTalk and Robbie documents, and runs
// the CLI for battles, tournaments and disassembly, showing the output in an output channel or a
// read-only document.

import { execFile } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

const kLanguages = ['grobocode', 'robotalk', 'robbie'];

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

function settings() {
  const config = vscode.workspace.getConfiguration('chronon');
  return {
    path: config.get<string>('path', 'chronon') || 'chronon',
    engine: config.get<string>('engine', 'interp'),
    debounce: config.get<number>('debounceMilliseconds', 150),
  };
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const { path: command, debounce } = settings();
  const run = { command, args: ['lsp', '--debounce', String(debounce)], transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: kLanguages.map((language) => ({ scheme: 'file', language })),
    outputChannelName: 'Chronon Language Server',
  };
  client = new LanguageClient('chronon', 'Chronon', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `Chronon: could not start '${command} lsp' (${String(error)}). Set chronon.path to the chronon executable.`,
    );
  }
}

// Runs `chronon ARGS...` and resolves with its output; a failing exit status still resolves, since
// the CLI reports bad robots on stderr with status 1.
function runChronon(args: string[], cwd?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { path: command } = settings();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 0;
      resolve({ code: error && code === 0 ? 127 : code, stdout, stderr: stderr || (error && code === 0 ? String(error) : '') });
    });
  });
}

function engineArgs(): string[] {
  // The interpreter is the CLI's default; only a different engine is passed.
  const { engine } = settings();
  return engine && engine !== 'interp' ? ['--engine', engine] : [];
}

async function showInOutput(title: string, args: string[], cwd?: string): Promise<void> {
  output ??= vscode.window.createOutputChannel('Chronon');
  output.show(true);
  output.appendLine(`$ chronon ${args.join(' ')}`);
  const result = await runChronon(args, cwd);
  if (result.stdout) output.append(result.stdout);
  if (result.stderr) output.append(result.stderr);
  output.appendLine(`[${title}: exit status ${result.code}]`);
}

function activeRobot(): vscode.Uri | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('Chronon: open a robot (.rtk) or side (.gb) file first.');
    return undefined;
  }
  return editor.document.uri;
}

async function runBattle(): Promise<void> {
  const robot = activeRobot();
  if (!robot) return;
  const others = await vscode.window.showOpenDialog({
    canSelectMany: true,
    openLabel: 'Opponents',
    filters: { Robots: ['rtk', 'txt', 'rwr', 'RWR'] },
  });
  if (!others) return;
  const files = [robot.fsPath, ...others.map((u) => u.fsPath)];
  await showInOutput('battle', ['battle', ...files, ...engineArgs()], path.dirname(robot.fsPath));
}

async function runTournament(): Promise<void> {
  const folders = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Tournament folder' });
  if (!folders || folders.length === 0) return;
  await showInOutput('tournament', ['tournament', folders[0].fsPath, ...engineArgs()], folders[0].fsPath);
}

async function showDisassembly(): Promise<void> {
  const robot = activeRobot();
  if (!robot) return;
  const result = await runChronon(['disasm', robot.fsPath], path.dirname(robot.fsPath));
  const document = await vscode.workspace.openTextDocument({
    content: result.stdout + (result.stderr ? `\n${result.stderr}` : ''),
    language: 'plaintext',
  });
  await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('chronon.runBattle', runBattle),
    vscode.commands.registerCommand('chronon.runTournament', runTournament),
    vscode.commands.registerCommand('chronon.showDisassembly', showDisassembly),
    vscode.commands.registerCommand('chronon.restartServer', async () => {
      await client?.stop();
      await startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('chronon.path') || event.affectsConfiguration('chronon.debounceMilliseconds')) {
        await client?.stop();
        await startClient(context);
      }
    }),
  );
  await startClient(context);
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
