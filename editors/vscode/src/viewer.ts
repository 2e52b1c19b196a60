// The battle viewer in VS Code: a webview that loads the viewer bundle (editors/viewer, copied into
// out/viewer by the build) from the extension's own folder and shows one replay in it. Commands open
// it in a panel beside the robot; a `.replay` file opens in it as a read-only custom editor. The
// webview runs no remote content: a strict policy lets in only the bundle and the nonce'd boot script,
// and the replay's bytes arrive by postMessage once the page says it is ready.

import * as crypto from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import { battleTitle, readReplayHeader, shortTitle } from './replayFiles';
import { chrononOutput } from './run';

/** The custom editor of `.replay` files (package.json `customEditors`). */
export const kReplayEditorViewType = 'chronon.replay';

/** The webview panels that commands open. */
const kPanelViewType = 'chronon.viewer';

let extensionUri: vscode.Uri | undefined;

/** Messages from the webview's boot script. */
type FromWebview =
  | { type: 'ready' }
  | { type: 'mounted'; ms: number }
  | { type: 'error'; message: string }
  | { type: 'select'; id: number };

function viewerFolder(): vscode.Uri {
  if (!extensionUri) throw new Error('the viewer is not registered');
  return vscode.Uri.joinPath(extensionUri, 'out', 'viewer');
}

function webviewOptions(): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [viewerFolder()] };
}

/**
 * The boot script: mounts the viewer when the replay's bytes arrive (again on every reload), and says
 * when it is ready, mounted or failed. The bytes come as a Uint8Array (VS Code transfers typed arrays
 * as they are); an array or base64 text is accepted too.
 */
const kBootScript = `
(() => {
  const vscode = acquireVsCodeApi();
  const container = document.getElementById('chronon-viewer');
  let handle;
  // A selection made from the extension (the paused robot) is not reported back as the player's.
  let quiet = false;
  let pendingSeek;
  const seek = (message) => {
    if (!handle) {
      pendingSeek = message;
      return;
    }
    handle.seek(message.t);
    if (message.select) {
      quiet = true;
      try {
        handle.select(message.select);
      } finally {
        quiet = false;
      }
    }
  };
  const fail = (message) => {
    container.replaceChildren();
    const box = document.createElement('pre');
    box.className = 'chronon-fail';
    box.textContent = message;
    container.appendChild(box);
    vscode.postMessage({ type: 'error', message });
  };
  const toBytes = (b) => {
    if (b instanceof Uint8Array) return b;
    if (b instanceof ArrayBuffer) return new Uint8Array(b);
    if (typeof b === 'string') return Uint8Array.from(atob(b), (c) => c.charCodeAt(0));
    if (Array.isArray(b)) return Uint8Array.from(b);
    throw new Error('the replay arrived in a form the viewer does not read (' + Object.prototype.toString.call(b) + ')');
  };
  window.addEventListener('message', async (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'fail') return fail(message.message);
    if (message.type === 'seek') return seek(message);
    if (message.type !== 'replay') return;
    if (handle) handle.destroy();
    handle = undefined;
    container.replaceChildren();
    if (typeof ChrononViewer === 'undefined') return fail('The viewer script (out/viewer/viewer.js) did not load.');
    const started = performance.now();
    try {
      handle = await ChrononViewer.mount(container, toBytes(message.bytes), {
        name: message.name,
        initialMoment: message.initialMoment,
        select: message.select,
        onSelect: (id) => {
          if (!quiet) vscode.postMessage({ type: 'select', id });
        },
      });
      vscode.postMessage({ type: 'mounted', ms: Math.round(performance.now() - started) });
      if (pendingSeek) seek(pendingSeek);
      pendingSeek = undefined;
    } catch (error) {
      // mount has already shown the reason in the page.
      vscode.postMessage({ type: 'error', message: String((error && error.message) || error) });
    }
  });
  vscode.postMessage({ type: 'ready' });
})();
`;

function pageHtml(webview: vscode.Webview, title: string): string {
  const nonce = crypto.randomBytes(16).toString('hex');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(viewerFolder(), 'viewer.js'));
  // The viewer injects its style sheet as a <style> element and sets element styles from script, so
  // styles need 'unsafe-inline'; scripts run only with the nonce.
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'unsafe-inline'`,
    `img-src ${webview.cspSource} data: blob:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}</title>
<style>
html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; background: #0d1117; }
#chronon-viewer { position: fixed; inset: 0; }
.chronon-fail { margin: 16px; color: #f85149; white-space: pre-wrap; font: 13px/1.4 var(--vscode-editor-font-family, monospace); }
</style>
</head>
<body>
<div id="chronon-viewer"></div>
<script nonce="${nonce}" src="${script.toString()}"></script>
<script nonce="${nonce}">${kBootScript}</script>
</body>
</html>`;
}

/**
 * Shows the replay FILE in PANEL's webview: (re)loads the page, and sends the file's bytes each time
 * the page says it is ready. The returned `reload` reads the file again (after a new run wrote it).
 */
function attach(panel: vscode.WebviewPanel, file: vscode.Uri): { reload(): void; dispose(): void } {
  const webview = panel.webview;
  webview.options = webviewOptions();
  const send = async () => {
    try {
      const read = await vscode.workspace.fs.readFile(file);
      // A Node Buffer would reach the page as JSON ({type: 'Buffer', data: [...]}), since its toJSON
      // runs before VS Code's transfer of typed arrays; a plain Uint8Array view is transferred whole.
      const bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
      await webview.postMessage({ type: 'replay', bytes, name: path.basename(file.path) });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await webview.postMessage({ type: 'fail', message: `Cannot read ${file.fsPath}: ${why}` });
    }
  };
  const listener = webview.onDidReceiveMessage((message: FromWebview) => {
    if (message.type === 'ready') void send();
    else if (message.type === 'error') chrononOutput().appendLine(`[viewer: ${path.basename(file.path)}: ${message.message}]`);
  });
  const reload = () => {
    webview.html = pageHtml(webview, panel.title);
  };
  reload();
  return { reload, dispose: () => listener.dispose() };
}

/** Names PANEL after the battle in FILE's header (the file's name stays when it cannot be read). */
async function nameAfterBattle(panel: vscode.WebviewPanel, file: vscode.Uri, prefix = ''): Promise<void> {
  if (file.scheme !== 'file') return;
  try {
    panel.title = prefix + shortTitle(battleTitle(await readReplayHeader(file.fsPath)));
  } catch {
    // The viewer shows why the file cannot be read.
  }
}

const panels = new Map<string, { panel: vscode.WebviewPanel; reload(): void }>();

/**
 * Shows the replay FILE in a viewer panel beside the active editor, or reloads and reveals the panel
 * that already shows it (a battle run again writes the same file).
 */
export async function showReplay(file: string, preserveFocus = false): Promise<void> {
  const uri = vscode.Uri.file(file);
  const open = panels.get(file);
  if (open) {
    open.reload();
    open.panel.reveal(undefined, preserveFocus);
    await nameAfterBattle(open.panel, uri);
    return;
  }
  const panel = vscode.window.createWebviewPanel(
    kPanelViewType,
    path.basename(file),
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
    { ...webviewOptions(), retainContextWhenHidden: true },
  );
  panel.iconPath = vscode.Uri.joinPath(extensionUri!, 'images', 'icon.png');
  const view = attach(panel, uri);
  panels.set(file, { panel, reload: view.reload });
  panel.onDidDispose(() => {
    view.dispose();
    panels.delete(file);
  });
  await nameAfterBattle(panel, uri);
}

/** The viewer panel of a debug session (debug.ts): the debugged battle at the paused moment. */
export interface DebugViewer {
  /** Shows MOMENT (the replay's t) with the entity SELECT selected, and reveals the panel. */
  show(moment: number, select: number): void;
  /** Fires when the panel is closed. */
  readonly closed: Promise<void>;
  dispose(): void;
}

/**
 * Opens a viewer panel beside the editor, without taking the focus, on the replay BYTES at MOMENT with
 * the entity SELECT selected (the paused robot, drawn highlighted). A robot the player clicks is
 * passed to ON_SELECT (its entity id; for a RoboWar battle the robot's thread id).
 */
export function openDebugViewer(title: string, bytes: Uint8Array, moment: number, select: number, onSelect: (id: number) => void): DebugViewer {
  const panel = vscode.window.createWebviewPanel(
    kPanelViewType,
    title,
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    { ...webviewOptions(), retainContextWhenHidden: true },
  );
  panel.iconPath = vscode.Uri.joinPath(extensionUri!, 'images', 'icon.png');
  let current = { moment, select };
  let closedResolve: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const listener = panel.webview.onDidReceiveMessage((message: FromWebview) => {
    if (message.type === 'ready') {
      void panel.webview.postMessage({ type: 'replay', bytes, name: title, initialMoment: current.moment, select: current.select });
    } else if (message.type === 'select') {
      onSelect(message.id);
    } else if (message.type === 'error') {
      chrononOutput().appendLine(`[viewer: ${title}: ${message.message}]`);
    }
  });
  panel.webview.html = pageHtml(panel.webview, title);
  let disposed = false;
  panel.onDidDispose(() => {
    disposed = true;
    listener.dispose();
    closedResolve();
  });
  return {
    show(m: number, s: number) {
      current = { moment: m, select: s };
      void panel.webview.postMessage({ type: 'seek', t: m, select: s });
      if (!panel.visible) panel.reveal(undefined, true);
      // VS Code opens the stopped frame's source after the stopped event, and when the webview still
      // held the focus (a robot was just clicked in it) the source may open over the viewer: the
      // viewer is brought back once that has happened, without taking the focus.
      setTimeout(() => {
        if (!disposed && !panel.visible) panel.reveal(undefined, true);
      }, 500);
    },
    closed,
    dispose: () => panel.dispose(),
  };
}

/** Opens `.replay` files in the viewer, read-only; a file rewritten on disk is shown again. */
class ReplayEditorProvider implements vscode.CustomReadonlyEditorProvider {
  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    const view = attach(panel, document.uri);
    const folder = vscode.Uri.joinPath(document.uri, '..');
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, path.basename(document.uri.path)));
    // chronon writes a replay in many pieces: show it again once the writes have paused.
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => view.reload(), 700);
    };
    watcher.onDidChange(changed);
    watcher.onDidCreate(changed);
    panel.onDidDispose(() => {
      clearTimeout(timer);
      view.dispose();
      watcher.dispose();
    });
  }
}

/** Registers the `.replay` custom editor; the panels of commands need the extension's folder too. */
export function registerViewer(context: vscode.ExtensionContext): void {
  extensionUri = context.extensionUri;
  context.subscriptions.push(
    vscode.window.registerCustomEditorProvider(kReplayEditorViewType, new ReplayEditorProvider(), {
      webviewOptions: { retainContextWhenHidden: true },
      supportsMultipleEditorsPerDocument: true,
    }),
  );
}
