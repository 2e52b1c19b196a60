// The language server's lifecycle: find the executable, start `chronon lsp`, restart it from any state
// (running, stopped, failed to start, never started), and say once, clearly, what is missing.

import { execFile } from 'child_process';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { kLanguages, settings } from './settings';

/** What probing the configured executable found. */
export type Probe = { ok: true; version: string } | { ok: false; reason: string };

/**
 * Runs `PATH --version` and reports whether it is a working `chronon`. Takes the configured path;
 * resolves (never rejects) within five seconds with the version line or the reason it failed.
 */
export function probeExecutable(path: string): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 5000 }, (error, stdout) => {
      if (!error && stdout.startsWith('chronon')) {
        resolve({ ok: true, version: stdout.trim() });
        return;
      }
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') resolve({ ok: false, reason: 'was not found' });
      else if (code === 'EACCES') resolve({ ok: false, reason: 'is not executable' });
      else if (error) resolve({ ok: false, reason: `did not run (${error.message.split('\n')[0]})` });
      else resolve({ ok: false, reason: 'is not the chronon executable (its --version does not say chronon)' });
    });
  });
}

/** The state of the language server as the status bar shows it. */
export type ServerState = 'stopped' | 'starting' | 'running' | 'missing' | 'failed';

/**
 * Owns the one `LanguageClient`. Every start, stop and restart goes through one queue, so a setting
 * changed while the server starts cannot leave two servers or a half-stopped client behind.
 */
export class Server implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private queue: Promise<void> = Promise.resolve();
  private toldMissing: string | undefined;
  private state: ServerState = 'stopped';
  private readonly status: vscode.StatusBarItem;
  private readonly log: vscode.LogOutputChannel;

  constructor() {
    this.log = vscode.window.createOutputChannel('Chronon Language Server', { log: true });
    this.status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
    this.status.command = 'chronon.restartServer';
    this.setState('stopped');
  }

  /** The running client, or undefined when the server is not running. */
  get running(): LanguageClient | undefined {
    return this.state === 'running' ? this.client : undefined;
  }

  /** Starts the server unless it runs; resolves when it runs or has failed (never rejects). */
  start(): Promise<void> {
    return this.enqueue(async () => {
      if (this.client && this.state === 'running') return;
      await this.startNow();
    });
  }

  /** Stops the server if it runs (or half-runs) and starts it again with the current settings. */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.stopNow();
      this.toldMissing = undefined;
      await this.startNow();
    });
  }

  /** Stops the server; resolves once it has exited. */
  stop(): Promise<void> {
    return this.enqueue(() => this.stopNow());
  }

  dispose(): void {
    void this.stop();
    this.status.dispose();
    this.log.dispose();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step, step);
    return this.queue;
  }

  private setState(state: ServerState, detail = ''): void {
    this.state = state;
    const text: Record<ServerState, string> = {
      stopped: '$(circle-slash) Chronon',
      starting: '$(sync~spin) Chronon',
      running: '$(check) Chronon',
      missing: '$(error) Chronon: not found',
      failed: '$(error) Chronon',
    };
    this.status.text = text[state];
    this.status.tooltip = `Chronon language server: ${state}${detail ? ` (${detail})` : ''}. Click to restart.`;
    this.status.show();
  }

  private async startNow(): Promise<void> {
    const { path, debounce } = settings();
    this.setState('starting');
    const probe = await probeExecutable(path);
    if (!probe.ok) {
      this.setState('missing', `'${path}' ${probe.reason}`);
      this.log.warn(`chronon.path '${path}' ${probe.reason}; the language server is not started.`);
      // One message per configured path: reopening files or retrying with the same wrong path
      // does not pile up toasts. A changed setting or an explicit restart says it again.
      if (this.toldMissing !== path) {
        this.toldMissing = path;
        const open = 'Open Settings';
        void vscode.window
          .showErrorMessage(
            `Chronon: the executable '${path}' ${probe.reason}. Install chronon (on the PATH it needs no setting; see ` +
              `the Chronon README) or set "Chronon: Path" (chronon.path) to its full path; the language server starts ` +
              `as soon as you do.`,
            open,
          )
          .then((choice) => {
            if (choice === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'chronon.path');
          });
      }
      return;
    }
    this.log.info(`Starting ${path} lsp (${probe.version})`);
    const run = { command: path, args: ['lsp', '--debounce', String(debounce)], transport: TransportKind.stdio };
    const serverOptions: ServerOptions = { run, debug: run };
    const clientOptions: LanguageClientOptions = {
      documentSelector: kLanguages.map((language) => ({ scheme: 'file', language })),
      outputChannel: this.log,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      // A crash is reported once in the status bar and the log; the player restarts with one click
      // instead of the client restarting a server that crashes on the same text again and again.
      errorHandler: {
        error: () => ({ action: ErrorAction.Continue }),
        closed: () => {
          if (this.state === 'running') {
            this.setState('failed', 'the server exited');
            void vscode.window.showErrorMessage(
              'Chronon: the language server stopped unexpectedly. Run "Chronon: Restart language server" to start it again.',
            );
          }
          return { action: CloseAction.DoNotRestart, handled: true };
        },
      },
    };
    const client = new LanguageClient('chronon', 'Chronon', serverOptions, clientOptions);
    this.client = client;
    try {
      await client.start();
      this.setState('running', probe.version);
      this.toldMissing = undefined;
    } catch (error) {
      this.setState('failed', String(error));
      void vscode.window.showErrorMessage(`Chronon: '${path} lsp' did not start: ${String(error)}`);
    }
  }

  private async stopNow(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    // The state goes first, so the close handler knows this exit was asked for.
    this.setState('stopped');
    if (!client) return;
    try {
      if (client.isRunning()) await client.stop(2000);
    } catch (error) {
      this.log.warn(`Stopping the server: ${String(error)}`);
    }
    try {
      await client.dispose(2000);
    } catch {
      // A client that never started has nothing to dispose of; disposing it is only for a clean slate.
    }
  }
}
