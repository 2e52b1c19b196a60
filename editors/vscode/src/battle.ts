// "Run battle" and "Watch battle": the active robot or side against opponents of its game that the
// player checks (or a Robbie program in a room, for Watch battle), run by chronon with a replay kept
// in the extension's storage, then shown in the viewer. Run battle also brings up the text result in
// the Output panel; Watch battle leaves the Output panel alone unless the battle fails.

import * as path from 'path';
import * as vscode from 'vscode';
import { gameOf, kExtensions, kGameNames, pickMany, uriItem, workspaceRobots } from './pick';
import { chrononOutput, runWithProgress } from './run';
import { engineArgs } from './settings';
import { battleReplayPath, hasReplay } from './storage';
import { showReplay } from './viewer';

/** What to run: robots of one game that fight, or a Robbie program in a room (the default when none). */
type Battle = { kind: 'robots'; files: string[] } | { kind: 'robbie'; program: string; room?: string };

/** The Robbie program's room: the built-in default, or a `.room` file of the workspace the player picks. */
async function pickRoom(program: string): Promise<{ room?: string } | undefined> {
  const rooms = await vscode.workspace.findFiles('**/*.room', '**/node_modules/**', 500);
  if (rooms.length === 0) return {};
  rooms.sort((a, b) => a.fsPath.localeCompare(b.fsPath));
  const items: (vscode.QuickPickItem & { room?: string })[] = [
    { label: 'Default room', description: 'built in' },
    ...rooms.map((uri) => ({ ...uriItem(uri), room: uri.fsPath })),
  ];
  const choice = await vscode.window.showQuickPick(items, { title: `Robbie: ${path.basename(program)} in which room?`, matchOnDescription: true });
  return choice && { room: choice.room };
}

/** Asks what the active editor's robot fights (or where its Robbie program runs); undefined when dismissed. */
async function chooseBattle(robbieToo: boolean): Promise<Battle | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = editor?.document;
  const game = document && gameOf(document);
  const robbie = robbieToo && document?.languageId === 'robbie';
  if (!document || (!game && !robbie) || document.uri.scheme !== 'file') {
    const what = robbieToo ? 'a RoboWar robot (.rtk, .txt), a Grobots side (.gb) or a Robbie program (.rl)' : 'a RoboWar robot (.rtk, .txt) or a Grobots side (.gb)';
    void vscode.window.showWarningMessage(`Chronon: open ${what} first.`);
    return undefined;
  }
  const robot = document.uri;
  if (document.isDirty) await document.save();
  if (!game) {
    const room = await pickRoom(robot.fsPath);
    return room && { kind: 'robbie', program: robot.fsPath, room: room.room };
  }
  const candidates = (await workspaceRobots()).get(game)!.filter((u) => u.toString() !== robot.toString());
  const opponents = await pickMany(
    `Battle: ${path.basename(robot.fsPath)} against…`,
    candidates.map((u) => uriItem(u)),
    { canSelectMany: true, openLabel: 'Opponents', filters: { [kGameNames[game]]: kExtensions[game] } },
  );
  if (!opponents || opponents.length === 0) return undefined;
  return { kind: 'robots', files: [robot.fsPath, ...opponents.map((u) => u.fsPath)] };
}

/** The command line of a battle that writes its replay to REPLAY. */
function battleArgs(battle: Battle, replay: string, engine: string[]): string[] {
  if (battle.kind === 'robbie') {
    return ['run', battle.program, ...(battle.room ? ['--room', battle.room] : []), '--replay', replay, ...engine];
  }
  return ['battle', ...battle.files, '--replay', replay, ...engine];
}

/** Runs BATTLE with progress and Cancel, then shows its replay (WATCH: the viewer takes the focus). */
async function fight(battle: Battle, watch: boolean): Promise<void> {
  const files = battle.kind === 'robots' ? battle.files : [battle.program];
  const replay = await battleReplayPath(files, battle.kind === 'robbie' ? battle.room : undefined);
  const title = battle.kind === 'robots' ? 'battle' : 'Robbie run';
  const end = await runWithProgress(title, battleArgs(battle, replay, engineArgs()), path.dirname(files[0]), !watch);
  if ('cancelled' in end) return;
  // A Robbie run that ends in an error or at the step limit exits 1 and still has a replay to show.
  if (await hasReplay(replay)) {
    await showReplay(replay, !watch);
    return;
  }
  chrononOutput().show(true);
  void vscode.window.showWarningMessage(`Chronon: the ${title} wrote no replay (exit status ${end.status}); the Chronon output says why.`);
}

/** "Run battle": the text result in the Output panel, and the replay in the viewer beside the robot. */
export async function runBattle(): Promise<void> {
  const battle = await chooseBattle(false);
  if (battle) await fight(battle, false);
}

/** "Watch battle": the same battle (or a Robbie program's run), shown in the viewer. */
export async function watchBattle(): Promise<void> {
  const battle = await chooseBattle(true);
  if (battle) await fight(battle, true);
}
