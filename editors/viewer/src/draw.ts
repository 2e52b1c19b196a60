// Draws the arena, world or room of one moment on a canvas, to scale, per game. Robots are filled
// discs in their side's colour (the tests look for that colour at the recorded position), so
// decorations inside a robot stay small and symmetric. Legibility comes first: side colours are
// lifted to a minimum contrast with the floor (color.ts), every body gets a light rim and a minimum
// size on screen, each kind of projectile has its own shape, and what belongs to the world (food,
// shots, sensors, areas) is clipped to it.

import type { Entity, Replay } from './decode';
import type { WorldState } from './model';
import { kFloor } from './color';
import { entrantColor, fieldIndex } from './model';

export interface Layers {
  shots: boolean;
  food: boolean;
  sensors: boolean;
  labels: boolean;
}

const kMargin = 14;
const kBackground = '#0d1117';
const kArena = kFloor;
const kGrid = '#1c2530';
const kBorder = '#3d4a59';
const kText = '#c9d1d9';
const kSelect = '#ffffff';
const kManna = '#46c35a';
const kCorpse = '#c0583e';
const kRobbieRadius = 12;
/** The smallest radius a robot is drawn with (CSS px): a 100x100 Grobots world otherwise gives 3. */
export const kMinRobotPx = 5;
/** The smallest radius of a projectile's mark, so that it reads as a shape and not as a dot. */
const kMinShotPx = 3;
const kObjectPalette = ['#e0a458', '#7fc8f8', '#f28fad', '#b8e986', '#c3a6ff', '#ffd166', '#9ad1d4', '#f7a072'];

/** Maps world coordinates to CSS pixels of the canvas and back. */
export class Projection {
  scale = 1;
  ox = 0;
  oy = 0;

  constructor(
    readonly worldWidth: number,
    readonly worldHeight: number,
    readonly yUp: boolean,
  ) {}

  fit(cssWidth: number, cssHeight: number): void {
    const w = Math.max(1, cssWidth - 2 * kMargin);
    const h = Math.max(1, cssHeight - 2 * kMargin);
    this.scale = Math.min(w / this.worldWidth, h / this.worldHeight);
    this.ox = (cssWidth - this.worldWidth * this.scale) / 2;
    this.oy = (cssHeight - this.worldHeight * this.scale) / 2;
  }

  x(wx: number): number {
    return this.ox + wx * this.scale;
  }

  y(wy: number): number {
    return this.oy + (this.yUp ? this.worldHeight - wy : wy) * this.scale;
  }

  toWorld(cx: number, cy: number): { x: number; y: number } {
    const wy = (cy - this.oy) / this.scale;
    return { x: (cx - this.ox) / this.scale, y: this.yUp ? this.worldHeight - wy : wy };
  }
}

/** Field indices of one kind, looked up once per replay. */
class Fields {
  readonly kind: number;
  private readonly idx: Map<string, number>;
  private readonly scale: number[];

  constructor(replay: Replay, name: string, wanted: string[]) {
    this.kind = replay.kindIndex(name);
    this.idx = new Map(wanted.map((f) => [f, this.kind < 0 ? -1 : fieldIndex(replay, this.kind, f)]));
    this.scale = this.kind < 0 ? [] : replay.header.kinds[this.kind].scale;
  }

  get(ent: Entity, name: string): number {
    const f = this.idx.get(name) ?? -1;
    return f < 0 ? 0 : ent.v[f] / this.scale[f];
  }
}

/** The smallest of 1, 2 or 5 times a power of ten that is at least `min`: the grid's spacing. */
function niceStep(min: number): number {
  let base = Math.pow(10, Math.floor(Math.log10(Math.max(min, 1e-9))));
  for (;;) {
    for (const k of [1, 2, 5]) if (k * base >= min) return k * base;
    base *= 10;
  }
}

function lighten(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix((n >> 16) & 255)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

type Shape = 'disc' | 'diamond' | 'square' | 'triangle' | 'ring' | 'cross';

/**
 * A projectile's or mine's mark: a shape of radius `r` filled with `fill` and outlined in the floor's
 * dark colour, so that a bullet on a robot of its own colour still shows its edge.
 */
function mark(ctx: CanvasRenderingContext2D, shape: Shape, x: number, y: number, r: number, fill: string): void {
  ctx.beginPath();
  switch (shape) {
    case 'disc':
    case 'ring':
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      break;
    case 'diamond':
      ctx.moveTo(x, y - r * 1.3);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r * 1.3);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      break;
    case 'square':
      ctx.rect(x - r, y - r, 2 * r, 2 * r);
      break;
    case 'triangle':
      ctx.moveTo(x, y - r * 1.2);
      ctx.lineTo(x + r * 1.1, y + r * 0.8);
      ctx.lineTo(x - r * 1.1, y + r * 0.8);
      ctx.closePath();
      break;
    case 'cross':
      ctx.moveTo(x - r, y);
      ctx.lineTo(x + r, y);
      ctx.moveTo(x, y - r);
      ctx.lineTo(x, y + r);
      break;
  }
  if (shape === 'ring' || shape === 'cross') {
    ctx.strokeStyle = kBackground;
    ctx.lineWidth = 3.5;
    ctx.stroke();
    ctx.strokeStyle = fill;
    ctx.lineWidth = 1.75;
    ctx.stroke();
    return;
  }
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = kBackground;
  ctx.lineWidth = 1;
  ctx.stroke();
  if (shape === 'square') {
    // A mine: the square crossed, so that it does not read as food or a robot.
    ctx.beginPath();
    ctx.moveTo(x - r * 0.6, y - r * 0.6);
    ctx.lineTo(x + r * 0.6, y + r * 0.6);
    ctx.moveTo(x + r * 0.6, y - r * 0.6);
    ctx.lineTo(x - r * 0.6, y + r * 0.6);
    ctx.stroke();
  }
}

/** The shape for a RoboWar shot type (the header's `shotTypes` names). */
function robowarShape(type: string): Shape {
  if (/mine/i.test(type)) return 'square';
  if (/drone/i.test(type)) return 'triangle';
  if (/missile/i.test(type)) return 'diamond';
  if (/hellbore|stun/i.test(type)) return 'ring';
  if (/laser/i.test(type)) return 'cross';
  return 'disc';
}

/**
 * A robot's body: a disc in its colour with a light rim inside its edge. The rim keeps a robot's
 * outline visible against the floor, food and robots of the same side; being inside the disc it
 * leaves the body's extent (and so the recorded position's centroid) unchanged.
 */
function body(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
  const w = Math.max(1, Math.min(2, r / 6));
  ctx.strokeStyle = lighten(color, 0.6);
  ctx.lineWidth = w;
  ctx.beginPath();
  ctx.arc(x, y, Math.max(0.5, r - w / 2), 0, 2 * Math.PI);
  ctx.stroke();
}

export class Painter {
  readonly projection: Projection;
  private readonly robot: Fields;
  private readonly shot: Fields;
  private readonly food: Fields;
  private readonly area: Fields;
  private readonly sensor: Fields;
  private readonly robbie: Fields;
  private readonly object: Fields;

  constructor(private readonly replay: Replay) {
    const world = replay.header.world;
    this.projection = new Projection(world.width, world.height, replay.header.game !== 'robowar');
    this.robot = new Fields(replay, 'robot', ['side', 'type', 'x', 'y', 'aim', 'alive', 'shield', 'stunned', 'radius', 'energy', 'num']);
    this.shot = new Fields(replay, 'shot', ['type', 'owner', 'x', 'y', 'radius', 'vx', 'vy']);
    this.food = new Fields(replay, 'food', ['x', 'y', 'radius', 'owner']);
    this.area = new Fields(replay, 'area', ['type', 'owner', 'x', 'y', 'radius', 'angle']);
    this.sensor = new Fields(replay, 'sensor', ['robot', 'x', 'y', 'radius']);
    this.robbie = new Fields(replay, 'robbie', ['x', 'y', 'heading', 'held']);
    this.object = new Fields(replay, 'object', ['object', 'x', 'y', 'held']);
  }

  /** The position of an entity in world units, or null for entities without one. */
  position(ent: Entity): { x: number; y: number } | null {
    const f = this.fieldsOf(ent);
    return f === null ? null : { x: f.get(ent, 'x'), y: f.get(ent, 'y') };
  }

  /** The radius an entity is drawn with, in CSS pixels. */
  radiusPx(ent: Entity): number {
    const s = this.projection.scale;
    if (ent.kind === this.robot.kind) {
      const r = this.replay.header.game === 'robowar' ? this.replay.header.world.robotRadius : this.robot.get(ent, 'radius');
      return Math.max(kMinRobotPx, r * s);
    }
    if (ent.kind === this.robbie.kind) return Math.max(8, kRobbieRadius * s);
    if (ent.kind === this.object.kind) return Math.max(5, 5 * s);
    return 0;
  }

  /** The colour an entity's body is filled with ('' for entities that have no body). */
  colorOf(ent: Entity): string {
    if (ent.kind === this.robot.kind) return entrantColor(this.replay, this.robot.get(ent, 'side'));
    if (ent.kind === this.robbie.kind) return entrantColor(this.replay, 0);
    if (ent.kind === this.object.kind) return kObjectPalette[this.object.get(ent, 'object') % kObjectPalette.length];
    return '';
  }

  private fieldsOf(ent: Entity): Fields | null {
    for (const f of [this.robot, this.shot, this.food, this.area, this.sensor, this.robbie, this.object]) {
      if (f.kind === ent.kind) return f;
    }
    return null;
  }

  /** The selectable entity under a point (CSS pixels), nearest first, or 0. */
  pick(state: WorldState, cx: number, cy: number): number {
    let best = 0;
    let bestDistance = Infinity;
    const p = this.projection;
    for (const ent of state.entities.values()) {
      const r = this.radiusPx(ent);
      if (r === 0) continue;
      const pos = this.position(ent)!;
      const d = Math.hypot(p.x(pos.x) - cx, p.y(pos.y) - cy);
      if (d <= r + 6 && d < bestDistance) {
        best = ent.id;
        bestDistance = d;
      }
    }
    return best;
  }

  draw(ctx: CanvasRenderingContext2D, state: WorldState, cssWidth: number, cssHeight: number, layers: Layers, selected: number): void {
    const p = this.projection;
    p.fit(cssWidth, cssHeight);
    ctx.fillStyle = kBackground;
    ctx.fillRect(0, 0, cssWidth, cssHeight);
    this.drawFloor(ctx);
    switch (this.replay.header.game) {
      case 'robowar':
        this.drawRobowar(ctx, state, layers, selected);
        break;
      case 'grobots':
        this.drawGrobots(ctx, state, layers, selected);
        break;
      case 'robbie':
        this.drawRobbie(ctx, state, layers, selected);
        break;
    }
  }

  private drawFloor(ctx: CanvasRenderingContext2D): void {
    const p = this.projection;
    const world = this.replay.header.world;
    const x0 = p.x(0);
    const y0 = Math.min(p.y(0), p.y(world.height));
    const w = world.width * p.scale;
    const h = world.height * p.scale;
    ctx.fillStyle = kArena;
    ctx.fillRect(x0, y0, w, h);
    const step = niceStep(40 / p.scale);
    ctx.strokeStyle = kGrid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let gx = step; gx < world.width; gx += step) {
      const x = Math.round(p.x(gx)) + 0.5;
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y0 + h);
    }
    for (let gy = step; gy < world.height; gy += step) {
      const y = Math.round(p.y(gy)) + 0.5;
      ctx.moveTo(x0, y);
      ctx.lineTo(x0 + w, y);
    }
    ctx.stroke();
    ctx.strokeStyle = kBorder;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0 - 1, y0 - 1, w + 2, h + 2);
  }

  /** Clips what follows to the world's rectangle (until ctx.restore()): sensor circles, force fields
   * and explosions near a wall would otherwise spill over the margin. */
  private clipToWorld(ctx: CanvasRenderingContext2D): void {
    const p = this.projection;
    const world = this.replay.header.world;
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x(0), Math.min(p.y(0), p.y(world.height)), world.width * p.scale, world.height * p.scale);
    ctx.clip();
  }

  private drawSelection(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
    ctx.strokeStyle = kSelect;
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.arc(x, y, r + 5, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  private label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number): void {
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = 'rgba(13,17,23,0.7)';
    const w = ctx.measureText(text).width;
    ctx.fillRect(x - w / 2 - 2, y - 1, w + 4, 14);
    ctx.fillStyle = kText;
    ctx.fillText(text, x, y);
  }

  private drawRobowar(ctx: CanvasRenderingContext2D, state: WorldState, layers: Layers, selected: number): void {
    const p = this.projection;
    const replay = this.replay;
    const r = Math.max(kMinRobotPx, replay.header.world.robotRadius * p.scale);
    if (layers.shots) {
      this.clipToWorld(ctx);
      for (const ent of state.entities.values()) {
        if (ent.kind !== this.shot.kind) continue;
        const color = entrantColor(replay, this.shot.get(ent, 'owner'));
        const type = replay.header.shotTypes[this.shot.get(ent, 'type')] ?? '';
        const x = p.x(this.shot.get(ent, 'x'));
        const y = p.y(this.shot.get(ent, 'y'));
        const radius = this.shot.get(ent, 'radius');
        if (radius > 4 && !/mine/i.test(type)) {
          // Nukes and blasts: the area they reach.
          ctx.fillStyle = withAlpha(color, 0.22);
          ctx.strokeStyle = lighten(color, 0.4);
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.arc(x, y, radius * p.scale, 0, 2 * Math.PI);
          ctx.fill();
          ctx.stroke();
          continue;
        }
        const shape = robowarShape(type);
        const size = Math.max(shape === 'square' ? kMinShotPx + 1 : kMinShotPx, Math.max(radius, 1.5) * p.scale);
        const fill = shape === 'ring' ? '#e7b6ff' : /explosive/i.test(type) ? '#ff9f43' : lighten(color, shape === 'square' ? 0.3 : 0.55);
        mark(ctx, shape, x, y, size, fill);
      }
      ctx.restore();
    }
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.robot.kind) continue;
      const side = this.robot.get(ent, 'side');
      const color = entrantColor(replay, side);
      const x = p.x(this.robot.get(ent, 'x'));
      const y = p.y(this.robot.get(ent, 'y'));
      const alive = this.robot.get(ent, 'alive') !== 0;
      if (!alive) {
        // A dead robot: a dark body, but ringed and crossed in its colour so that it stays in sight.
        ctx.fillStyle = '#2a313a';
        ctx.beginPath();
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = withAlpha(color, 0.8);
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.arc(x, y, r - 0.75, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.lineWidth = 2;
        const d = r * 0.5;
        ctx.beginPath();
        ctx.moveTo(x - d, y - d);
        ctx.lineTo(x + d, y + d);
        ctx.moveTo(x + d, y - d);
        ctx.lineTo(x - d, y + d);
        ctx.stroke();
      } else {
        const shield = this.robot.get(ent, 'shield');
        if (shield > 0) {
          ctx.strokeStyle = 'rgba(140,200,255,0.75)';
          ctx.lineWidth = Math.min(4, 1 + shield / 10);
          ctx.beginPath();
          ctx.arc(x, y, r + 3, 0, 2 * Math.PI);
          ctx.stroke();
        }
        body(ctx, x, y, r, color);
        // The turret: from inside the body to beyond it, along AIM (compass degrees, y down).
        const aim = (this.robot.get(ent, 'aim') * Math.PI) / 180;
        const dx = Math.sin(aim);
        const dy = -Math.cos(aim);
        ctx.strokeStyle = '#f0f3f6';
        ctx.lineWidth = Math.max(2, r / 6);
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(x + dx * r * 0.55, y + dy * r * 0.55);
        ctx.lineTo(x + dx * (r + 8), y + dy * (r + 8));
        ctx.stroke();
        ctx.lineCap = 'butt';
        if (this.robot.get(ent, 'stunned') > 0) {
          ctx.strokeStyle = '#ffd166';
          ctx.lineWidth = 2;
          ctx.setLineDash([3, 3]);
          ctx.beginPath();
          ctx.arc(x, y, r + 6, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.setLineDash([]);
        }
      }
      if (ent.id === selected) this.drawSelection(ctx, x, y, r);
      if (layers.labels) this.label(ctx, replay.header.entrants[side]?.name ?? '', x, y + r + 6);
    }
  }

  private drawGrobots(ctx: CanvasRenderingContext2D, state: WorldState, layers: Layers, selected: number): void {
    const p = this.projection;
    const replay = this.replay;
    const s = p.scale;
    this.clipToWorld(ctx);
    if (layers.food) {
      // Food is drawn in two batches (manna, corpses): one path each keeps thousands of squares cheap.
      for (const corpse of [false, true]) {
        ctx.fillStyle = corpse ? kCorpse : kManna;
        ctx.beginPath();
        for (const ent of state.entities.values()) {
          if (ent.kind !== this.food.kind || (this.food.get(ent, 'owner') >= 0) !== corpse) continue;
          const half = Math.max(1.5, this.food.get(ent, 'radius') * s * 0.9);
          ctx.rect(p.x(this.food.get(ent, 'x')) - half, p.y(this.food.get(ent, 'y')) - half, 2 * half, 2 * half);
        }
        ctx.fill();
      }
    }
    if (layers.shots) {
      for (const ent of state.entities.values()) {
        if (ent.kind !== this.area.kind) continue;
        const owner = this.area.get(ent, 'owner');
        const type = replay.header.shotTypes[this.area.get(ent, 'type')] ?? '';
        const color = owner >= 0 ? entrantColor(replay, owner) : '#ff9f43';
        const x = p.x(this.area.get(ent, 'x'));
        const y = p.y(this.area.get(ent, 'y'));
        const rr = Math.max(2, this.area.get(ent, 'radius') * s);
        const explosion = /explo/i.test(type);
        ctx.fillStyle = explosion ? 'rgba(255,159,67,0.35)' : withAlpha(color, 0.16);
        ctx.strokeStyle = explosion ? '#ff9f43' : withAlpha(color, 0.7);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.arc(x, y, rr, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        if (!explosion) {
          const a = (this.area.get(ent, 'angle') * Math.PI) / 180;
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + Math.cos(a) * rr, y - Math.sin(a) * rr);
          ctx.stroke();
        }
      }
      for (const ent of state.entities.values()) {
        if (ent.kind !== this.shot.kind) continue;
        const owner = this.shot.get(ent, 'owner');
        const type = replay.header.shotTypes[this.shot.get(ent, 'type')] ?? '';
        const color = owner >= 0 ? entrantColor(replay, owner) : '#ffffff';
        const x = p.x(this.shot.get(ent, 'x'));
        const y = p.y(this.shot.get(ent, 'y'));
        const rr = Math.max(kMinShotPx, this.shot.get(ent, 'radius') * s);
        if (/syphon/i.test(type)) {
          mark(ctx, 'ring', x, y, rr, lighten(color, 0.3));
        } else if (/grenade/i.test(type)) {
          mark(ctx, 'diamond', x, y, rr, '#ffd166');
        } else {
          // A blast: a bright disc with a short tail behind it, along its velocity (y up).
          const vx = this.shot.get(ent, 'vx');
          const vy = this.shot.get(ent, 'vy');
          const speed = Math.hypot(vx, vy);
          if (speed > 0) {
            const tail = Math.min(14, Math.max(4, speed * s * 2));
            ctx.strokeStyle = withAlpha(lighten(color, 0.5), 0.6);
            ctx.lineWidth = Math.max(1.5, rr * 0.8);
            ctx.lineCap = 'round';
            ctx.beginPath();
            ctx.moveTo(x, y);
            ctx.lineTo(x - (vx / speed) * (rr + tail), y + (vy / speed) * (rr + tail));
            ctx.stroke();
            ctx.lineCap = 'butt';
          }
          mark(ctx, 'disc', x, y, rr, lighten(color, 0.5));
        }
      }
    }
    if (layers.sensors) {
      ctx.lineWidth = 1;
      for (const ent of state.entities.values()) {
        if (ent.kind !== this.sensor.kind) continue;
        const owner = state.entities.get(this.sensor.get(ent, 'robot'));
        const color = owner !== undefined ? entrantColor(replay, this.robot.get(owner, 'side')) : '#9aa5b1';
        ctx.strokeStyle = withAlpha(color, 0.35);
        ctx.beginPath();
        ctx.arc(p.x(this.sensor.get(ent, 'x')), p.y(this.sensor.get(ent, 'y')), Math.max(2, this.sensor.get(ent, 'radius') * s), 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    ctx.restore();
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.robot.kind) continue;
      const side = this.robot.get(ent, 'side');
      const color = entrantColor(replay, side);
      const x = p.x(this.robot.get(ent, 'x'));
      const y = p.y(this.robot.get(ent, 'y'));
      const rr = this.radiusPx(ent);
      if (this.robot.get(ent, 'shield') > 0) {
        ctx.strokeStyle = 'rgba(140,200,255,0.8)';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(x, y, rr + 2, 0, 2 * Math.PI);
        ctx.stroke();
      }
      body(ctx, x, y, rr, color);
      const type = replay.header.entrants[side]?.types[this.robot.get(ent, 'type')];
      if (rr >= 6 && type?.color !== undefined && /^#[0-9a-fA-F]{6}$/.test(type.color) && type.color.toLowerCase() !== color.toLowerCase()) {
        ctx.fillStyle = type.color;
        ctx.beginPath();
        ctx.arc(x, y, rr * 0.4, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (ent.id === selected) {
        this.drawSelection(ctx, x, y, rr);
        this.label(ctx, `${type?.name ?? 'robot'} #${this.robot.get(ent, 'num')}`, x, y + rr + 7);
      } else if (layers.labels && rr >= 8) {
        this.label(ctx, `#${this.robot.get(ent, 'num')}`, x, y + rr + 3);
      }
    }
  }

  private drawRobbie(ctx: CanvasRenderingContext2D, state: WorldState, layers: Layers, selected: number): void {
    const p = this.projection;
    const replay = this.replay;
    const world = replay.header.world;
    ctx.fillStyle = '#2c3642';
    ctx.strokeStyle = '#5c6a7a';
    ctx.lineWidth = 1;
    for (const [x1, y1, x2, y2] of world.obstacles) {
      const x = Math.min(p.x(x1), p.x(x2));
      const y = Math.min(p.y(y1), p.y(y2));
      const w = Math.abs(p.x(x2) - p.x(x1));
      const h = Math.abs(p.y(y2) - p.y(y1));
      ctx.fillRect(x, y, w, h);
      ctx.strokeRect(x, y, w, h);
    }
    // Walls are boxes given by two corners (the room's outline); a flat box is a wall segment.
    ctx.strokeStyle = '#8b97a6';
    ctx.lineWidth = 4;
    for (const [x1, y1, x2, y2] of world.walls) {
      ctx.strokeRect(Math.min(p.x(x1), p.x(x2)), Math.min(p.y(y1), p.y(y2)), Math.abs(p.x(x2) - p.x(x1)), Math.abs(p.y(y2) - p.y(y1)));
    }
    // The path Robbie has driven so far.
    const trail = replay.trail;
    const upto = Math.min(state.moment, trail.length / 2 - 1);
    if (upto > 0) {
      ctx.strokeStyle = 'rgba(78,161,255,0.45)';
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      let started = false;
      for (let m = 0; m <= upto; m++) {
        const x = trail[2 * m];
        const y = trail[2 * m + 1];
        if (Number.isNaN(x)) continue;
        if (started) ctx.lineTo(p.x(x), p.y(y));
        else ctx.moveTo(p.x(x), p.y(y));
        started = true;
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // Objects lying in the room first, then Robbie, then the outline of any object he stands on (one
    // he has just put down stays visible without hiding his body), then the one in his claw, above him.
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.object.kind) continue;
      const index = this.object.get(ent, 'object');
      const half = this.radiusPx(ent);
      const x = p.x(this.object.get(ent, 'x'));
      const y = p.y(this.object.get(ent, 'y'));
      if (this.object.get(ent, 'held') !== 0) {
        // Drawn at the claw's tip below; only the selection ring marks where it is recorded.
        if (ent.id === selected) this.drawSelection(ctx, x, y, half);
        continue;
      }
      ctx.fillStyle = kObjectPalette[index % kObjectPalette.length];
      ctx.fillRect(x - half, y - half, 2 * half, 2 * half);
      ctx.strokeStyle = '#0d1117';
      ctx.lineWidth = 1;
      ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
      if (ent.id === selected) this.drawSelection(ctx, x, y, half);
      if (layers.labels && this.object.get(ent, 'held') === 0) {
        this.label(ctx, world.objects[index]?.name ?? '', x, y + half + 4);
      }
    }
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.robbie.kind) continue;
      const x = p.x(this.robbie.get(ent, 'x'));
      const y = p.y(this.robbie.get(ent, 'y'));
      const r = this.radiusPx(ent);
      body(ctx, x, y, r, entrantColor(replay, 0));
      const a = (this.robbie.get(ent, 'heading') * Math.PI) / 180;
      ctx.strokeStyle = '#f0f3f6';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(x + Math.cos(a) * r * 0.55, y - Math.sin(a) * r * 0.55);
      ctx.lineTo(x + Math.cos(a) * (r + 10), y - Math.sin(a) * (r + 10));
      ctx.stroke();
      ctx.lineCap = 'butt';
      if (ent.id === selected) this.drawSelection(ctx, x, y, r);
    }
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.robbie.kind) continue;
      const rx = p.x(this.robbie.get(ent, 'x'));
      const ry = p.y(this.robbie.get(ent, 'y'));
      const r = this.radiusPx(ent);
      for (const obj of state.entities.values()) {
        if (obj.kind !== this.object.kind || this.object.get(obj, 'held') !== 0) continue;
        const half = this.radiusPx(obj);
        const x = p.x(this.object.get(obj, 'x'));
        const y = p.y(this.object.get(obj, 'y'));
        if (Math.hypot(x - rx, y - ry) > r + half) continue;
        ctx.strokeStyle = kObjectPalette[this.object.get(obj, 'object') % kObjectPalette.length];
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
      }
    }
    for (const ent of state.entities.values()) {
      if (ent.kind !== this.robbie.kind) continue;
      const held = this.robbie.get(ent, 'held');
      if (held < 0) continue;
      // The object in the claw rides at the tip of the heading line, above Robbie.
      const a = (this.robbie.get(ent, 'heading') * Math.PI) / 180;
      const r = this.radiusPx(ent);
      const hx = p.x(this.robbie.get(ent, 'x')) + Math.cos(a) * (r + 10);
      const hy = p.y(this.robbie.get(ent, 'y')) - Math.sin(a) * (r + 10);
      const half = Math.max(5, 5 * p.scale);
      ctx.fillStyle = kObjectPalette[held % kObjectPalette.length];
      ctx.fillRect(hx - half, hy - half, 2 * half, 2 * half);
      ctx.strokeStyle = '#f0f3f6';
      ctx.lineWidth = 1.5;
      ctx.strokeRect(hx - half, hy - half, 2 * half, 2 * half);
      if (layers.labels) this.label(ctx, world.objects[held]?.name ?? '', hx, hy + half + 3);
    }
  }
}
