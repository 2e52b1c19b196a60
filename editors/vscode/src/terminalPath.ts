// `chronon` in the integrated terminal: when chronon.path names an executable whose folder is not on
// the PATH, that folder goes in front of the terminals' PATH (src/extension.ts applies it through the
// extension's environment variable collection), so that the commands the README shows run the same
// chronon as the extension. Pure: no vscode import, unit-tested.

import * as path from 'path';

/**
 * The folder to put in front of the integrated terminal's PATH so that `chronon` typed there runs
 * CONFIGURED (the chronon.path setting), or undefined when there is nothing to do: the setting is a
 * bare name looked up on the PATH (the default, `chronon`) or a relative path, it names a file not
 * called `chronon` (which the folder on the PATH would not make `chronon`), or its folder is on
 * SEARCHPATH (the PATH the extension host and its terminals start with) already.
 */
export function terminalPathFolder(configured: string, searchPath: string, platform: string = process.platform): string | undefined {
  const windows = platform === 'win32';
  const p = windows ? path.win32 : path.posix;
  if (!p.isAbsolute(configured)) return undefined;
  const name = p.basename(configured);
  if (!(windows ? /^chronon(\.exe)?$/i.test(name) : name === 'chronon')) return undefined;
  const folder = p.dirname(p.normalize(configured));
  const key = (dir: string): string => {
    let normal = p.normalize(dir);
    // "/opt/chronon/" and "/opt/chronon" are the same folder; "/" stays "/".
    while (normal.length > 1 && (normal.endsWith('/') || (windows && normal.endsWith('\\'))) && !/^[a-zA-Z]:\\$/.test(normal)) {
      normal = normal.slice(0, -1);
    }
    return windows ? normal.toLowerCase() : normal;
  };
  const wanted = key(folder);
  const onPath = searchPath
    .split(p.delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => key(dir) === wanted);
  return onPath ? undefined : folder;
}
