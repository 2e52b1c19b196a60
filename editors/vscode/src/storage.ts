// Where the extension keeps the replays it asks chronon to write: in its global storage folder, out of
// the workspace, so that watching a battle never adds files to the player's project. Battles keep
// their newest replays; each tournament's folder holds the replays of its last run only.

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { replayBaseName, replaysToPrune } from './replayFiles';

/** How many battle replays are kept; a Grobots round's replay takes 10 to 25 MB. */
const kKeptBattles = 20;

let root: string | undefined;
let workspaceState: vscode.Memento | undefined;

/** Remembers the extension's storage folder and the workspace's state; called once on activation. */
export function initStorage(context: vscode.ExtensionContext): void {
  root = context.globalStorageUri.fsPath;
  workspaceState = context.workspaceState;
}

function storageRoot(): string {
  if (!root) throw new Error('the extension storage is not initialised');
  return root;
}

/**
 * The path for the replay of a battle between FILES (and ROOM, for a Robbie program), in the
 * replays folder, which is made if need be. Older replays beyond the newest few are deleted, and a
 * replay left from an earlier battle of the same robots is removed, so that only a finished run
 * leaves the file.
 */
export async function battleReplayPath(files: string[], room?: string): Promise<string> {
  const folder = path.join(storageRoot(), 'replays');
  await fs.promises.mkdir(folder, { recursive: true });
  const file = path.join(folder, `${replayBaseName(files, room)}.replay`);
  await fs.promises.rm(file, { force: true });
  const entries = await Promise.all(
    (await fs.promises.readdir(folder)).map(async (name) => ({ name, mtimeMs: (await fs.promises.stat(path.join(folder, name))).mtimeMs })),
  );
  for (const name of replaysToPrune(entries, kKeptBattles - 1)) await fs.promises.rm(path.join(folder, name), { force: true });
  return file;
}

/** An empty folder for the replays of a tournament of FOLDER's robots of GAME (its last run's are removed). */
export async function tournamentReplayFolder(folder: string, game: string): Promise<string> {
  const name = `${path.basename(folder).replace(/[^A-Za-z0-9._-]+/g, '_') || 'tournament'}-${game}`;
  const dir = path.join(storageRoot(), 'tournaments', name);
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.mkdir(dir, { recursive: true });
  return dir;
}

/** Whether FILE exists and holds something. */
export async function hasReplay(file: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** The replay folder of one game's tournament, and what to call it in a list. */
export interface TournamentReplays {
  title: string;
  folder: string;
}

const kLastTournament = 'chronon.lastTournamentReplays';

/** Remembers the replay folders of the workspace's last tournament (kept across reloads). */
export async function rememberTournament(runs: TournamentReplays[]): Promise<void> {
  await workspaceState?.update(kLastTournament, runs);
}

/** The replay folders of the workspace's last tournament that kept replays. */
export function lastTournament(): TournamentReplays[] {
  return workspaceState?.get<TournamentReplays[]>(kLastTournament) ?? [];
}
