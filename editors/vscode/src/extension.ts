// The Chronon extension: wires the language server, byte-exact saving of non-UTF-8 robots, RoboTalk
// recognition in .txt files, the disassembly view, the battle viewer, the debugger, the CLI commands and
// `chronon` on the integrated terminal's PATH. Each lives in its own file.

import * as path from 'path';
import * as vscode from 'vscode';
import { runBattle, watchBattle } from './battle';
import { looksLikeRoboTalk } from './detect';
import { registerDisassembly } from './disassembly';
import { registerDebugger } from './debug';
import { registerByteKeeping } from './encoding';
import { Server } from './server';
import { settings } from './settings';
import { initStorage } from './storage';
import { terminalPathFolder } from './terminalPath';
import { runTournament, watchTournamentBout } from './tournament';
import { registerViewer } from './viewer';

let server: Server | undefined;

/** Gives a plain-text `.txt` document the RoboTalk language when its text is a RoboWar robot. */
function recogniseRoboTalk(document: vscode.TextDocument): void {
  if (document.languageId !== 'plaintext' || document.uri.scheme !== 'file') return;
  if (!document.uri.path.toLowerCase().endsWith('.txt')) return;
  if (looksLikeRoboTalk(document.getText())) void vscode.languages.setTextDocumentLanguage(document, 'robotalk');
}

/**
 * Puts the folder of chronon.path in front of the integrated terminal's PATH when the setting names a
 * `chronon` whose folder is not on the PATH (src/terminalPath.ts); with the default, `chronon` on the
 * PATH, the collection stays empty. New terminals get it; open ones offer to relaunch.
 */
function updateTerminalPath(collection: vscode.GlobalEnvironmentVariableCollection): void {
  const folder = terminalPathFolder(settings().path, process.env.PATH ?? '');
  collection.clear();
  if (!folder) return;
  collection.description = `Puts ${folder} (the folder of "Chronon: Path") on the PATH, so that \`chronon\` runs the extension's executable.`;
  collection.prepend('PATH', folder + path.delimiter);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  initStorage(context);
  // The viewer first: opening a .replay file activates the extension, and its editor must not wait
  // for the language server to start.
  registerViewer(context);
  server = new Server();
  context.subscriptions.push(
    server,
    vscode.workspace.onDidOpenTextDocument(recogniseRoboTalk),
    vscode.commands.registerCommand('chronon.runBattle', runBattle),
    vscode.commands.registerCommand('chronon.watchBattle', watchBattle),
    vscode.commands.registerCommand('chronon.runTournament', (folder?: vscode.Uri) => runTournament(folder)),
    vscode.commands.registerCommand('chronon.watchTournamentBout', watchTournamentBout),
    vscode.commands.registerCommand('chronon.restartServer', () => server!.restart()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The engine is read on every run, so only the server's own settings restart it.
      if (event.affectsConfiguration('chronon.path') || event.affectsConfiguration('chronon.debounceMilliseconds')) {
        void server!.restart();
      }
      if (event.affectsConfiguration('chronon.path')) updateTerminalPath(context.environmentVariableCollection);
    }),
  );
  updateTerminalPath(context.environmentVariableCollection);
  vscode.workspace.textDocuments.forEach(recogniseRoboTalk);
  registerByteKeeping(context);
  registerDisassembly(context, server);
  registerDebugger(context);
  await server.start();
}

export function deactivate(): Thenable<void> | undefined {
  return server?.stop();
}
