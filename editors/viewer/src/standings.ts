// The chart of a standings page (`chronon ladder standings --html`): every robot's rating over time,
// drawn with uPlot from the JSON that chronon writes into the page, so that the page needs no network
// and no other file. Built by build.mjs into chart.js (the global ChrononChart), which chronon
// carries and inlines into each page it writes.

import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css';

/** One line of the chart: a robot's value at each x, null where it has none. */
export interface ChartLine {
  name: string;
  color: string;
  values: (number | null)[];
}

/** What chronon writes into the page's `<script type="application/json">` element. */
export interface ChartData {
  xLabel: string;
  yLabel: string;
  x: number[];
  lines: ChartLine[];
}

/**
 * Draws the chart described by the JSON in the element `dataId` into the element `targetId`, with a
 * legend row per line; returns the uPlot instance (null when the page holds no data or no line).
 */
export function draw(doc: Document, dataId: string, targetId: string): uPlot | null {
  const source = doc.getElementById(dataId);
  const target = doc.getElementById(targetId);
  if (source === null || target === null) return null;
  const data = JSON.parse(source.textContent ?? '{}') as ChartData;
  if (!Array.isArray(data.x) || !Array.isArray(data.lines) || data.lines.length === 0) return null;
  const style = doc.createElement('style');
  style.textContent = uPlotCss;
  doc.head.appendChild(style);
  const width = Math.max(400, Math.min(1000, target.clientWidth || 800));
  const opts: uPlot.Options = {
    width,
    height: 400,
    scales: { x: { time: false } },
    axes: [
      { label: data.xLabel, font: '11px sans-serif' },
      { label: data.yLabel, font: '11px sans-serif', size: 60 },
    ],
    series: [
      { label: data.xLabel },
      ...data.lines.map((line) => ({
        label: line.name,
        stroke: line.color,
        width: 2,
        spanGaps: true,
        points: { show: data.x.length < 40 },
      })),
    ],
  };
  const aligned = [data.x, ...data.lines.map((l) => l.values)] as uPlot.AlignedData;
  return new uPlot(opts, aligned, target);
}
