// Replay files as the extension handles them (docs/replay-format.md): the names of the replays it
// keeps, the bouts of a tournament's replay folder, and the header line that names a battle. Nothing
// here needs VS Code, so the unit tests run it under plain Node.

import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';

/** The part of a replay's header the extension reads: enough to name the battle. */
export interface ReplayHeader {
  game: string;
  unit?: string;
  seed?: number;
  entrants: { name?: string; file?: string }[];
}

/** A header line longer than this is refused: real headers hold a few robots' sources. */
const kHeaderLimit = 64 * 1024 * 1024;

/**
 * The file name (without folder or extension) of the replay of a battle between the robot FILES,
 * e.g. `spinner-vs-dodger`; a Robbie program in a room other than the default one adds `-in-ROOM`.
 * Characters other than letters, digits, `.`, `_` and `-` become `_`, so any file system takes it.
 */
export function replayBaseName(files: string[], room?: string): string {
  const stem = (file: string) => path.basename(file).replace(/\.[^.]*$/, '');
  let name = files.map(stem).join('-vs-');
  if (room) name += `-in-${stem(room)}`;
  name = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return name || 'battle';
}

/** The battle's name from its header: `spinner vs dodger`, `Algae · Hive`, or `Tour (Robbie)`. */
export function battleTitle(header: ReplayHeader): string {
  const names = header.entrants.map((e, i) => e.name || e.file || `entrant ${i + 1}`);
  if (header.game === 'robbie') return `${names[0] ?? 'Robbie'} (Robbie)`;
  return names.join(header.game === 'grobots' ? ' · ' : ' vs ');
}

/** Shortens a title for a tab, keeping its start. */
export function shortTitle(title: string, max = 48): string {
  return title.length <= max ? title : title.slice(0, max - 1).trimEnd() + '…';
}

/**
 * Reads the first line of a replay (gzip or plain JSON Lines) and returns its header, without
 * inflating the rest: a Grobots round's replay inflates to hundreds of megabytes.
 */
export async function readReplayHeader(file: string): Promise<ReplayHeader> {
  const magic = Buffer.alloc(2);
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.read(magic, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const input = fs.createReadStream(file);
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;
  const source: NodeJS.ReadableStream = gzip ? input.pipe(zlib.createGunzip()) : input;
  const parts: Buffer[] = [];
  let size = 0;
  let complete = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const newline = chunk.indexOf(10);
      parts.push(newline >= 0 ? chunk.subarray(0, newline) : chunk);
      size += chunk.length;
      if (newline >= 0) {
        complete = true;
        break;
      }
      if (size > kHeaderLimit) throw new Error(`${file}: the header line is over ${kHeaderLimit} bytes`);
    }
  } finally {
    input.destroy();
    if (gzip) (source as zlib.Gunzip).destroy();
  }
  if (!complete && size === 0) throw new Error(`${file} is empty`);
  let header: unknown;
  try {
    header = JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new Error(`${file} is not a Chronon replay: its first line is not JSON`);
  }
  return checkHeader(header, file);
}

function checkHeader(value: unknown, file: string): ReplayHeader {
  const h = value as Partial<ReplayHeader> & { format?: unknown };
  if (typeof value !== 'object' || value === null || h.format !== 'chronon-replay') {
    throw new Error(`${file} is not a Chronon replay (no "format": "chronon-replay" header)`);
  }
  if (typeof h.game !== 'string' || !Array.isArray(h.entrants)) throw new Error(`${file}: the header names no game or entrants`);
  return { game: h.game, unit: h.unit, seed: h.seed, entrants: h.entrants };
}

/** One replay of a tournament's `--replays` folder, as its file name tells. */
export interface BoutFile {
  name: string;
  /** The bout's index in the tournament's log (RoboWar) or the round's number (Grobots). */
  index: number;
  /** `duel`, `group`, `wc-duel`, `wc-group`, `listed` (RoboWar) or `round` (Grobots). */
  phase: string;
}

const kPhaseNames: Record<string, string> = {
  duel: 'Duel',
  group: 'Group',
  'wc-duel': "Winners' Circle duel",
  'wc-group': "Winners' Circle group",
  listed: 'Listed group',
  round: 'Round',
};

/**
 * Reads a tournament replay's file name: `NNNN-PHASE-ROBOT-ROBOT….replay` (RoboWar bouts) or
 * `round-NNNN.replay` (Grobots rounds). Undefined for any other name.
 */
export function parseBoutFile(name: string): BoutFile | undefined {
  const bout = /^(\d+)-(wc-duel|wc-group|duel|group|listed|[a-z]+)-.*\.replay$/i.exec(name);
  if (bout) return { name, index: Number(bout[1]), phase: bout[2].toLowerCase() };
  const round = /^round-(\d+)\.replay$/i.exec(name);
  if (round) return { name, index: Number(round[1]), phase: 'round' };
  return undefined;
}

/** The tournament replays among a folder's file NAMES, in the order they were played. */
export function boutFiles(names: string[]): BoutFile[] {
  return names
    .map(parseBoutFile)
    .filter((b): b is BoutFile => b !== undefined)
    .sort((a, b) => a.index - b.index || a.name.localeCompare(b.name));
}

/** How a bout is named in a list: `Duel 3`, `Winners' Circle group 41`, `Round 2`. */
export function boutLabel(bout: BoutFile): string {
  return `${kPhaseNames[bout.phase] ?? bout.phase} ${bout.index}`;
}

/** Of replays (name and modification time), those to delete so that the KEEP newest remain. */
export function replaysToPrune(files: { name: string; mtimeMs: number }[], keep: number): string[] {
  return files
    .filter((f) => f.name.endsWith('.replay'))
    .sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name))
    .slice(keep)
    .map((f) => f.name);
}
