// The state of the world at one moment, rebuilt from the keyframes in decode.ts, and the rules that
// merge a robot's brain records into its full brain state at a moment.

import { legible, slotsByName } from './color';
import { applyMoment, lastAtOrBefore, restoreKeyframe } from './decode';
import type { MachineState, BrainTrack, Entity, Replay } from './decode';

/** Every how many brain records a merged copy is kept, so a lookup merges at most this many. */
const kBrainCheckpoint = 32;

// Ten hues told apart on the dark floor, each above the minimum contrast there (color.ts).
const kPalette = ['#4ea1ff', '#ff6b5a', '#5ad17a', '#f2c94c', '#c77dff', '#3dd6d0', '#ff9f43', '#a3e048', '#ff7eb6', '#9aa5b1'];
export const kRobbieColor = '#4ea1ff';

/** The entities present after a moment was applied; moves forward cheaply and jumps via keyframes. */
export class WorldState {
  moment = -1;
  readonly entities = new Map<number, Entity>();

  constructor(private readonly replay: Replay) {}

  seek(m: number): void {
    const replay = this.replay;
    m = Math.max(0, Math.min(m, replay.momentCount - 1));
    if (m === this.moment) return;
    const kf = replay.keyframeAtOrBefore(m);
    // Going forward from the current state is cheaper than a restore when no keyframe lies between.
    if (this.moment < 0 || m < this.moment || kf.moment > this.moment) {
      restoreKeyframe(replay, kf, this.entities);
      this.moment = kf.moment;
    }
    for (let i = this.moment + 1; i <= m; i++) applyMoment(replay, i, this.entities);
    this.moment = m;
  }
}

/** The index of field `name` in kind `kind`, or -1 when the kind has no such field. */
export function fieldIndex(replay: Replay, kind: number, name: string): number {
  return replay.header.kinds[kind]?.index.get(name) ?? -1;
}

/** The real value of field number `f` of `ent` (0 for a missing field). */
export function real(replay: Replay, ent: Entity, f: number): number {
  return f < 0 ? 0 : ent.v[f] / replay.header.kinds[ent.kind].scale[f];
}

export function fieldValue(replay: Replay, ent: Entity, name: string): number {
  return real(replay, ent, fieldIndex(replay, ent.kind, name));
}

export function kindName(replay: Replay, ent: Entity): string {
  return replay.header.kinds[ent.kind].name;
}

/** Whether clicking this entity selects it for the inspector. */
export function isSelectable(replay: Replay, ent: Entity): boolean {
  const name = kindName(replay, ent);
  return name === 'robot' || name === 'robbie' || name === 'object';
}

/** The entrant an entity belongs to (robots: side, shots: owner), or -1. */
export function entrantOf(replay: Replay, ent: Entity): number {
  switch (replay.header.game) {
    case 'robbie':
      return 0;
    case 'robowar':
    case 'grobots': {
      const name = kindName(replay, ent);
      if (name === 'robot') return fieldValue(replay, ent, 'side');
      if (name === 'sensor') return -1;
      const owner = fieldIndex(replay, ent.kind, 'owner');
      return owner < 0 ? -1 : real(replay, ent, owner);
    }
  }
}

/** Each replay's entrant colours, worked out once: they are asked for per robot per frame. */
const colorCache = new WeakMap<Replay, string[]>();

function entrantColors(replay: Replay): string[] {
  let colors = colorCache.get(replay);
  if (colors !== undefined) return colors;
  const entrants = replay.header.entrants;
  switch (replay.header.game) {
    case 'robowar':
      // By name, not entry order: a robot keeps its colour from one match to the next.
      colors = slotsByName(entrants.map((e) => e.name), kPalette.length).map((s) => kPalette[s]);
      break;
    case 'grobots':
      // The side's own #color, lifted when it would vanish on the floor (dark sides).
      colors = entrants.map((e, i) => legible(e.color ?? kPalette[i % kPalette.length]));
      break;
    case 'robbie':
      colors = [kRobbieColor];
      break;
  }
  colorCache.set(replay, colors);
  return colors;
}

/** The colour entrant `entrant` is drawn in everywhere (arena, charts, lists), legible on the floor. */
export function entrantColor(replay: Replay, entrant: number): string {
  const colors = entrantColors(replay);
  if (replay.header.game === 'robbie') return kRobbieColor;
  return colors[entrant] ?? kPalette[((entrant % kPalette.length) + kPalette.length) % kPalette.length] ?? kPalette[0];
}

/** A short human name for an entity: the robot's entrant, type and number, or the object's name. */
export function entityLabel(replay: Replay, ent: Entity): string {
  const header = replay.header;
  const kind = kindName(replay, ent);
  switch (header.game) {
    case 'robowar':
      return kind === 'robot' ? header.entrants[fieldValue(replay, ent, 'side')]?.name ?? `robot ${ent.id}` : `${kind} ${ent.id}`;
    case 'grobots': {
      if (kind !== 'robot') return `${kind} ${ent.id}`;
      const side = header.entrants[fieldValue(replay, ent, 'side')];
      const type = side?.types[fieldValue(replay, ent, 'type')];
      return `${type?.name ?? 'robot'} #${fieldValue(replay, ent, 'num')}`;
    }
    case 'robbie':
      if (kind === 'object') return header.world.objects[fieldValue(replay, ent, 'object')]?.name ?? `object ${ent.id}`;
      return header.entrants[0]?.name ?? 'Robbie';
  }
}

/** Every field of an entity as real values, by name. */
export function entityFields(replay: Replay, ent: Entity): Record<string, number> {
  const kind = replay.header.kinds[ent.kind];
  const out: Record<string, number> = {};
  kind.fields.forEach((name, f) => (out[name] = ent.v[f] / kind.scale[f]));
  return out;
}

function mergeBrain(acc: MachineState, delta: MachineState): MachineState {
  // A key left out of a record keeps its earlier value; vars merge name by name.
  const out: MachineState = { ...acc, ...delta };
  if (delta.vars !== undefined && acc.vars !== undefined) out.vars = { ...acc.vars, ...delta.vars };
  return out;
}

/** The state after merging records 0..c of a track (c = -1: nothing), using and filling the cache. */
function mergedThrough(track: BrainTrack, c: number): MachineState {
  if (c < 0) return {};
  const cached = track.checkpoints.get(c);
  if (cached !== undefined) return cached;
  // Walk back to the nearest cached checkpoint, then forward, caching each checkpoint passed.
  let base = c;
  while (base >= 0 && !track.checkpoints.has(base)) base -= kBrainCheckpoint;
  let state = base >= 0 ? track.checkpoints.get(base)! : {};
  for (let i = base + 1; i <= c; i++) {
    state = mergeBrain(state, track.deltas[i]);
    if ((i + 1) % kBrainCheckpoint === 0) track.checkpoints.set(i, state);
  }
  return state;
}

export interface BrainAt {
  state: MachineState;
  /** The moment of the last record merged (the brain may be recorded less often than every moment). */
  moment: number;
}

/** The merged brain state of entity `id` as of moment `m`, or null before its first record. */
export function brainAt(replay: Replay, id: number, m: number): BrainAt | null {
  const track = replay.brains.get(id);
  if (track === undefined) return null;
  const moments = track.moments;
  const lo = lastAtOrBefore(moments, m);
  if (lo < 0) return null;
  const checkpoint = Math.floor((lo + 1) / kBrainCheckpoint) * kBrainCheckpoint - 1;
  let state = mergedThrough(track, checkpoint);
  for (let i = checkpoint + 1; i <= lo; i++) state = mergeBrain(state, track.deltas[i]);
  return { state, moment: moments[lo] };
}

/** Formats a real value for display: integers as they are, others with up to 3 decimals. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const s = v.toFixed(3).replace(/0+$/, '');
  return s.endsWith('.') ? s.slice(0, -1) : s;
}
