// The viewer's entry point: `ChrononViewer.mount(container, bytes, options)` reads a replay, lays out
// the arena, side panel, transport, charts and event log in `container`, and plays it. See README.md
// for the API that hosts (the standalone page, the VS Code webview) rely on.

import { Charts } from './charts';
import { Transport, kSpeeds, makeLayerToggles } from './controls';
import { loadReplay } from './decode';
import type { Replay, ReplayEvent } from './decode';
import { el, fitCanvas } from './dom';
import { Painter } from './draw';
import type { Layers } from './draw';
import { EventLog } from './events';
import { Inspector } from './inspector';
import { RobotList } from './list';
import { EndCard, Scoreboard } from './score';
import { WorldState, brainAt, entityFields, isSelectable, kindName } from './model';
import type { MachineState } from './decode';
import { injectStyle } from './style';
import { Timeline } from './timeline';

export interface MountOptions {
  /** Called when the player selects a robot (on the arena, in the list or in the event log). */
  onSelect?: (entityId: number, moment: number) => void;
  /** The moment (t) to show first. */
  initialMoment?: number;
  /** The entity to select first (default: the first robot). */
  select?: number;
  /** The replay's file name, for messages (default: none, messages say "the replay"). */
  name?: string;
}

export interface ViewerHandle {
  seek(t: number): void;
  play(): void;
  pause(): void;
  select(entityId: number): void;
  /** The current moment's t. */
  moment(): number;
  destroy(): void;
}

export interface DebugHook {
  moment(): number;
  seek(t: number): void;
  entities(): { id: number; kind: string; fields: Record<string, number> }[];
  toCanvas(x: number, y: number): { x: number; y: number };
  canvas: HTMLCanvasElement;
  fps(): number;
  brain(id: number): MachineState | null;
  loadMs: number;
  /** Extras for tests: the colour a robot is drawn in, the loading status, the mean draw time. */
  colorOf(id: number): string;
  /** The radius (CSS px) entity `id` is drawn with at the current size, 0 for none. */
  radiusOf(id: number): number;
  status(): string;
  drawMs(): number;
  playing(): boolean;
}

declare global {
  interface Window {
    chrononViewerDebug?: DebugHook;
  }
}

/** Moments per second at 1x, per game: about the original's pace. */
function baseRate(replay: Replay): number {
  switch (replay.header.game) {
    case 'robowar':
      return 30;
    case 'grobots':
      return 30;
    case 'robbie':
      return 2;
  }
}

function titleOf(replay: Replay): string {
  const names = replay.header.entrants.map((e) => e.name);
  switch (replay.header.game) {
    case 'robowar':
      return names.join(' vs ');
    case 'grobots':
      return names.join(' · ');
    case 'robbie':
      return `${names[0] ?? 'Robbie'}`;
  }
}

/** Replaces what `root` shows with an error card (also used by the standalone page). */
export function showError(root: HTMLElement, message: string): void {
  const doc = root.ownerDocument;
  const box = el(doc, 'div', 'cv-error');
  const card = el(doc, 'div', 'cv-error-card');
  card.setAttribute('role', 'alert');
  card.append(el(doc, 'h2', '', 'Cannot show this replay'), el(doc, 'pre', 'cv-error-text', message));
  box.appendChild(card);
  root.replaceChildren(box);
}

class Viewer implements ViewerHandle {
  private readonly doc: Document;
  private readonly state: WorldState;
  private readonly painter: Painter;
  private readonly canvas: HTMLCanvasElement;
  private readonly stage: HTMLDivElement;
  private readonly banner: HTMLDivElement;
  private readonly loading: HTMLDivElement;
  private readonly transport: Transport;
  private readonly timeline: Timeline;
  private readonly list: RobotList;
  private readonly scoreboard: Scoreboard;
  private readonly endCard: EndCard;
  private readonly inspector: Inspector;
  private readonly charts: Charts;
  private readonly events: EventLog;
  private readonly observer: ResizeObserver;
  private readonly layers: Layers;
  private selected = 0;
  private playing = false;
  private speed = 1;
  private playT = 0;
  private lastFrame = 0;
  private rafId = 0;
  private dirty = true;
  private panelsDirty = true;
  private panelsAt = 0;
  private chartsAt = 0;
  private readonly frameTimes: number[] = [];
  private drawTotal = 0;
  private drawCount = 0;
  private destroyed = false;
  private readonly onKey = (e: KeyboardEvent) => this.key(e);
  cancelLoad: () => void = () => undefined;

  constructor(
    private readonly root: HTMLDivElement,
    private readonly replay: Replay,
    private readonly options: MountOptions,
  ) {
    const doc = root.ownerDocument;
    this.doc = doc;
    this.state = new WorldState(replay);
    this.painter = new Painter(replay);
    const game = replay.header.game;
    this.layers = { shots: true, food: true, sensors: false, labels: game !== 'grobots' };

    const top = el(doc, 'div', 'cv-top');
    const title = el(doc, 'div', 'cv-title', titleOf(replay));
    const h = replay.header;
    const world = `${h.world.width} × ${h.world.height}`;
    const sub = el(doc, 'div', 'cv-sub', `${game} · ${world} · seed ${h.seed} · ${h.engine} · chronon ${h.chronon}`);
    top.append(title, sub, el(doc, 'div', 'cv-spacer'), makeLayerToggles(doc, game, this.layers, () => this.invalidate()));

    this.stage = el(doc, 'div', 'cv-stage');
    this.canvas = el(doc, 'canvas');
    this.canvas.setAttribute('aria-label', 'arena');
    this.banner = el(doc, 'div', 'cv-banner');
    this.banner.hidden = true;
    this.loading = el(doc, 'div', 'cv-loading');
    this.endCard = new EndCard(doc, replay);
    this.stage.append(this.canvas, this.banner, this.loading);
    this.canvas.addEventListener('click', (e) => {
      const id = this.painter.pick(this.state, e.offsetX, e.offsetY);
      this.choose(id);
    });

    const side = el(doc, 'div', 'cv-side');
    this.list = new RobotList(doc, replay, (id) => this.choose(id), (ent) => this.painter.colorOf(ent));
    this.inspector = new Inspector(doc, replay);
    this.scoreboard = new Scoreboard(doc, replay);
    side.append(this.scoreboard.element, this.list.element, this.inspector.element);

    this.timeline = new Timeline(doc, replay, (m) => this.seekMoment(m));
    this.transport = new Transport(doc, this.timeline.element, {
      first: () => this.seekMoment(0),
      step: (d) => this.step(d),
      togglePlay: () => (this.playing ? this.pause() : this.play()),
      last: () => this.seekMoment(this.replay.momentCount - 1),
      setSpeed: (s) => this.setSpeed(s),
    });

    const bottom = el(doc, 'div', 'cv-bottom');
    this.charts = new Charts(doc, replay, (t) => this.seek(t));
    this.events = new EventLog(doc, replay, (e) => this.pickEvent(e));
    if (this.charts.elements.length === 1) this.charts.elements[0].style.gridColumn = 'span 2';
    bottom.append(...this.charts.elements.slice(0, 2), this.events.element);

    // The end card is the root's own child, placed on the stage's grid area (style.ts), so that on a
    // narrow screen it may span the side panel too instead of squeezing into a small arena.
    root.replaceChildren(top, this.stage, side, this.transport.element, bottom, this.endCard.element);
    const view = doc.defaultView as (Window & typeof globalThis) | null;
    const Observer = view?.ResizeObserver ?? ResizeObserver;
    this.observer = new Observer(() => this.invalidate());
    this.observer.observe(this.stage);
    doc.addEventListener('keydown', this.onKey);

    const start = options.initialMoment !== undefined ? replay.momentAtTime(options.initialMoment) : 0;
    this.state.seek(start);
    this.selected = options.select ?? this.firstRobot();
    this.playT = replay.times[start];
    this.updateStatus();
  }

  private firstRobot(): number {
    for (const ent of this.state.entities.values()) {
      if (kindName(this.replay, ent) !== 'object' && isSelectable(this.replay, ent)) return ent.id;
    }
    return 0;
  }

  /** Called while loading (after each slice of input) and when loading ends. */
  updateStatus(): void {
    const replay = this.replay;
    if (replay.status === 'loading') {
      this.loading.hidden = false;
      this.loading.textContent = `loading… ${Math.floor(replay.progress * 100)}%`;
    } else {
      this.loading.hidden = true;
    }
    if (replay.problem !== '') {
      this.banner.hidden = false;
      this.banner.classList.toggle('cv-bad', replay.status === 'error');
      this.banner.textContent = replay.status === 'error'
        ? `${replay.problem}. Showing the ${replay.momentCount} moments before it.`
        : replay.problem;
    }
    const now = performance.now();
    if (replay.status !== 'loading' || now - this.chartsAt > 500) {
      this.chartsAt = now;
      this.charts.refresh();
    }
    this.invalidate();
  }

  private invalidate(): void {
    this.dirty = true;
    this.panelsDirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.rafId !== 0 || this.destroyed) return;
    const view = this.doc.defaultView ?? window;
    this.rafId = view.requestAnimationFrame((now) => this.frame(now));
  }

  private frame(now: number): void {
    this.rafId = 0;
    if (this.destroyed) return;
    const replay = this.replay;
    if (this.playing) {
      const dt = Math.min(0.25, Math.max(0, (now - this.lastFrame) / 1000));
      this.lastFrame = now;
      this.playT += dt * baseRate(replay) * this.speed;
      const last = replay.momentCount - 1;
      if (this.playT >= replay.times[last]) {
        this.playT = replay.times[last];
        // At the end of a fully read replay, playing stops; while loading it waits for more.
        if (replay.status !== 'loading') this.setPlaying(false);
      }
      const m = replay.momentAtTime(Math.floor(this.playT));
      if (m !== this.state.moment) {
        this.state.seek(m);
        this.dirty = true;
        this.panelsDirty = true;
      }
    }
    if (this.dirty) {
      this.dirty = false;
      this.draw(now);
    }
    // The side panel, event log and lists are DOM work: a few times a second is enough while playing.
    const interval = this.speed > 1 ? 250 : 100;
    if (this.panelsDirty && (!this.playing || now - this.panelsAt > interval)) {
      this.panelsDirty = false;
      this.panelsAt = now;
      this.scoreboard.update(this.state);
      this.endCard.update(this.state.moment);
      this.list.update(this.state, this.selected);
      this.inspector.update(this.state, this.selected);
      this.events.update(this.state.moment);
    }
    if (this.playing || this.panelsDirty) this.schedule();
  }

  private draw(now: number): void {
    const started = performance.now();
    fitCanvas(this.canvas);
    const dpr = this.doc.defaultView?.devicePixelRatio ?? 1;
    const ctx = this.canvas.getContext('2d', { alpha: false })!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.painter.draw(ctx, this.state, this.canvas.clientWidth, this.canvas.clientHeight, this.layers, this.selected);
    this.timeline.render(this.state.moment);
    this.charts.setMoment(this.state.moment);
    const replay = this.replay;
    this.transport.setClock(`t = ${replay.times[this.state.moment]} / ${replay.lastTime()} ${replay.header.unit}s`);
    this.drawTotal += performance.now() - started;
    this.drawCount++;
    if (this.playing) {
      this.frameTimes.push(now);
      while (this.frameTimes.length > 0 && this.frameTimes[0] <= now - 1000) this.frameTimes.shift();
    }
  }

  private key(e: KeyboardEvent): void {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !this.root.isConnected) return;
    const target = e.target as HTMLElement | null;
    if (target !== null && target !== this.doc.body && target !== this.doc.documentElement && !this.root.contains(target)) return;
    if (target !== null && (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable)) {
      if (!(target instanceof HTMLInputElement && target.type === 'checkbox')) return;
    }
    const ten = e.shiftKey ? 10 : 1;
    switch (e.key) {
      case ' ':
        if (this.playing) this.pause();
        else this.play();
        break;
      case 'ArrowLeft':
        this.step(-ten);
        break;
      case 'ArrowRight':
        this.step(ten);
        break;
      case 'Home':
        this.seekMoment(0);
        break;
      case 'End':
        this.seekMoment(this.replay.momentCount - 1);
        break;
      case '+':
      case '=':
        this.setSpeed(kSpeeds[Math.min(kSpeeds.length - 1, kSpeeds.indexOf(this.speed) + 1)]);
        break;
      case '-':
      case '_':
        this.setSpeed(kSpeeds[Math.max(0, kSpeeds.indexOf(this.speed) - 1)]);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  private setPlaying(playing: boolean): void {
    this.playing = playing;
    this.transport.setPlaying(playing);
    if (playing) {
      this.lastFrame = performance.now();
      this.frameTimes.length = 0;
      this.schedule();
    } else {
      this.panelsDirty = true;
      this.schedule();
    }
  }

  private setSpeed(speed: number): void {
    this.speed = speed;
    this.transport.setSpeed(speed);
  }

  private step(delta: number): void {
    this.seekMoment(this.state.moment + delta);
  }

  private seekMoment(m: number): void {
    const replay = this.replay;
    m = Math.max(0, Math.min(replay.momentCount - 1, m));
    this.state.seek(m);
    this.playT = replay.times[m];
    this.invalidate();
  }

  private choose(id: number): void {
    this.selected = id;
    this.invalidate();
    if (id !== 0) this.options.onSelect?.(id, this.replay.times[this.state.moment]);
  }

  private pickEvent(e: ReplayEvent): void {
    this.seekMoment(e.moment);
    if (e.id !== 0 && (this.state.entities.has(e.id) || this.replay.brains.has(e.id))) this.choose(e.id);
  }

  seek(t: number): void {
    this.seekMoment(this.replay.momentAtTime(t));
  }

  play(): void {
    if (this.playing) return;
    // Playing from the last moment starts again from the beginning.
    if (this.state.moment >= this.replay.momentCount - 1 && this.replay.status !== 'loading') this.seekMoment(0);
    this.setPlaying(true);
  }

  pause(): void {
    if (this.playing) this.setPlaying(false);
  }

  select(entityId: number): void {
    this.choose(entityId);
  }

  moment(): number {
    return this.replay.times[this.state.moment] ?? 0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.cancelLoad();
    if (this.rafId !== 0) (this.doc.defaultView ?? window).cancelAnimationFrame(this.rafId);
    this.doc.removeEventListener('keydown', this.onKey);
    this.observer.disconnect();
    this.charts.destroy();
    this.root.remove();
    const view = this.doc.defaultView;
    if (view !== null && view.chrononViewerDebug?.canvas === this.canvas) delete view.chrononViewerDebug;
  }

  debugHook(loadMs: number): DebugHook {
    const replay = this.replay;
    const p = this.painter.projection;
    return {
      moment: () => this.moment(),
      seek: (t) => this.seek(t),
      entities: () =>
        [...this.state.entities.values()].map((ent) => ({ id: ent.id, kind: kindName(replay, ent), fields: entityFields(replay, ent) })),
      toCanvas: (x, y) => {
        p.fit(this.canvas.clientWidth, this.canvas.clientHeight);
        return { x: p.x(x), y: p.y(y) };
      },
      canvas: this.canvas,
      fps: () => {
        const times = this.frameTimes;
        if (times.length === 0) return 0;
        const last = this.playing ? performance.now() : times[times.length - 1];
        return times.filter((t) => t > last - 1000).length;
      },
      brain: (id) => brainAt(replay, id, this.state.moment)?.state ?? null,
      loadMs,
      colorOf: (id) => {
        const ent = this.state.entities.get(id);
        if (ent === undefined) return '';
        return this.painter.colorOf(ent);
      },
      radiusOf: (id) => {
        const ent = this.state.entities.get(id);
        if (ent === undefined) return 0;
        p.fit(this.canvas.clientWidth, this.canvas.clientHeight);
        return this.painter.radiusPx(ent);
      },
      status: () => replay.status,
      drawMs: () => (this.drawCount > 0 ? this.drawTotal / this.drawCount : 0),
      playing: () => this.playing,
    };
  }

  /** Draws the first frame now, so that mount resolves with something on screen. */
  drawNow(): void {
    if (this.rafId !== 0) {
      (this.doc.defaultView ?? window).cancelAnimationFrame(this.rafId);
      this.rafId = 0;
    }
    this.frame(performance.now());
  }
}

/** Reads a replay from `bytes` (gzip or plain JSON Lines) and shows it in `container`. */
export async function mount(container: HTMLElement, bytes: Uint8Array, options: MountOptions = {}): Promise<ViewerHandle> {
  const started = performance.now();
  const doc = container.ownerDocument;
  injectStyle(doc);
  const root = el(doc, 'div', 'cv-root');
  root.tabIndex = 0;
  root.appendChild(el(doc, 'div', 'cv-loading', 'reading the replay…'));
  container.appendChild(root);
  let viewer: Viewer | null = null;
  const loader = loadReplay(bytes, {
    name: options.name,
    onProgress: () => viewer?.updateStatus(),
  });
  let replay: Replay;
  try {
    replay = await loader.ready;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    showError(root, message);
    throw e instanceof Error ? e : new Error(message);
  }
  try {
    viewer = new Viewer(root, replay, options);
  } catch (e) {
    loader.cancel();
    const message = `the viewer failed to start: ${e instanceof Error ? e.message : String(e)}`;
    showError(root, message);
    throw new Error(message);
  }
  viewer.cancelLoad = () => loader.cancel();
  viewer.drawNow();
  const loadMs = performance.now() - started;
  const view = doc.defaultView;
  if (view !== null) view.chrononViewerDebug = viewer.debugHook(loadMs);
  void loader.done.then(() => viewer?.updateStatus());
  return viewer;
}
