// "Run tournament" and "Watch a tournament bout": every robot of a folder plays (a folder holding both
// games plays both tournaments); the tournaments the `chronon.tournamentReplays` setting names keep a
// replay of every bout (`--replays`), and the player then picks a bout from a list to watch it.

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Game, robotsIn, workspaceRobots } from './pick';
import { battleTitle, boutFiles, boutLabel, readReplayHeader } from './replayFiles';
import { chrononOutput, runWithProgress } from './run';
import { engineArgs, settings } from './settings';
import { TournamentReplays, lastTournament, rememberTournament, tournamentReplayFolder } from './storage';
import { showReplay } from './viewer';

const kGameTitles: Record<Game, string> = { grobots: 'Grobots', robowar: 'RoboWar' };

/** Whether a tournament of GAME keeps its replays: RoboWar's cost little, a Grobots round's seconds. */
function keepsReplays(game: Game): boolean {
  const keep = settings().tournamentReplays;
  return keep === 'all' || (keep === 'robowar' && game === 'robowar');
}

/** The folder to play: from a list of the workspace's folders that hold robots, or browsed for. */
async function pickFolder(): Promise<vscode.Uri | undefined> {
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
  if (!choice) return undefined;
  if (choice.uri) return choice.uri;
  const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Tournament folder' });
  return picked?.[0];
}

/** How many bout replays FOLDER holds (none when it is gone). */
async function countBouts(folder: string): Promise<number> {
  try {
    return boutFiles(await fs.promises.readdir(folder)).length;
  } catch {
    return 0;
  }
}

/** "Run tournament": every robot of a folder; a folder holding both games plays both tournaments. */
export async function runTournament(folder?: vscode.Uri): Promise<void> {
  // Only the folder list needs the workspace searched; a folder given (the Explorer's menu) does not.
  folder ??= await pickFolder();
  if (!folder) return;
  const inFolder = await robotsIn(folder);
  const games = (['grobots', 'robowar'] as Game[]).filter((g) => inFolder.get(g)! > 0);
  if (games.length === 0) {
    void vscode.window.showWarningMessage(`Chronon: ${folder.fsPath} holds no Grobots sides or RoboWar robots.`);
    return;
  }
  const kept: TournamentReplays[] = [];
  for (const game of games) {
    const title = `${kGameTitles[game]} tournament`;
    const replays = keepsReplays(game) ? await tournamentReplayFolder(folder.fsPath, game) : undefined;
    const args = ['tournament', folder.fsPath, '--game', game, ...(replays ? ['--replays', replays] : []), ...engineArgs()];
    const end = await runWithProgress(title, args, folder.fsPath);
    if ('cancelled' in end) return;
    if (replays && end.status === 0) kept.push({ title: `${title} of ${path.basename(folder.fsPath)}`, folder: replays });
  }
  if (kept.length === 0) return;
  await rememberTournament(kept);
  const count = (await Promise.all(kept.map((k) => countBouts(k.folder)))).reduce((a, b) => a + b, 0);
  if (count === 0) return;
  chrononOutput().appendLine(`[${count} bout replays kept: "Chronon: Watch a tournament bout" shows any of them]`);
  const watch = 'Watch a bout';
  void vscode.window.showInformationMessage(`Chronon: the tournament kept ${count} bout replays.`, watch).then((choice) => {
    if (choice === watch) void vscode.commands.executeCommand('chronon.watchTournamentBout');
  });
}

type BoutItem = vscode.QuickPickItem & { file?: string };

/** The list items of one tournament's bouts, named after their entrants (read from each header). */
async function boutItems(run: TournamentReplays): Promise<BoutItem[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(run.folder);
  } catch {
    return [];
  }
  const bouts = boutFiles(names);
  const titles = await Promise.all(
    bouts.map((b) =>
      readReplayHeader(path.join(run.folder, b.name)).then(
        (h) => battleTitle(h),
        () => b.name,
      ),
    ),
  );
  const items: BoutItem[] = bouts.map((b, i) => ({ label: boutLabel(b), description: titles[i], file: path.join(run.folder, b.name) }));
  return items.length > 0 ? [{ label: run.title, kind: vscode.QuickPickItemKind.Separator }, ...items] : [];
}

/** "Watch a tournament bout": a list of the last tournament's bouts; the one picked opens in the viewer. */
export async function watchTournamentBout(): Promise<void> {
  const items = (await Promise.all(lastTournament().map(boutItems))).flat();
  if (items.length === 0) {
    const keep = settings().tournamentReplays;
    const why = keep === 'none' ? ' ("Chronon: Tournament Replays" is none)' : '';
    void vscode.window.showInformationMessage(`Chronon: no tournament has kept replays yet${why}; run "Chronon: Run tournament" first.`);
    return;
  }
  const choice = await vscode.window.showQuickPick(items, {
    title: 'Watch a bout of the last tournament',
    placeHolder: 'Type a robot name to filter the bouts',
    matchOnDescription: true,
  });
  if (choice?.file) await showReplay(choice.file);
}
