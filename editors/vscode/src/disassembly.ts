// "Show disassembly": a read-only virtual document (scheme `chronon-disassembly`) listing the object
// code of a robot, side or RL program. It asks the language server for the listing of the text as it
// stands in the editor (`chronon/disassembly`), so it follows every edit; without a server it runs
// `chronon disasm` on the saved file.

import { execFile } from 'child_process';
import * as vscode from 'vscode';
import { Server } from './server';
import { isChrononDocument, settings } from './settings';

/** The URI scheme of disassembly views. */
export const kDisassemblyScheme = 'chronon-disassembly';

/** The view of SOURCE: the source's path with `.disasm` appended, the source's URI as the query. */
export function disassemblyUri(source: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: kDisassemblyScheme, path: `${source.path}.disasm`, query: source.toString() });
}

/** The listing the language server gives for a document's current text (see lsp/README.md). */
interface DisassemblyResult {
  text: string;
}

function disasmCli(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(settings().path, ['disasm', file], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && !stdout && !stderr) resolve(`chronon disasm could not run: ${error.message}\n`);
      else resolve(stdout + (stderr ? `\n${stderr}` : ''));
    });
  });
}

/** Serves the views and tells VS Code to refresh a view when its source changes (debounced). */
class DisassemblyProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly server: Server) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const source = vscode.Uri.parse(uri.query);
    const client = this.server.running;
    const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === source.toString());
    if (client && open) {
      try {
        const result = await client.sendRequest<DisassemblyResult>('chronon/disassembly', {
          textDocument: { uri: source.toString() },
        });
        return result.text;
      } catch (error) {
        // An older server without the request: fall back to the CLI on the saved file.
        console.error(`chronon: chronon/disassembly failed: ${error}`);
      }
    }
    return disasmCli(source.fsPath);
  }

  /** Schedules a refresh of SOURCE's view, if one is open, 300 ms after the last change. */
  sourceChanged(source: vscode.Uri): void {
    const view = disassemblyUri(source);
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === view.toString())) return;
    const key = view.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.changed.fire(view);
      }, 300),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.changed.dispose();
  }
}

/** Registers the provider, the refresh on edits and saves, and the "Show disassembly" command. */
export function registerDisassembly(context: vscode.ExtensionContext, server: Server): void {
  const provider = new DisassemblyProvider(server);
  context.subscriptions.push(
    provider,
    vscode.workspace.registerTextDocumentContentProvider(kDisassemblyScheme, provider),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (isChrononDocument(e.document)) provider.sourceChanged(e.document.uri);
    }),
    vscode.workspace.onDidSaveTextDocument((d) => provider.sourceChanged(d.uri)),
    vscode.commands.registerCommand('chronon.showDisassembly', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !isChrononDocument(editor.document) || editor.document.uri.scheme !== 'file') {
        void vscode.window.showWarningMessage('Chronon: open a robot (.rtk, .txt), side (.gb) or RL program (.rl) first.');
        return;
      }
      const view = await vscode.workspace.openTextDocument(disassemblyUri(editor.document.uri));
      await vscode.window.showTextDocument(view, { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    }),
  );
}
