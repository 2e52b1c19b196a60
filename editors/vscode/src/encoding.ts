// Keeps every byte of robots that are not UTF-8. Many sides and robots were written on the Mac or in
// Latin-1 decades ago (a `²` in a comment, a Swedish `ä`); VS Code decodes them as UTF-8, turns each
// such byte into U+FFFD, and the first save writes U+FFFD's three bytes in its place. Such a file is
// reopened as ISO-8859-1, which maps each byte to one character and back, so a save writes back
// exactly the bytes the player did not touch.

import * as vscode from 'vscode';
import { isChrononDocument } from './settings';

/** The encoding a non-UTF-8 robot is reopened in: one character per byte, every byte round-trips. */
export const kByteEncoding = 'iso88591';

/** Whether the bytes are valid UTF-8 (a UTF-8 byte order mark included). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const checked = new Set<string>();

async function keepBytes(document: vscode.TextDocument): Promise<void> {
  if (document.uri.scheme !== 'file' || !isChrononDocument(document) || document.isDirty) return;
  if (document.encoding !== 'utf8' && document.encoding !== 'utf8bom') return;
  const key = document.uri.toString();
  if (checked.has(key)) return;
  checked.add(key);
  const bytes = await vscode.workspace.fs.readFile(document.uri);
  if (isUtf8(bytes)) return;
  // Reopening an open document with another encoding decodes its file again, in place.
  await vscode.workspace.openTextDocument(document.uri, { encoding: kByteEncoding });
}

/** Watches opened robots and reopens those that are not UTF-8 byte for byte (see above). */
export function registerByteKeeping(context: vscode.ExtensionContext): void {
  const check = (document: vscode.TextDocument) =>
    void keepBytes(document).catch((error) => console.error(`chronon: encoding check of ${document.uri}: ${error}`));
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidCloseTextDocument((document) => checked.delete(document.uri.toString())),
  );
  vscode.workspace.textDocuments.forEach(check);
}
