// The pure part of the debugger contribution (no vscode import, so unit tests run it under Node):
// which robots the debugger takes, checking a launch configuration, the configuration "Debug this
// robot" builds, and finding the executable on the PATH.

import * as path from 'path';

/** The debug type the extension contributes, served by `chronon dap`. */
export const kDebugType = 'chronon';

/** `chronon dap` takes at most this many opponents (a RoboWar battle has at most six robots). */
export const kMaxOpponents = 5;

/** What a robot file is, by its name: the debugger takes RoboWar robots, Grobots sides and Robbie programs. */
export type RobotKind = 'robowar' | 'grobots' | 'robbie';

/**
 * The kind of a robot file from its extension: `.gb` a Grobots side, `.rl` a Robbie program, anything
 * else (`.rtk`, `.txt`, `.rwr`, object code) is left to `chronon dap`, which says when it is no robot.
 */
export function robotKind(file: string): RobotKind {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.gb') return 'grobots';
  if (ext === '.rl') return 'robbie';
  return 'robowar';
}

/** A Grobots round seeds at most ten sides: the program and nine opponents. */
export const kMaxGrobotsOpponents = 9;

/** A `chronon` launch configuration as launch.json may hold it (any field may be missing or wrong). */
export interface LaunchFields {
  program?: unknown;
  opponents?: unknown;
  seed?: unknown;
  maxChronons?: unknown;
  frames?: unknown;
  world?: unknown;
  stopOnEntry?: unknown;
  room?: unknown;
  steps?: unknown;
  engine?: unknown;
}

/**
 * What is wrong with a launch configuration whose program is set (opponents may still be missing:
 * they are asked for), as a message; undefined when `chronon dap` can take it.
 */
export function launchProblem(config: LaunchFields): string | undefined {
  return fieldProblem(config);
}

function fieldProblem(config: LaunchFields): string | undefined {
  if (typeof config.program !== 'string' || config.program === '') return 'Chronon: "program" must name the robot file to debug.';
  if (config.engine !== undefined && config.engine !== 'interp' && config.engine !== 'jit') return 'Chronon: "engine" must be "interp" or "jit".';
  const programKind = robotKind(config.program);
  if (programKind === 'grobots') return grobotsProblem(config);
  if (programKind === 'robbie') return robbieProblem(config);
  if (config.opponents !== undefined) {
    if (!Array.isArray(config.opponents) || !config.opponents.every((o) => typeof o === 'string' && o !== '')) {
      return 'Chronon: "opponents" must be a list of robot files.';
    }
    if (config.opponents.length > kMaxOpponents) {
      return `Chronon: a RoboWar battle has at most ${kMaxOpponents} opponents ("opponents" lists ${config.opponents.length}).`;
    }
    const other = (config.opponents as string[]).find((o) => robotKind(o) !== 'robowar');
    if (other && robotKind(other) === 'grobots') return `Chronon: ${path.basename(other)} is a Grobots side; a RoboWar battle takes RoboWar robots.`;
    if (other) return `Chronon: ${path.basename(other)} is a Robbie program; Robbie runs alone, not as a RoboWar opponent.`;
  }
  for (const key of ['seed', 'maxChronons'] as const) {
    const value = config[key];
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= (key === 'seed' ? 0 : 1))) {
      return `Chronon: "${key}" must be a ${key === 'seed' ? 'whole number' : 'positive whole number'}.`;
    }
  }
  if (config.stopOnEntry !== undefined && typeof config.stopOnEntry !== 'boolean') return 'Chronon: "stopOnEntry" must be true or false.';
  return undefined;
}

/** The problem of a Grobots side's launch: opponents are sides, and the round's frames and world size. */
function grobotsProblem(config: LaunchFields): string | undefined {
  if (config.opponents !== undefined) {
    if (!Array.isArray(config.opponents) || !config.opponents.every((o) => typeof o === 'string' && o !== '')) {
      return 'Chronon: "opponents" must be a list of side files.';
    }
    if (config.opponents.length > kMaxGrobotsOpponents) {
      return `Chronon: a Grobots round seeds at most ${kMaxGrobotsOpponents} opponents ("opponents" lists ${config.opponents.length}).`;
    }
    const other = (config.opponents as string[]).find((o) => robotKind(o) !== 'grobots');
    if (other) return `Chronon: ${path.basename(other)} is no Grobots side; a Grobots round takes sides (.gb).`;
  }
  if (config.seed !== undefined && !(typeof config.seed === 'number' && Number.isInteger(config.seed))) {
    return 'Chronon: "seed" must be a whole number.';
  }
  if (config.frames !== undefined && !(typeof config.frames === 'number' && Number.isInteger(config.frames) && config.frames >= 1)) {
    return 'Chronon: "frames" must be a positive whole number.';
  }
  if (config.world !== undefined && !(typeof config.world === 'string' && /^\d+[xX]\d+$/.test(config.world))) {
    return 'Chronon: "world" must be WxH in tiles of 10 units, e.g. "10x10".';
  }
  if (config.stopOnEntry !== undefined && typeof config.stopOnEntry !== 'boolean') return 'Chronon: "stopOnEntry" must be true or false.';
  return undefined;
}

/** The problem of a Robbie program's launch: Robbie runs alone in his room (docs/debugging.md). */
function robbieProblem(config: LaunchFields): string | undefined {
  if (config.opponents !== undefined && !(Array.isArray(config.opponents) && config.opponents.length === 0)) {
    return 'Chronon: a Robbie program runs alone in his room: leave "opponents" out.';
  }
  if (config.room !== undefined && (typeof config.room !== 'string' || config.room === '')) {
    return 'Chronon: "room" must name a room file (.room).';
  }
  if (config.steps !== undefined && !(typeof config.steps === 'number' && Number.isInteger(config.steps) && config.steps >= 1)) {
    return 'Chronon: "steps" must be a positive whole number.';
  }
  if (config.stopOnEntry !== undefined && typeof config.stopOnEntry !== 'boolean') return 'Chronon: "stopOnEntry" must be true or false.';
  return undefined;
}

/** FILE made absolute against BASE (the workspace folder, or the program's folder). */
export function absolutePath(file: string, base: string | undefined): string {
  return path.isAbsolute(file) || !base ? file : path.resolve(base, file);
}

/**
 * The launch configuration "Debug this robot" starts: PROGRAM against OPPONENTS on seed 1 (a Robbie
 * program alone, OPPONENTS ignored), stopping at entry when STOP_ON_ENTRY (the extension sets it when
 * no breakpoint could stop the run).
 */
export function robotLaunch(program: string, opponents: string[], stopOnEntry: boolean) {
  if (robotKind(program) === 'robbie') {
    // Robbie runs alone in the built-in room; launch.json may name another with "room".
    return { type: kDebugType, request: 'launch', name: `Debug ${path.basename(program)}`, program, stopOnEntry };
  }
  return {
    type: kDebugType,
    request: 'launch',
    name: `Debug ${path.basename(program)}`,
    program,
    opponents,
    seed: 1,
    stopOnEntry,
  };
}

/**
 * Where the executable COMMAND is: COMMAND itself when it names a path (has a slash), else the first
 * folder of SEARCH_PATH (a PATH value) holding it; undefined when IS_EXECUTABLE accepts none.
 */
export function findExecutable(command: string, searchPath: string, isExecutable: (file: string) => boolean): string | undefined {
  if (command.includes('/') || command.includes('\\')) return isExecutable(command) ? command : undefined;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}
