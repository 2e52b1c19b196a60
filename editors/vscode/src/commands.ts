// The "Run battle" and "Run tournament" commands: pick opponents or a folder of the right game from
// the workspace (a list with check boxes, since code-server's file dialog picks one file at most),
// then run the CLI with progress.

import * as path from 'path';
import * as vscode from 'vscode';
import { looksLikeRoboTalk } from './detect';
import { runWithProgress } from './run';
import { engineArgs } from './settings';

/** The two games whose robots battle. */
export type Game = 'grobots' | 'robowar';

/** The file extensions of each game's robots, as the CLI accepts them. */
const kExtensions: Record<Game, string[]> = {
  grobots: ['gb'],
  robowar: ['rtk', 'txt', 'rwr', 'RWR'],
};

const kGameNames: Record<Game, string> = { grobots: 'Grobots sides', robowar: 'RoboWar robots' };

/** The game of a document, from its language; undefined for a Robbie program or other text. */
export function gameOf(document: vscode.TextDocument): Game | undefined {
  if (document.languageId === 'grobocode') return 'grobots';
  if (document.languageId === 'robotalk') return 'robowar';
  return undefined;
}

/** The game of a robot file from its name; `.txt` files count only when their text is RoboTalk. */
async function gameOfFile(uri: vscode.Uri): Promise<Game | undefined> {
  const ext = path.extname(uri.fsPath).slice(1).toLowerCase();
  if (ext === 'gb') return 'grobots';
  if (ext === 'rtk' || ext === 'rwr') return 'robowar';
  if (ext !== 'txt') return undefined;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.languageId === 'robotalk' ? 'robowar' : undefined;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > 1024 * 1024) return undefined;
    const text = new TextDecoder('latin1').decode(await vscode.workspace.fs.readFile(uri));
    return looksLikeRoboTalk(text) ? 'robowar' : undefined;
  } catch {
    return undefined;
  }
}

/** Every robot of the workspace, by game (at most 2,000 files are looked at). */
async function workspaceRobots(): Promise<Map<Game, vscode.Uri[]>> {
  const found = await vscode.workspace.findFiles('**/*.{gb,rtk,txt,rwr,RWR}', '**/node_modules/**', 2000);
  const robots = new Map<Game, vscode.Uri[]>([['grobots', []], ['robowar', []]]);
  for (const uri of found) {
    const game = await gameOfFile(uri);
    if (game) robots.get(game)!.push(uri);
  }
  for (const list of robots.values()) list.sort((a, b) => a.fsPath.localeCompare(b.fsPath));
  return robots;
}

/** How many robots of each game a folder holds (its own files, not its subfolders'). */
async function robotsIn(folder: vscode.Uri): Promise<Map<Game, number>> {
  const counts = new Map<Game, number>([['grobots', 0], ['robowar', 0]]);
  for (const [name, type] of await vscode.workspace.fs.readDirectory(folder)) {
    if (type !== vscode.FileType.File) continue;
    const game = await gameOfFile(vscode.Uri.joinPath(folder, name));
    if (game) counts.set(game, counts.get(game)! + 1);
  }
  return counts;
}

type UriItem = vscode.QuickPickItem & { uri: vscode.Uri };

function uriItem(uri: vscode.Uri, detail?: string): UriItem {
  return { label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(path.dirname(uri.fsPath)), detail, uri };
}

/**
 * Shows a list of items with check boxes and a "Browse…" button; resolves with the checked items'
 * URIs plus any picked in the file dialog, or undefined when dismissed.
 */
function pickMany(title: string, items: UriItem[], browse: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<UriItem>();
    pick.title = title;
    pick.canSelectMany = true;
    pick.matchOnDescription = true;
    pick.items = items;
    pick.placeholder = items.length ? 'Check the robots to fight, then press Enter' : 'No robots in the workspace: browse for them';
    const browseButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: 'Browse…' };
    pick.buttons = [browseButton];
    let done = false;
    const finish = (uris: vscode.Uri[] | undefined) => {
      if (done) return;
      done = true;
      pick.dispose();
      resolve(uris);
    };
    pick.onDidTriggerButton(async () => {
      const checked = pick.selectedItems.map((i) => i.uri);
      done = true;
      pick.dispose();
      const more = await vscode.window.showOpenDialog(browse);
      resolve(more ? [...checked, ...more] : checked.length ? checked : undefined);
    });
    pick.onDidAccept(() => finish(pick.selectedItems.map((i) => i.uri)));
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

/** "Run battle": the active robot against opponents of its own game that the player checks. */
export async function runBattle(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const game = editor && gameOf(editor.document);
  if (!editor || !game || editor.document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('Chronon: open a RoboWar robot (.rtk, .txt) or a Grobots side (.gb) first.');
    return;
  }
  const robot = editor.document.uri;
  if (editor.document.isDirty) await editor.document.save();
  const candidates = (await workspaceRobots()).get(game)!.filter((u) => u.toString() !== robot.toString());
  const opponents = await pickMany(
    `Battle: ${path.basename(robot.fsPath)} against…`,
    candidates.map((u) => uriItem(u)),
    { canSelectMany: true, openLabel: 'Opponents', filters: { [kGameNames[game]]: kExtensions[game] } },
  );
  if (!opponents || opponents.length === 0) return;
  const files = [robot.fsPath, ...opponents.map((u) => u.fsPath)];
  await runWithProgress('battle', ['battle', ...files, ...engineArgs()], path.dirname(robot.fsPath));
}

/** "Run tournament": every robot of a folder; a folder holding both games plays both tournaments. */
export async function runTournament(folder?: vscode.Uri): Promise<void> {
  if (!folder) {
    // Only the folder list needs the workspace searched; a folder given (the Explorer's menu) does not.
    const robots = await workspaceRobots();
    const counts = new Map<string, { uri: vscode.Uri; grobots: number; robowar: number }>();
    for (const [game, list] of robots) {
      for (const uri of list) {
        const dir = vscode.Uri.file(path.dirname(uri.fsPath));
        const entry = counts.get(dir.fsPath) ?? { uri: dir, grobots: 0, robowar: 0 };
        entry[game]++;
        counts.set(dir.fsPath, entry);
      }
    }
    const items = [...counts.values()]
      .sort((a, b) => a.uri.fsPath.localeCompare(b.uri.fsPath))
      .map((c) => ({
        label: vscode.workspace.asRelativePath(c.uri.fsPath) || path.basename(c.uri.fsPath),
        description: [c.grobots && `${c.grobots} Grobots sides`, c.robowar && `${c.robowar} RoboWar robots`].filter(Boolean).join(', '),
        uri: c.uri,
      }));
    const browse = { label: '$(folder-opened) Browse…', description: 'a folder outside the workspace', uri: undefined };
    const choice = await vscode.window.showQuickPick([...items, browse], { title: 'Tournament: which folder?' });
    if (!choice) return;
    if (choice.uri) {
      folder = choice.uri;
    } else {
      const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Tournament folder' });
      if (!picked || picked.length === 0) return;
      folder = picked[0];
    }
  }
  const inFolder = await robotsIn(folder);
  const games = (['grobots', 'robowar'] as Game[]).filter((g) => inFolder.get(g)! > 0);
  if (games.length === 0) {
    void vscode.window.showWarningMessage(`Chronon: ${folder.fsPath} holds no Grobots sides or RoboWar robots.`);
    return;
  }
  for (const game of games) {
    const args = ['tournament', folder.fsPath, '--game', game, ...engineArgs()];
    const end = await runWithProgress(`${game === 'grobots' ? 'Grobots' : 'RoboWar'} tournament`, args, folder.fsPath);
    if ('cancelled' in end) return;
  }
}
