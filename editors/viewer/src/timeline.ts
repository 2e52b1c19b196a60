// The timeline: a canvas strip from t = 0 to the last moment, with the part played so far, markers
// at births, deaths, kills and errors (from the events), and the playhead. Click or drag to seek.

import type { Replay } from './decode';
import { el, fitCanvas } from './dom';

const kPad = 6;
const kMarked = ['birth', 'death', 'kill', 'error'] as const;
type MarkedKind = (typeof kMarked)[number];

function markerStyle(kind: MarkedKind): { color: string; y0: number; y1: number } {
  switch (kind) {
    case 'birth':
      return { color: '#3fb950', y0: 23, y1: 32 };
    case 'death':
      return { color: '#f85149', y0: 3, y1: 31 };
    case 'kill':
      return { color: '#ff9f43', y0: 6, y1: 28 };
    case 'error':
      return { color: '#d2a8ff', y0: 1, y1: 11 };
  }
}

export class Timeline {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly markers: HTMLCanvasElement;
  private markerKey = '';
  private dragging = false;

  constructor(
    doc: Document,
    private readonly replay: Replay,
    private readonly onSeek: (m: number) => void,
  ) {
    this.element = el(doc, 'div', 'cv-timeline');
    this.canvas = el(doc, 'canvas');
    this.canvas.setAttribute('aria-label', 'timeline');
    this.markers = doc.createElement('canvas');
    this.element.appendChild(this.canvas);
    this.canvas.addEventListener('pointerdown', (e) => {
      this.dragging = true;
      this.canvas.setPointerCapture(e.pointerId);
      this.seekTo(e.offsetX);
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (this.dragging) this.seekTo(e.offsetX);
      else this.canvas.title = this.describe(e.offsetX);
    });
    const stop = () => (this.dragging = false);
    this.canvas.addEventListener('pointerup', stop);
    this.canvas.addEventListener('pointercancel', stop);
  }

  /** The t at the right end: the last moment, or an estimate of it while loading. */
  private span(): number {
    const replay = this.replay;
    const last = replay.lastTime();
    if (replay.status !== 'loading' || replay.progress <= 0) return Math.max(1, last);
    return Math.max(1, last, Math.round(last / replay.progress));
  }

  private xOf(t: number, width: number): number {
    return kPad + (t / this.span()) * (width - 2 * kPad);
  }

  private tOf(x: number): number {
    const width = this.canvas.clientWidth;
    return Math.round(((x - kPad) / Math.max(1, width - 2 * kPad)) * this.span());
  }

  private seekTo(x: number): void {
    this.onSeek(this.replay.momentAtTime(Math.max(0, this.tOf(x))));
  }

  private describe(x: number): string {
    const t = this.tOf(x);
    const width = this.canvas.clientWidth;
    const near = this.replay.events.find(
      (e) => (kMarked as readonly string[]).includes(e.kind) && Math.abs(this.xOf(this.replay.times[e.moment], width) - x) < 3,
    );
    return near !== undefined ? `t = ${this.replay.times[near.moment]}: ${near.text}` : `t = ${Math.max(0, t)}`;
  }

  private drawMarkers(width: number, height: number, dpr: number): void {
    const key = `${width}x${height}@${dpr}:${this.replay.events.length}:${this.span()}`;
    if (key === this.markerKey) return;
    this.markerKey = key;
    this.markers.width = Math.round(width * dpr);
    this.markers.height = Math.round(height * dpr);
    const ctx = this.markers.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    // One flag per pixel column and kind, so thousands of births cost one line per column.
    const columns = Math.ceil(width);
    for (const kind of kMarked) {
      const hit = new Uint8Array(columns + 1);
      for (const e of this.replay.events) {
        if (e.kind !== kind) continue;
        const x = Math.round(this.xOf(this.replay.times[e.moment], width));
        if (x >= 0 && x <= columns) hit[x] = 1;
      }
      const style = markerStyle(kind);
      ctx.strokeStyle = style.color;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= columns; x++) {
        if (hit[x] === 0) continue;
        ctx.moveTo(x + 0.5, style.y0 * (height / 34));
        ctx.lineTo(x + 0.5, style.y1 * (height / 34));
      }
      ctx.stroke();
    }
  }

  render(moment: number): void {
    const canvas = this.canvas;
    fitCanvas(canvas);
    const dpr = canvas.ownerDocument.defaultView?.devicePixelRatio ?? 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === 0 || height === 0) return;
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const mid = height / 2;
    const x0 = kPad;
    const xLoaded = this.xOf(this.replay.lastTime(), width);
    const xNow = this.xOf(this.replay.times[moment] ?? 0, width);
    ctx.fillStyle = '#161b22';
    ctx.fillRect(x0, mid - 5, width - 2 * kPad, 10);
    ctx.fillStyle = '#30363d';
    ctx.fillRect(x0, mid - 5, xLoaded - x0, 10);
    ctx.fillStyle = 'rgba(47,129,247,0.65)';
    ctx.fillRect(x0, mid - 5, xNow - x0, 10);
    this.drawMarkers(width, height, dpr);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.markers, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(Math.round(xNow) - 1, 0, 2, height);
    ctx.beginPath();
    ctx.moveTo(xNow - 5, 0);
    ctx.lineTo(xNow + 5, 0);
    ctx.lineTo(xNow, 6);
    ctx.fill();
  }
}
