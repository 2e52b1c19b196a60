// Reads a replay (docs/replay-format.md) into an in-memory timeline. Moments are kept as compact
// integer operation lists, with a full snapshot (keyframe) whenever enough operations have piled
// up since the last one, so that any moment can be rebuilt from a nearby keyframe quickly. Loading is
// progressive: `ready` resolves as soon as the header and the first moment are known, and the rest
// keeps arriving in the background while the viewer already draws.

export type Game = 'robowar' | 'grobots' | 'robbie';

export interface KindInfo {
  name: string;
  fields: string[];
  scale: number[];
  index: Map<string, number>;
}

export interface GrobotsType {
  name: string;
  color?: string;
  cost?: number;
  maxEnergy?: number;
  maxArmor?: number;
  radius?: number;
}

export interface Entrant {
  name: string;
  file: string;
  source: string | null;
  team: number;
  hardware: Record<string, unknown>;
  color: string | null;
  types: GrobotsType[];
}

export interface World {
  width: number;
  height: number;
  /** RoboWar: the radius robots are drawn with (the header's `robotRadius`, else 10). */
  robotRadius: number;
  walls: number[][];
  obstacles: number[][];
  objects: { name: string; grams: number }[];
}

export interface Header {
  version: number;
  chronon: string;
  game: Game;
  unit: string;
  seed: number;
  engine: string;
  options: Record<string, unknown>;
  world: World;
  entrants: Entrant[];
  kinds: KindInfo[];
  shotTypes: string[];
}

export interface ReplayEvent {
  moment: number;
  kind: string;
  id: number;
  text: string;
  other: number;
}

export type BrainValue = number | string | [number, number];

export interface MachineState {
  pc?: number;
  label?: string;
  line?: number;
  ds?: number[];
  rs?: string[];
  vars?: Record<string, BrainValue>;
  status?: string;
}

/** The brain records of one robot: the moment of each record and what changed in it. */
export interface BrainTrack {
  moments: number[];
  deltas: MachineState[];
  checkpoints: Map<number, MachineState>;
}

/** One line of a chart: values aligned with the x values of its set (null where absent). */
export interface SeriesLine {
  label: string;
  entrant: number;
  values: (number | null)[];
}

export interface SeriesSet {
  title: string;
  x: number[];
  lines: SeriesLine[];
}

/** A full copy of every entity after the moment `moment` was applied (ids: dense indices). */
export interface Keyframe {
  moment: number;
  ids: Int32Array;
  kinds: Int32Array;
  values: Int32Array;
}

export interface Entity {
  id: number;
  kind: number;
  v: Int32Array;
}

/** An entity while reading: also its dense index, which the operations and keyframes store. */
interface LiveEntity extends Entity {
  index: number;
}

export type LoadStatus = 'loading' | 'complete' | 'truncated' | 'error';

export const kOpNew = 1;
export const kOpUpdate = 2;
export const kOpDelete = 3;

const kMaxFileBytes = 1024 * 1024 * 1024;
const kMaxInflatedBytes = 4 * 1024 * 1024 * 1024;
const kMaxLineChars = 64 * 1024 * 1024;
const kChunkInts = 1 << 22;
const kInputStep = 1 << 20;
const kWorkSliceMs = 30;
const kMaxEntrants = 1000;
const kMaxWorldSize = 1e7;

/** The index of the last of the ascending `values` that is at most `t`, or -1 when none is. */
export function lastAtOrBefore(values: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = values.length - 1;
  if (hi < 0 || values[0] > t) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class ReplayError extends Error {}

/** A replay as far as it has been read. Arrays grow while `status` is 'loading'. */
export class Replay {
  header!: Header;
  readonly times: number[] = [];
  readonly opChunk: number[] = [];
  readonly opStart: number[] = [];
  readonly opEnd: number[] = [];
  readonly chunks: Int32Array[] = [];
  readonly keyframes: Keyframe[] = [];
  readonly events: ReplayEvent[] = [];
  readonly brains = new Map<number, BrainTrack>();
  readonly charts: SeriesSet[] = [];
  /** Robbie's position after each moment (x0, y0, x1, y1, ...), for the path drawn behind him. */
  readonly trail: number[] = [];
  /** Entity ids as the file gives them, by the dense index the operations store instead. */
  readonly externalIds: number[] = [];
  /** The moment at which each entity appeared. */
  readonly birthMoment = new Map<number, number>();
  end: Record<string, unknown> | null = null;
  status: LoadStatus = 'loading';
  /** Why the replay is truncated or broken, for the banner. */
  problem = '';
  /** Fraction of the input read so far. */
  progress = 0;

  /** `name`: the file name for messages, or '' when the host gave none. */
  constructor(readonly name: string) {}

  /** How messages name the replay: its file name when the host gave one. */
  label(): string {
    return this.name !== '' ? this.name : 'the replay';
  }

  get momentCount(): number {
    return this.times.length;
  }

  lastTime(): number {
    return this.times.length > 0 ? this.times[this.times.length - 1] : 0;
  }

  /** The index of the last moment whose t is at most `t` (0 if none). */
  momentAtTime(t: number): number {
    if (this.times.length === 0 || t <= this.times[0]) return 0;
    return lastAtOrBefore(this.times, t);
  }

  /** The last keyframe taken at or before moment `m`. */
  keyframeAtOrBefore(m: number): Keyframe {
    const kfs = this.keyframes;
    let lo = 0;
    let hi = kfs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (kfs[mid].moment <= m) lo = mid;
      else hi = mid - 1;
    }
    return kfs[lo];
  }

  kindIndex(name: string): number {
    return this.header.kinds.findIndex((k) => k.name === name);
  }
}

/** Applies moment `m`'s operations to `state`, which must hold the state after moment m - 1. */
export function applyMoment(replay: Replay, m: number, state: Map<number, Entity>): void {
  const ops = replay.chunks[replay.opChunk[m]];
  const kinds = replay.header.kinds;
  const ids = replay.externalIds;
  let i = replay.opStart[m];
  const end = replay.opEnd[m];
  while (i < end) {
    const op = ops[i];
    const id = ids[ops[i + 1]];
    if (op === kOpNew) {
      const kind = ops[i + 2];
      const n = kinds[kind].fields.length;
      state.set(id, { id, kind, v: ops.slice(i + 3, i + 3 + n) });
      i += 3 + n;
    } else if (op === kOpUpdate) {
      const pairs = ops[i + 2];
      const v = state.get(id)!.v;
      for (let p = 0; p < pairs; p++) v[ops[i + 3 + 2 * p]] = ops[i + 4 + 2 * p];
      i += 3 + 2 * pairs;
    } else {
      state.delete(id);
      i += 2;
    }
  }
}

/** Rebuilds the entity map stored in a keyframe. */
export function restoreKeyframe(replay: Replay, kf: Keyframe, state: Map<number, Entity>): void {
  state.clear();
  const kinds = replay.header.kinds;
  let off = 0;
  for (let e = 0; e < kf.ids.length; e++) {
    const kind = kf.kinds[e];
    const n = kinds[kind].fields.length;
    const id = replay.externalIds[kf.ids[e]];
    state.set(id, { id, kind, v: kf.values.slice(off, off + n) });
    off += n;
  }
}

export interface LoadOptions {
  name?: string;
  /** Called after each slice of work while loading, and once at the end. */
  onProgress?: (replay: Replay) => void;
}

export interface Loader {
  /** Resolves once the header and moment 0 are known; rejects when the file cannot be shown at all. */
  ready: Promise<Replay>;
  /** Resolves when reading stopped (complete, truncated or broken: see replay.status). */
  done: Promise<Replay>;
  cancel(): void;
}

export function loadReplay(bytes: Uint8Array, options: LoadOptions = {}): Loader {
  const replay = new Replay(options.name ?? '');
  const reader = new LineReader(replay, options.onProgress);
  let resolveReady!: (r: Replay) => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<Replay>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  reader.onFirstMoment = () => resolveReady(replay);
  const done = reader.run(bytes).then(
    () => {
      if (replay.momentCount === 0) {
        const why = replay.problem || (replay.name !== '' ? `${replay.name}: the replay holds no moment` : 'The replay holds no moment');
        rejectReady(new ReplayError(why));
      } else {
        resolveReady(replay);
      }
      return replay;
    },
    (e: unknown) => {
      rejectReady(e instanceof Error ? e : new Error(String(e)));
      return replay;
    },
  );
  return { ready, done, cancel: () => (reader.cancelled = true) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isInt32(v: unknown): v is number {
  return typeof v === 'number' && (v | 0) === v;
}

function describeBytes(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

async function* gunzipChunks(bytes: Uint8Array, replay: Replay): AsyncGenerator<Uint8Array> {
  let offset = 0;
  // Feeding the input in steps lets the progress bar follow how much has been read.
  const input = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const end = Math.min(bytes.length, offset + kInputStep);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
      replay.progress = offset / bytes.length;
    },
  });
  const stream = input.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function* plainChunks(bytes: Uint8Array, replay: Replay): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += kInputStep) {
    yield bytes.subarray(offset, Math.min(bytes.length, offset + kInputStep));
    replay.progress = Math.min(1, (offset + kInputStep) / bytes.length);
  }
}

class GzipFailure extends Error {}

class LineReader {
  onFirstMoment: () => void = () => undefined;
  cancelled = false;
  private lineNo = 0;
  private live = new Map<number, LiveEntity>();
  /** Every id seen so far (ids are never reused): its dense index. */
  private indexOf = new Map<number, number>();
  private liveInts = 0;
  private opsSinceKeyframe = 0;
  private chunk = new Int32Array(0);
  private chunkUsed = 0;
  private sample: (m: number) => void = () => undefined;

  constructor(
    private replay: Replay,
    private onProgress?: (replay: Replay) => void,
  ) {}

  private fail(message: string): never {
    const name = this.replay.name;
    throw new ReplayError(name !== '' ? `${name}: ${message}` : message.charAt(0).toUpperCase() + message.slice(1));
  }

  async run(bytes: Uint8Array): Promise<void> {
    const replay = this.replay;
    if (bytes.length > kMaxFileBytes) {
      this.fail(`the file is ${bytes.length} bytes, over the limit of 1 GiB`);
    }
    if (bytes.length === 0) this.fail('the file is empty');
    const gzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
    if (!gzip && bytes[0] !== 0x7b) {
      this.fail(`not a Chronon replay: the data is neither gzip-compressed nor JSON text (it starts with bytes ${describeBytes(bytes)})`);
    }
    const source = gzip ? gunzipChunks(bytes, replay) : plainChunks(bytes, replay);
    const decoder = new TextDecoder('utf-8');
    let pending = '';
    let inflated = 0;
    let sliceStart = performance.now();
    let gzipError: unknown = null;
    try {
      const iterator = source[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await iterator.next();
        } catch (e) {
          throw new GzipFailure(e instanceof Error ? e.message : String(e));
        }
        if (next.done) break;
        if (this.cancelled) return;
        inflated += next.value.length;
        if (inflated > kMaxInflatedBytes) this.fail('the data inflates past the limit of 4 GiB');
        pending += decoder.decode(next.value, { stream: true });
        pending = this.takeLines(pending);
        if (performance.now() - sliceStart > kWorkSliceMs) {
          this.onProgress?.(replay);
          await new Promise((r) => setTimeout(r, 0));
          sliceStart = performance.now();
        }
      }
      pending += decoder.decode();
      pending = this.takeLines(pending);
      if (pending.trim() !== '') {
        // A last line without its newline is complete if it parses; otherwise the file was cut.
        let parsed = true;
        try {
          JSON.parse(pending);
        } catch {
          parsed = false;
        }
        if (parsed) this.handleLine(pending);
        else if (replay.end === null) this.truncated('the last line is cut off');
      }
      if (replay.status === 'loading') {
        if (replay.end === null) this.truncated('the end line is missing');
        else replay.status = 'complete';
      }
    } catch (e) {
      if (e instanceof GzipFailure) {
        gzipError = e;
      } else if (e instanceof ReplayError) {
        replay.status = 'error';
        replay.problem = e.message;
        if (replay.momentCount === 0) throw e;
      } else {
        throw e;
      }
    }
    if (gzipError !== null) {
      const detail = (gzipError as Error).message;
      if (replay.end !== null) {
        replay.status = 'complete';
        replay.problem = `Bytes after the end of ${replay.label()} were ignored (${detail})`;
      } else if (replay.momentCount === 0 && this.lineNo === 0) {
        this.fail(`the replay is truncated or damaged: the gzip data ends before its first line (${detail})`);
      } else {
        this.truncated(`the gzip stream is cut short or damaged (${detail})`);
      }
    }
    replay.progress = 1;
    this.onProgress?.(replay);
  }

  private truncated(why: string): void {
    const replay = this.replay;
    replay.status = 'truncated';
    const last = replay.momentCount > 0 ? `; showing ${replay.momentCount} moments, up to t = ${replay.lastTime()}` : '';
    const label = replay.label();
    replay.problem = `${label.charAt(0).toUpperCase()}${label.slice(1)} is truncated: ${why}${last}`;
  }

  /** Handles every complete line in `text` and returns what is left after the last newline. */
  private takeLines(text: string): string {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      if (nl > start) this.handleLine(text.slice(start, nl));
      else this.lineNo++;
      start = nl + 1;
      if (this.replay.status !== 'loading') return '';
    }
    const rest = start === 0 ? text : text.slice(start);
    if (rest.length > kMaxLineChars) this.fail(`line ${this.lineNo + 1} is longer than the limit of 64 MiB`);
    return rest;
  }

  private handleLine(line: string): void {
    this.lineNo++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      if (this.lineNo === 1) this.fail('not a Chronon replay: the first line is not JSON');
      this.fail(`line ${this.lineNo} is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (this.lineNo === 1) {
      this.readHeader(value);
      return;
    }
    if (!isObject(value)) this.fail(`line ${this.lineNo} is not a JSON object`);
    if (this.replay.end !== null) this.fail(`line ${this.lineNo} follows the end line`);
    if ('end' in value) {
      if (!isObject(value.end)) this.fail(`line ${this.lineNo}: the end line's "end" is not an object`);
      this.replay.end = value.end;
      return;
    }
    this.readMoment(value);
  }

  private readHeader(value: unknown): void {
    const replay = this.replay;
    if (!isObject(value) || value.format !== 'chronon-replay') {
      this.fail('not a Chronon replay: the first line is not a chronon-replay header');
    }
    if (value.version !== 1) {
      this.fail(`replay version ${JSON.stringify(value.version)} is not supported: this viewer reads version 1`);
    }
    const game = value.game;
    if (game !== 'robowar' && game !== 'grobots' && game !== 'robbie') {
      this.fail(`the header names an unknown game ${JSON.stringify(game)}`);
    }
    const world = value.world;
    if (!isObject(world)) this.fail('the header has no "world"');
    const width = world.width;
    const height = world.height;
    if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0) || !(height > 0) ||
        width > kMaxWorldSize || height > kMaxWorldSize) {
      this.fail(`the world size ${JSON.stringify(width)} x ${JSON.stringify(height)} is not sensible`);
    }
    if (!Array.isArray(value.entrants) || value.entrants.length > kMaxEntrants) {
      this.fail('the header\'s "entrants" is not a list of at most 1000 entrants');
    }
    if (!Array.isArray(value.kinds) || value.kinds.length === 0 || value.kinds.length > 64) {
      this.fail('the header\'s "kinds" is not a list of 1 to 64 kinds');
    }
    const kinds = value.kinds.map((k, i) => this.readKind(k, i));
    const entrants = value.entrants.map((e, i) => this.readEntrant(e, i));
    const segments = (v: unknown): number[][] =>
      Array.isArray(v) ? v.filter((s): s is number[] => Array.isArray(s) && s.length === 4 && s.every((n) => typeof n === 'number')) : [];
    const objects = Array.isArray(world.objects)
      ? world.objects.map((o) => ({
          name: isObject(o) && typeof o.name === 'string' ? o.name : '?',
          grams: isObject(o) && typeof o.grams === 'number' ? o.grams : 0,
        }))
      : [];
    replay.header = {
      version: 1,
      chronon: typeof value.chronon === 'string' ? value.chronon : '?',
      game,
      unit: typeof value.unit === 'string' ? value.unit : 'moment',
      seed: typeof value.seed === 'number' ? value.seed : 0,
      engine: typeof value.engine === 'string' ? value.engine : '?',
      options: isObject(value.options) ? value.options : {},
      world: {
        width,
        height,
        robotRadius: typeof world.robotRadius === 'number' && world.robotRadius > 0 && world.robotRadius < width ? world.robotRadius : 10,
        walls: segments(world.walls),
        obstacles: segments(world.obstacles),
        objects,
      },
      entrants,
      kinds,
      shotTypes: Array.isArray(value.shotTypes) ? value.shotTypes.map(String) : [],
    };
    this.sample = this.makeSampler();
  }

  private readKind(k: unknown, i: number): KindInfo {
    if (!isObject(k) || typeof k.name !== 'string' || !Array.isArray(k.fields) || k.fields.length > 256 ||
        !k.fields.every((f) => typeof f === 'string')) {
      this.fail(`kind ${i} in the header is not {"name", "fields", "scale"}`);
    }
    const fields = k.fields as string[];
    let scale = fields.map(() => 1);
    if (k.scale !== undefined) {
      if (!Array.isArray(k.scale) || k.scale.length !== fields.length ||
          !k.scale.every((s) => typeof s === 'number' && s > 0 && Number.isFinite(s))) {
        this.fail(`kind "${k.name}" has a "scale" that does not give a positive number for each field`);
      }
      scale = k.scale as number[];
    }
    return { name: k.name, fields, scale, index: new Map(fields.map((f, j) => [f, j])) };
  }

  private readEntrant(e: unknown, i: number): Entrant {
    if (!isObject(e)) this.fail(`entrant ${i} in the header is not an object`);
    let source: string | null = typeof e.source === 'string' ? e.source : null;
    if (source === null && typeof e.sourceBase64 === 'string') source = '(binary file: no source text)';
    const types = Array.isArray(e.types)
      ? e.types.filter(isObject).map((t) => ({
          name: typeof t.name === 'string' ? t.name : '?',
          color: typeof t.color === 'string' ? t.color : undefined,
          cost: typeof t.cost === 'number' ? t.cost : undefined,
          maxEnergy: typeof t.maxEnergy === 'number' ? t.maxEnergy : undefined,
          maxArmor: typeof t.maxArmor === 'number' ? t.maxArmor : undefined,
          radius: typeof t.radius === 'number' ? t.radius : undefined,
        }))
      : [];
    return {
      name: typeof e.name === 'string' ? e.name : `entrant ${i + 1}`,
      file: typeof e.file === 'string' ? e.file : '',
      source,
      team: typeof e.team === 'number' ? e.team : 0,
      hardware: isObject(e.hardware) ? e.hardware : {},
      color: typeof e.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(e.color) ? e.color : null,
      types,
    };
  }

  /** Chart data that comes from entity fields is sampled while loading, per game. */
  private makeSampler(): (m: number) => void {
    const replay = this.replay;
    const header = replay.header;
    switch (header.game) {
      case 'robowar': {
        const kind = replay.kindIndex('robot');
        if (kind < 0) return () => undefined;
        const info = header.kinds[kind];
        const fEnergy = info.index.get('energy') ?? -1;
        const fDamage = info.index.get('damage') ?? -1;
        const fSide = info.index.get('side') ?? -1;
        const energy: SeriesSet = { title: 'Energy', x: [], lines: [] };
        const damage: SeriesSet = { title: 'Damage', x: [], lines: [] };
        replay.charts.push(energy, damage);
        const lineOf = new Map<number, number>();
        return (m) => {
          energy.x.push(replay.times[m]);
          damage.x.push(replay.times[m]);
          for (const line of energy.lines) line.values.push(null);
          for (const line of damage.lines) line.values.push(null);
          for (const ent of this.live.values()) {
            if (ent.kind !== kind) continue;
            let li = lineOf.get(ent.id);
            if (li === undefined) {
              const side = fSide >= 0 ? ent.v[fSide] : 0;
              const label = header.entrants[side]?.name ?? `robot ${ent.id}`;
              li = energy.lines.length;
              lineOf.set(ent.id, li);
              const blank = () => new Array<number | null>(energy.x.length).fill(null);
              energy.lines.push({ label, entrant: side, values: blank() });
              damage.lines.push({ label, entrant: side, values: blank() });
            }
            const n = energy.x.length - 1;
            if (fEnergy >= 0) energy.lines[li].values[n] = ent.v[fEnergy] / info.scale[fEnergy];
            if (fDamage >= 0) damage.lines[li].values[n] = ent.v[fDamage] / info.scale[fDamage];
          }
        };
      }
      case 'grobots': {
        const biomass: SeriesSet = { title: 'Biomass', x: [], lines: [] };
        const population: SeriesSet = { title: 'Population', x: [], lines: [] };
        header.entrants.forEach((e, i) => {
          biomass.lines.push({ label: e.name, entrant: i, values: [] });
          population.lines.push({ label: e.name, entrant: i, values: [] });
        });
        replay.charts.push(biomass, population);
        return () => undefined;
      }
      case 'robbie': {
        const kind = replay.kindIndex('robbie');
        if (kind < 0) return () => undefined;
        const info = header.kinds[kind];
        const fTime = info.index.get('timeMs') ?? -1;
        const fx = info.index.get('x') ?? -1;
        const fy = info.index.get('y') ?? -1;
        const time: SeriesSet = { title: 'Simulated time (s)', x: [], lines: [{ label: 'time', entrant: 0, values: [] }] };
        replay.charts.push(time);
        return (m) => {
          let value: number | null = null;
          let x = NaN;
          let y = NaN;
          for (const ent of this.live.values()) {
            if (ent.kind !== kind) continue;
            if (fTime >= 0) value = ent.v[fTime] / info.scale[fTime] / 1000;
            if (fx >= 0 && fy >= 0) {
              x = ent.v[fx] / info.scale[fx];
              y = ent.v[fy] / info.scale[fy];
            }
          }
          replay.trail.push(x, y);
          time.x.push(replay.times[m]);
          time.lines[0].values.push(value);
        };
      }
    }
  }

  private readMoment(rec: Record<string, unknown>): void {
    const replay = this.replay;
    const lineNo = this.lineNo;
    const t = rec.t;
    if (!Number.isSafeInteger(t)) this.fail(`line ${lineNo}: the moment has no integer "t"`);
    const time = t as number;
    const m = replay.momentCount;
    if (m === 0 && time !== 0) this.fail(`line ${lineNo}: the first moment has t = ${time}, not 0`);
    if (m > 0 && time <= replay.lastTime()) {
      this.fail(`line ${lineNo}: moment t = ${time} does not increase (the previous one is t = ${replay.lastTime()})`);
    }
    const kinds = replay.header.kinds;
    const news = this.listOf(rec, 'new');
    const upds = this.listOf(rec, 'upd');
    const dels = this.listOf(rec, 'del');
    // The operations of one moment are stored contiguously, so their size is worked out first.
    let size = 0;
    for (const n of news) {
      if (!Array.isArray(n) || n.length < 2) this.fail(`line ${lineNo}: a "new" record is not [id, kind, values...]`);
      const kind = n[1];
      if (!isInt32(kind) || kind < 0 || kind >= kinds.length) this.fail(`line ${lineNo}: unknown kind ${JSON.stringify(kind)}`);
      const want = kinds[kind].fields.length;
      if (n.length !== 2 + want) {
        this.fail(`line ${lineNo}: a new ${kinds[kind].name} has ${n.length - 2} values instead of ${want}`);
      }
      size += 3 + want;
    }
    for (const u of upds) {
      if (!Array.isArray(u) || u.length < 3 || u.length % 2 === 0) {
        this.fail(`line ${lineNo}: an "upd" record is not [id, field, value, ...]`);
      }
      size += 2 + u.length;
    }
    size += 2 * dels.length;
    const ops = this.reserve(size);
    let w = this.chunkUsed;
    replay.opChunk.push(replay.chunks.length - 1);
    replay.opStart.push(w);
    const live = this.live;
    for (const n of news as unknown[][]) {
      const id = n[0];
      if (!Number.isSafeInteger(id) || (id as number) <= 0) this.fail(`line ${lineNo}: a new entity has the id ${JSON.stringify(id)}`);
      if (this.indexOf.has(id as number)) {
        this.fail(`line ${lineNo}: new entity ${id} ${live.has(id as number) ? 'already exists' : 'reuses the id of an earlier one'}`);
      }
      const index = replay.externalIds.length;
      replay.externalIds.push(id as number);
      this.indexOf.set(id as number, index);
      const kind = n[1] as number;
      const count = n.length - 2;
      ops[w++] = kOpNew;
      ops[w++] = index;
      ops[w++] = kind;
      const v = new Int32Array(count);
      for (let j = 0; j < count; j++) {
        const x = n[j + 2];
        if (!isInt32(x)) this.fail(`line ${lineNo}: entity ${id} has a value ${JSON.stringify(x)} that is not a 32-bit integer`);
        v[j] = x;
        ops[w++] = x;
      }
      live.set(id as number, { id: id as number, index, kind, v });
      this.liveInts += 2 + count;
      replay.birthMoment.set(id as number, m);
    }
    for (const u of upds as unknown[][]) {
      const id = u[0];
      const ent = typeof id === 'number' ? live.get(id) : undefined;
      if (ent === undefined) this.fail(`line ${lineNo}: update of unknown entity ${JSON.stringify(id)}`);
      const nf = ent.v.length;
      ops[w++] = kOpUpdate;
      ops[w++] = ent.index;
      ops[w++] = (u.length - 1) / 2;
      for (let j = 1; j < u.length; j += 2) {
        const f = u[j];
        const x = u[j + 1];
        if (!isInt32(f) || f < 0 || f >= nf) this.fail(`line ${lineNo}: update of entity ${ent.id} names field ${JSON.stringify(f)}, which its kind lacks`);
        if (!isInt32(x)) this.fail(`line ${lineNo}: entity ${ent.id} gets a value ${JSON.stringify(x)} that is not a 32-bit integer`);
        ent.v[f] = x;
        ops[w++] = f;
        ops[w++] = x;
      }
    }
    for (const id of dels) {
      const ent = typeof id === 'number' ? live.get(id) : undefined;
      if (ent === undefined) this.fail(`line ${lineNo}: deletion of unknown entity ${JSON.stringify(id)}`);
      live.delete(ent.id);
      this.liveInts -= 2 + ent.v.length;
      ops[w++] = kOpDelete;
      ops[w++] = ent.index;
    }
    this.chunkUsed = w;
    replay.opEnd.push(w);
    replay.times.push(time);
    this.readEvents(rec, m);
    this.readBrains(rec, m);
    this.readStats(rec, time);
    this.sample(m);
    this.opsSinceKeyframe += size;
    if (m === 0 || this.opsSinceKeyframe >= Math.max(4096, 4 * this.liveInts) ||
        m - replay.keyframes[replay.keyframes.length - 1].moment >= 512) {
      this.takeKeyframe(m);
    }
    if (m === 0) this.onFirstMoment();
  }

  private listOf(rec: Record<string, unknown>, key: string): unknown[] {
    const v = rec[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) this.fail(`line ${this.lineNo}: "${key}" is not a list`);
    return v;
  }

  private reserve(size: number): Int32Array {
    if (this.chunkUsed + size > this.chunk.length) {
      this.chunk = new Int32Array(Math.max(kChunkInts, size));
      this.chunkUsed = 0;
      this.replay.chunks.push(this.chunk);
    }
    return this.chunk;
  }

  private takeKeyframe(m: number): void {
    const n = this.live.size;
    const ids = new Int32Array(n);
    const kinds = new Int32Array(n);
    const values = new Int32Array(this.liveInts - 2 * n);
    let e = 0;
    let off = 0;
    for (const ent of this.live.values()) {
      ids[e] = ent.index;
      kinds[e] = ent.kind;
      values.set(ent.v, off);
      off += ent.v.length;
      e++;
    }
    this.replay.keyframes.push({ moment: m, ids, kinds, values });
    this.opsSinceKeyframe = 0;
  }

  private readEvents(rec: Record<string, unknown>, m: number): void {
    for (const ev of this.listOf(rec, 'ev')) {
      if (!Array.isArray(ev) || ev.length < 3 || typeof ev[0] !== 'string') {
        this.fail(`line ${this.lineNo}: an event is not [kind, id, text]`);
      }
      this.replay.events.push({
        moment: m,
        kind: ev[0],
        id: typeof ev[1] === 'number' ? ev[1] : 0,
        text: typeof ev[2] === 'string' ? ev[2] : String(ev[2]),
        other: typeof ev[3] === 'number' ? ev[3] : 0,
      });
    }
  }

  private readBrains(rec: Record<string, unknown>, m: number): void {
    for (const b of this.listOf(rec, 'brain')) {
      if (!Array.isArray(b) || b.length !== 2 || !Number.isSafeInteger(b[0]) || !isObject(b[1])) {
        this.fail(`line ${this.lineNo}: a brain record is not [id, state]`);
      }
      let track = this.replay.brains.get(b[0]);
      if (track === undefined) {
        track = { moments: [], deltas: [], checkpoints: new Map() };
        this.replay.brains.set(b[0], track);
      }
      track.moments.push(m);
      track.deltas.push(b[1] as MachineState);
    }
  }

  private readStats(rec: Record<string, unknown>, time: number): void {
    const stat = rec.stat;
    if (stat === undefined || this.replay.header.game !== 'grobots') return;
    if (!Array.isArray(stat)) this.fail(`line ${this.lineNo}: "stat" is not a list`);
    const [biomass, population] = this.replay.charts;
    biomass.x.push(time);
    population.x.push(time);
    biomass.lines.forEach((line, i) => {
      const s = stat[i];
      line.values.push(Array.isArray(s) && typeof s[0] === 'number' ? s[0] : null);
      population.lines[i].values.push(Array.isArray(s) && typeof s[1] === 'number' ? s[1] : null);
    });
  }
}
