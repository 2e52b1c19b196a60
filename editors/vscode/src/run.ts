// Runs the `chronon` CLI for the commands: output streamed to the "Chronon" output channel with its
// tables lined up, progress in VS Code's progress UI, and a cancel button that stops the process.

import { spawn } from 'child_process';
import * as vscode from 'vscode';
import { settings } from './settings';
import { alignTables } from './table';

let output: vscode.OutputChannel | undefined;

/** The "Chronon" output channel, where battles and tournaments print. */
export function chrononOutput(): vscode.OutputChannel {
  output ??= vscode.window.createOutputChannel('Chronon');
  return output;
}

/** How a run ended: the exit status, or that the player cancelled it. */
export type RunEnd = { status: number } | { cancelled: true };

/**
 * Passes the CLI's stdout through, holding back runs of tab-separated lines until they are complete
 * so that each table is lined up as a whole.
 */
class TableStream {
  private pending = '';
  private table: string[] = [];

  constructor(private readonly write: (text: string) => void) {}

  feed(chunk: string): void {
    this.pending += chunk;
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      this.line(this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
    }
  }

  end(): void {
    if (this.pending) this.line(this.pending);
    this.pending = '';
    this.flushTable();
  }

  private line(line: string): void {
    if (line.includes('\t')) {
      this.table.push(line);
      return;
    }
    this.flushTable();
    this.write(line + '\n');
  }

  private flushTable(): void {
    if (this.table.length > 0) this.write(alignTables(this.table.join('\n')) + '\n');
    this.table = [];
  }
}

/**
 * Runs `chronon ARGS` in CWD with a cancellable progress notification titled TITLE, streaming its
 * output to the Chronon channel (brought into view when REVEAL). Resolves with the exit status, or
 * with `cancelled` when the player pressed Cancel (the process is then killed). A missing executable
 * resolves with status 127 and a line saying what to set.
 */
export function runWithProgress(title: string, args: string[], cwd?: string, reveal = true): Promise<RunEnd> {
  const channel = chrononOutput();
  if (reveal) channel.show(true);
  const { path } = settings();
  channel.appendLine(`$ chronon ${args.join(' ')}`);
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Chronon: ${title}`, cancellable: true },
      (progress, token) =>
        new Promise<RunEnd>((resolve) => {
          const started = Date.now();
          const child = spawn(path, args, { cwd });
          const stdout = new TableStream((text) => channel.append(text));
          let cancelled = false;
          const timer = setInterval(
            () => progress.report({ message: `running for ${Math.round((Date.now() - started) / 1000)} s` }),
            1000,
          );
          token.onCancellationRequested(() => {
            cancelled = true;
            child.kill('SIGTERM');
          });
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.feed(chunk));
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => channel.append(chunk));
          let finished = false;
          // A process that cannot start reports 'error' and may report 'close' as well; finish once.
          const finish = (end: RunEnd, note: string) => {
            if (finished) return;
            finished = true;
            clearInterval(timer);
            stdout.end();
            channel.appendLine(note);
            resolve(end);
          };
          child.on('error', (error: NodeJS.ErrnoException) => {
            const why = error.code === 'ENOENT' ? `'${path}' was not found; set "Chronon: Path" (chronon.path)` : error.message;
            finish({ status: 127 }, `[${title}: ${why}]`);
          });
          child.on('close', (code, signal) => {
            if (cancelled) finish({ cancelled: true }, `[${title}: cancelled]`);
            else finish({ status: code ?? 128 }, `[${title}: exit status ${code ?? `signal ${signal}`}]`);
          });
        }),
    ),
  );
}
