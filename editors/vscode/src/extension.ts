// The Chronon extension: wires the language server, byte-exact saving of non-UTF-8 robots, RoboTalk
// recognition in .txt files, the disassembly view, the battle viewer, the debugger and the CLI commands. Each lives
// in its own file.

import * as vscode from 'vscode';
import { runBattle, watchBattle } from './battle';
import { looksLikeRoboTalk } from './detect';
import { registerDisassembly } from './disassembly';
import { registerDebugger } from './debug';
import { registerByteKeeping } from './encoding';
import { Server } from './server';
import { initStorage } from './storage';
import { runTournament, watchTournamentBout } from './tournament';
import { registerViewer } from './viewer';

let server: Server | undefined;

/** Gives a plain-text `.txt` document the RoboTalk language when its text is a RoboWar robot. */
function recogniseRoboTalk(document: vscode.TextDocument): void {
  if (document.languageId !== 'plaintext' || document.uri.scheme !== 'file') return;
  if (!document.uri.path.toLowerCase().endsWith('.txt')) return;
  if (looksLikeRoboTalk(document.getText())) void vscode.languages.setTextDocumentLanguage(document, 'robotalk');
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
    }),
  );
  vscode.workspace.textDocuments.forEach(recogniseRoboTalk);
  registerByteKeeping(context);
  registerDisassembly(context, server);
  registerDebugger(context);
  await server.start();
}

export function deactivate(): Thenable<void> | undefined {
  return server?.stop();
}
