// Picking what to fight for the battle and tournament commands: the game of a robot, the workspace's
// robots and folders of each game, and a list with check boxes (code-server's file dialog picks one
// file at most).

import * as path from 'path';
import * as vscode from 'vscode';
import { looksLikeRoboTalk } from './detect';

/** The two games whose robots battle. */
export type Game = 'grobots' | 'robowar';

/** The file extensions of each game's robots, as the CLI accepts them. */
export const kExtensions: Record<Game, string[]> = {
  grobots: ['gb'],
  robowar: ['rtk', 'txt', 'rwr', 'RWR'],
};

export const kGameNames: Record<Game, string> = { grobots: 'Grobots sides', robowar: 'RoboWar robots' };

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
export async function workspaceRobots(): Promise<Map<Game, vscode.Uri[]>> {
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
export async function robotsIn(folder: vscode.Uri): Promise<Map<Game, number>> {
  const counts = new Map<Game, number>([['grobots', 0], ['robowar', 0]]);
  for (const [name, type] of await vscode.workspace.fs.readDirectory(folder)) {
    if (type !== vscode.FileType.File) continue;
    const game = await gameOfFile(vscode.Uri.joinPath(folder, name));
    if (game) counts.set(game, counts.get(game)! + 1);
  }
  return counts;
}

export type UriItem = vscode.QuickPickItem & { uri: vscode.Uri };

export function uriItem(uri: vscode.Uri, detail?: string): UriItem {
  return { label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(path.dirname(uri.fsPath)), detail, uri };
}

/**
 * Shows a list of items with check boxes and a "Browse…" button (PLACEHOLDER: the hint in its box);
 * resolves with the checked items' URIs plus any picked in the file dialog, or undefined when
 * dismissed.
 */
export function pickMany(
  title: string,
  items: UriItem[],
  browse: vscode.OpenDialogOptions,
  placeholder?: string,
): Promise<vscode.Uri[] | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<UriItem>();
    pick.title = title;
    pick.canSelectMany = true;
    pick.matchOnDescription = true;
    pick.items = items;
    pick.placeholder = placeholder ?? (items.length ? 'Check the robots to fight, then press Enter' : 'No robots in the workspace: browse for them');
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
