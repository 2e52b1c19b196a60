// Charts over the whole battle with uPlot: Grobots biomass and population per side (from `stat`),
// RoboWar energy and damage per robot, Robbie's simulated time. A vertical line follows the current
// moment; clicking a chart seeks there.

import uPlot from 'uplot';
import type { Replay, SeriesSet } from './decode';
import { el } from './dom';
import { entrantColor } from './model';

interface Plot {
  set: SeriesSet;
  body: HTMLDivElement;
  plot: uPlot | null;
  cursor: HTMLDivElement;
  points: number;
}

const kAxis: uPlot.Axis = {
  stroke: '#8b949e',
  font: '11px system-ui, sans-serif',
  grid: { stroke: '#21262d', width: 1 },
  ticks: { stroke: '#30363d', width: 1, size: 4 },
};

export class Charts {
  /** One element per chart, for the bottom row of the layout. */
  readonly elements: HTMLDivElement[] = [];
  private readonly plots: Plot[] = [];
  private readonly observer: ResizeObserver;
  private moment = 0;

  constructor(
    doc: Document,
    private readonly replay: Replay,
    private readonly onSeek: (t: number) => void,
  ) {
    for (const set of replay.charts) {
      const box = el(doc, 'div', 'cv-chart');
      box.appendChild(el(doc, 'div', 'cv-chart-title', set.title));
      const body = el(doc, 'div', 'cv-chart-body');
      box.appendChild(body);
      this.elements.push(box);
      this.plots.push({ set, body, plot: null, cursor: el(doc, 'div', 'cv-chart-cursor'), points: -1 });
    }
    if (this.elements.length === 0) {
      const box = el(doc, 'div', 'cv-chart');
      box.appendChild(el(doc, 'div', 'cv-chart-empty', 'No charts for this replay.'));
      this.elements.push(box);
    }
    const view = doc.defaultView as (Window & typeof globalThis) | null;
    const Observer = view?.ResizeObserver ?? ResizeObserver;
    this.observer = new Observer(() => this.layout());
    for (const p of this.plots) this.observer.observe(p.body);
  }

  private layout(): void {
    for (const p of this.plots) {
      const width = Math.floor(p.body.clientWidth);
      const height = Math.floor(p.body.clientHeight);
      if (width < 10 || height < 10) continue;
      if (p.plot === null) this.create(p, width, height);
      else if (p.plot.width !== width || p.plot.height !== height) p.plot.setSize({ width, height });
    }
    this.setMoment(this.moment);
  }

  private data(set: SeriesSet): uPlot.AlignedData {
    return [set.x, ...set.lines.map((l) => l.values)] as uPlot.AlignedData;
  }

  private create(p: Plot, width: number, height: number): void {
    const replay = this.replay;
    const multiple = new Map<number, number>();
    for (const line of p.set.lines) multiple.set(line.entrant, (multiple.get(line.entrant) ?? 0) + 1);
    const opts: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
      scales: { x: { time: false } },
      axes: [{ ...kAxis }, { ...kAxis, size: 46 }],
      series: [
        { label: replay.header.unit },
        ...p.set.lines.map((line) => ({
          label: line.label,
          stroke: entrantColor(replay, line.entrant),
          width: 1.5,
          points: { show: false },
          spanGaps: false,
        })),
      ],
    };
    p.plot = new uPlot(opts, this.data(p.set), p.body);
    p.points = p.set.x.length;
    p.plot.over.appendChild(p.cursor);
    p.plot.over.addEventListener('click', (e) => {
      const plot = p.plot!;
      const x = e.clientX - plot.over.getBoundingClientRect().left;
      this.onSeek(Math.round(plot.posToVal(x, 'x')));
    });
  }

  /** Takes in the data read since the last call (while the replay is loading). */
  refresh(): void {
    for (const p of this.plots) {
      if (p.plot !== null && p.points !== p.set.x.length) {
        p.points = p.set.x.length;
        p.plot.setData(this.data(p.set));
      }
    }
    this.setMoment(this.moment);
  }

  setMoment(m: number): void {
    this.moment = m;
    const t = this.replay.times[m] ?? 0;
    for (const p of this.plots) {
      if (p.plot === null) continue;
      const left = p.plot.valToPos(t, 'x');
      const text = Number.isFinite(left) ? `${Math.round(left)}px` : '-10px';
      if (p.cursor.style.left !== text) p.cursor.style.left = text;
    }
  }

  destroy(): void {
    this.observer.disconnect();
    for (const p of this.plots) p.plot?.destroy();
  }
}
