// The debugger contribution (debug type `chronon`): VS Code runs `<chronon.path> dap` as the debug
// adapter; a configuration provider fills what launch.json leaves out (the program from the active
// robot, the opponents from the list with check boxes, a stop at entry when no breakpoint could stop
// the battle); "Debug this robot" starts a session on the active robot, side or Robbie program (Robbie
// runs alone: no opponents to pick). While paused, the battle viewer beside shows the RoboWar battle,
// the Robbie run or the Grobots round at the paused moment (ViewerTracker).

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { absolutePath, findExecutable, kDebugType, kMaxGrobotsOpponents, kMaxOpponents, LaunchFields, launchProblem, robotKind, robotLaunch } from './debugConfig';
import { kExtensions, kGameNames, pickMany, uriItem, workspaceRobots } from './pick';
import { chrononOutput } from './run';
import { settings } from './settings';
import { DebugViewer, openDebugViewer } from './viewer';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Runs `<chronon.path> dap` for each session, in the workspace folder (or the program's folder). */
class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.ProviderResult<vscode.DebugAdapterDescriptor> {
    const command = settings().path;
    // Windows finds `chronon.exe` through PATHEXT; elsewhere a missing executable gets the same words
    // as the language server's message instead of VS Code's generic one.
    const found = process.platform === 'win32' ? command : findExecutable(command, process.env.PATH ?? '', isExecutable);
    if (!found) throw new Error(`Chronon: '${command}' was not found; set "Chronon: Path" (chronon.path) to the chronon executable.`);
    const program = typeof session.configuration.program === 'string' ? session.configuration.program : undefined;
    const cwd = session.workspaceFolder?.uri.fsPath ?? (program ? path.dirname(program) : undefined);
    return new vscode.DebugAdapterExecutable(found, ['dap'], cwd ? { cwd } : undefined);
  }
}

/** The active editor's document when it is a robot file on disk, else undefined. */
function activeRobotDocument(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document && document.uri.scheme === 'file' ? document : undefined;
}

/**
 * The active robot for the debugger (a RoboWar robot, a Grobots side or a Robbie program): its path,
 * after saving it; undefined (with a message saying why) when the active editor holds no robot.
 */
async function activeRobot(): Promise<string | undefined> {
  const document = activeRobotDocument();
  if (!document || (document.languageId !== 'robotalk' && document.languageId !== 'robbie' && document.languageId !== 'grobocode')) {
    void vscode.window.showWarningMessage('Chronon: open a RoboWar robot (.rtk, .txt), a Grobots side (.gb) or a Robbie program (.rl) to debug it.');
    return undefined;
  }
  if (document.isDirty) await document.save();
  return document.uri.fsPath;
}

/**
 * Asks which of the workspace's robots of PROGRAM's game it fights (RoboWar robots, or Grobots
 * sides): the list with check boxes (and Browse…). Enter with none checked debugs the robot alone;
 * Escape cancels (undefined).
 */
async function pickOpponents(program: string): Promise<string[] | undefined> {
  const game = robotKind(program) === 'grobots' ? 'grobots' : 'robowar';
  const most = game === 'grobots' ? kMaxGrobotsOpponents : kMaxOpponents;
  const candidates = (await workspaceRobots()).get(game)!.filter((u) => path.resolve(u.fsPath) !== path.resolve(program));
  const picked = await pickMany(
    `Debug ${path.basename(program)} against…`,
    candidates.map((u) => uriItem(u)),
    { canSelectMany: true, openLabel: 'Opponents', filters: { [kGameNames[game]]: kExtensions[game] } },
    candidates.length
      ? 'Check opponents, then Enter (none checked: the robot alone)'
      : 'No other robots in the workspace: press Enter to debug the robot alone, or browse',
  );
  if (!picked) return undefined;
  if (picked.length > most) {
    const what = game === 'grobots' ? 'a Grobots round seeds' : 'a RoboWar battle has';
    void vscode.window.showWarningMessage(`Chronon: ${what} at most ${most} opponents; you checked ${picked.length}.`);
    return undefined;
  }
  return picked.map((u) => u.fsPath);
}

/** Whether an enabled breakpoint could stop a battle of FILES: a line in one of them, or a label. */
function hasBreakpoints(files: string[]): boolean {
  const wanted = new Set(files.map((f) => path.resolve(f)));
  return vscode.debug.breakpoints.some(
    (b) =>
      b.enabled &&
      (b instanceof vscode.FunctionBreakpoint ||
        (b instanceof vscode.SourceBreakpoint && b.location.uri.scheme === 'file' && wanted.has(path.resolve(b.location.uri.fsPath)))),
  );
}

/** Fills and checks `chronon` launch configurations. */
class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  async resolveDebugConfiguration(
    folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    // F5 without a launch.json: an empty configuration, to be made from the active robot.
    if (!config.type && !config.request && !config.name) {
      const program = await activeRobot();
      if (!program) return undefined;
      return { type: kDebugType, request: 'launch', name: `Debug ${path.basename(program)}`, program };
    }
    if (config.program === undefined || config.program === '') {
      const program = await activeRobot();
      if (!program) return undefined;
      config.program = program;
    }
    return config;
  }

  async resolveDebugConfigurationWithSubstitutedVariables(
    folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    const problem = launchProblem(config as LaunchFields);
    if (problem) {
      void vscode.window.showErrorMessage(problem);
      return undefined;
    }
    const base = folder?.uri.fsPath;
    config.program = absolutePath(config.program, base);
    if (robotKind(config.program) === 'robbie') {
      if (typeof config.room === 'string') config.room = absolutePath(config.room, base);
      config.stopOnEntry ??= !hasBreakpoints([config.program]);
      return config;
    }
    if (config.opponents === undefined) {
      const opponents = await pickOpponents(config.program);
      if (!opponents) return undefined;
      config.opponents = opponents;
    } else {
      config.opponents = (config.opponents as string[]).map((o) => absolutePath(o, base));
    }
    config.stopOnEntry ??= !hasBreakpoints([config.program, ...config.opponents]);
    return config;
  }
}

/** "Debug this robot": the active RoboWar robot or Grobots side against opponents checked in a list, or the active Robbie program. */
export async function debugRobot(): Promise<void> {
  const program = await activeRobot();
  if (!program) return;
  if (robotKind(program) === 'robbie') {
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(program));
    await vscode.debug.startDebugging(folder, robotLaunch(program, [], !hasBreakpoints([program])));
    return;
  }
  const opponents = await pickOpponents(program);
  if (!opponents) return;
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(program));
  await vscode.debug.startDebugging(folder, robotLaunch(program, opponents, !hasBreakpoints([program, ...opponents])));
}

/**
 * What `chronon/replay` answers: the battle's replay (inline for RoboWar and RL, as a file beside the
 * adapter for a Grobots round, which is tens of megabytes), the paused moment and robot
 * (docs/debugging.md).
 */
interface ReplayAnswer {
  replay?: string;
  replayFile?: string;
  moment: number;
  select: number;
}

/**
 * The battle viewer beside a paused session: at the first stop the adapter's replay of the battle
 * opens in a viewer panel at the paused moment with the paused robot selected; at each later stop
 * the panel moves there. A robot clicked in the viewer becomes the focused thread (a `pause` naming
 * it, which the adapter answers with a stopped event for that thread).
 */
class ViewerTracker implements vscode.DebugAdapterTracker {
  private viewer: DebugViewer | undefined;
  private opening: Promise<void> | undefined;
  private closedByUser = false;

  constructor(private readonly session: vscode.DebugSession) {}

  onDidSendMessage(message: { type?: string; event?: string; body?: { threadId?: unknown } }): void {
    // The stopped thread is the robot to select: the paused one, or the one a click focused (a robot's
    // entity id in the replay is its thread id).
    if (message.type === 'event' && message.event === 'stopped') {
      const thread = message.body?.threadId;
      void this.stopped(typeof thread === 'number' ? thread : undefined);
    }
  }

  /**
   * Focuses the thread of the robot clicked in the viewer. The click made the viewer's editor group
   * the active one, where VS Code would open that robot's source over the viewer: the first group
   * becomes active first, so the source opens there and the viewer stays in sight.
   */
  private async focusThread(id: number): Promise<void> {
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await this.session.customRequest('pause', { threadId: id }).then(undefined, () => undefined);
  }

  private async stopped(thread: number | undefined): Promise<void> {
    if (this.closedByUser) return;
    await this.opening;
    let answer: ReplayAnswer;
    try {
      // The replay itself only once: later stops need the moment and the robot.
      answer = (await this.session.customRequest('chronon/replay', { replay: !this.viewer })) as ReplayAnswer;
    } catch (error) {
      chrononOutput().appendLine(`[debug: no battle viewer: ${error instanceof Error ? error.message : String(error)}]`);
      return;
    }
    const select = thread ?? answer.select;
    if (this.viewer) {
      this.viewer.show(answer.moment, select);
      return;
    }
    this.opening = (async () => {
      let bytes: Uint8Array;
      if (answer.replayFile) {
        // A plain view of the file's bytes: a Node Buffer would reach the page as JSON (viewer.ts).
        const read = await vscode.workspace.fs.readFile(vscode.Uri.file(answer.replayFile));
        bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
      } else {
        bytes = new TextEncoder().encode(answer.replay ?? '');
      }
      this.viewer = openDebugViewer(`${this.session.name} (paused)`, bytes, answer.moment, select, (id) => void this.focusThread(id));
      void this.viewer.closed.then(() => {
        this.viewer = undefined;
        this.closedByUser = true;
      });
    })();
    await this.opening;
  }
}

/** Registers the adapter, the configuration provider and the command. */
export function registerDebugger(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterTrackerFactory(kDebugType, { createDebugAdapterTracker: (session) => new ViewerTracker(session) }),
    vscode.debug.registerDebugAdapterDescriptorFactory(kDebugType, new AdapterFactory()),
    vscode.debug.registerDebugConfigurationProvider(kDebugType, new ConfigurationProvider()),
    vscode.commands.registerCommand('chronon.debugRobot', debugRobot),
  );
}
