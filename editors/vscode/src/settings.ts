// The extension's settings, read fresh on every use so that a change takes effect at once.

import * as vscode from 'vscode';

/** The `chronon.*` settings as the extension uses them. */
export interface Settings {
  /** The `chronon` executable: a name looked up on the PATH, or a path. */
  path: string;
  /** `interp` or `jit`: the engine of battles and tournaments. */
  engine: string;
  /** How long, in milliseconds, the text rests before diagnostics are published. */
  debounce: number;
  /** Which tournaments keep a replay of every bout: `robowar` (cheap), `all` or `none`. */
  tournamentReplays: string;
}

/** Returns the current settings; an empty path falls back to `chronon`. */
export function settings(): Settings {
  const config = vscode.workspace.getConfiguration('chronon');
  return {
    path: config.get<string>('path', 'chronon') || 'chronon',
    engine: config.get<string>('engine', 'interp') || 'interp',
    debounce: config.get<number>('debounceMilliseconds', 150),
    tournamentReplays: config.get<string>('tournamentReplays', 'robowar') || 'robowar',
  };
}

/** The command-line arguments that select the engine; the interpreter is the CLI's default. */
export function engineArgs(): string[] {
  const { engine } = settings();
  return engine !== 'interp' ? ['--engine', engine] : [];
}

/** The language ids the extension serves. */
export const kLanguages = ['grobocode', 'robotalk', 'robbie'] as const;

/** Whether a document is one of the extension's languages. */
export function isChrononDocument(document: vscode.TextDocument): boolean {
  return (kLanguages as readonly string[]).includes(document.languageId);
}
