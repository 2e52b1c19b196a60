// The viewer's style sheet, injected by the script itself so that viewer.js is the only file a host
// has to load. Light text on dark panels throughout; every class is prefixed with `cv-`.

import uPlotCss from 'uplot/dist/uPlot.min.css';

const kCss = `
.cv-root { position: relative; box-sizing: border-box; width: 100%; height: 100%; overflow: hidden;
  display: grid; grid-template-columns: minmax(0, 1fr) 380px; grid-template-rows: auto minmax(0, 1fr) auto 190px;
  background: #0d1117; color: #c9d1d9; font: 13px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif; }
.cv-root *, .cv-root *::before, .cv-root *::after { box-sizing: border-box; }
.cv-root:focus { outline: none; }
.cv-top { grid-column: 1 / 3; display: flex; align-items: center; gap: 12px; padding: 6px 12px;
  background: #161b22; border-bottom: 1px solid #30363d; min-height: 36px; }
.cv-title { font-weight: 600; font-size: 14px; color: #e6edf3; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cv-sub { color: #8b949e; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cv-spacer { flex: 1; }
.cv-layers { display: flex; gap: 10px; color: #8b949e; white-space: nowrap; }
.cv-layers label { display: flex; align-items: center; gap: 4px; cursor: pointer; }
.cv-stage { contain: strict; grid-row: 2; grid-column: 1; position: relative; min-height: 0; min-width: 0; }
.cv-stage canvas { position: absolute; left: 0; top: 0; width: 100%; height: 100%; display: block; cursor: crosshair; }
.cv-banner { position: absolute; left: 12px; right: 12px; top: 10px; z-index: 2; padding: 8px 12px; border-radius: 6px;
  background: rgba(187,128,9,0.92); color: #fff8e6; font-weight: 500; box-shadow: 0 2px 8px rgba(0,0,0,0.4); }
.cv-banner.cv-bad { background: rgba(178,34,34,0.94); }
.cv-loading { position: absolute; right: 12px; bottom: 10px; z-index: 2; color: #8b949e; font-size: 12px;
  background: rgba(13,17,23,0.8); padding: 2px 8px; border-radius: 4px; }
.cv-side { grid-row: 2; grid-column: 2; display: flex; flex-direction: column; min-height: 0;
  border-left: 1px solid #30363d; background: #0f141a; }
.cv-heading { font-size: 11px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: #8b949e;
  padding: 8px 12px 4px; }
.cv-list { flex: 0 0 auto; max-height: 40%; contain: content; overflow-y: auto; border-bottom: 1px solid #30363d; padding-bottom: 4px; }
.cv-row { content-visibility: auto; contain-intrinsic-size: auto 24px; display: grid; grid-template-columns: 12px minmax(0, 1fr) 92px 92px; gap: 8px; align-items: center;
  padding: 3px 12px; cursor: pointer; }
.cv-row:hover { background: #161b22; }
.cv-row.cv-selected { background: #1f2a37; }
.cv-row.cv-gone { opacity: 0.45; }
.cv-group { display: flex; gap: 8px; align-items: center; padding: 6px 12px 2px; color: #e6edf3; font-weight: 600; }
.cv-group span.cv-muted { font-weight: 400; }
.cv-swatch { width: 12px; height: 12px; border-radius: 50%; border: 1px solid rgba(255,255,255,0.25); flex: none; }
.cv-name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cv-bar { position: relative; height: 14px; background: #21262d; border-radius: 3px; overflow: hidden; }
.cv-bar > div { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 3px; }
.cv-bar > span { position: absolute; left: 4px; right: 4px; top: 0; font-size: 10px; line-height: 14px; color: #e6edf3;
  text-shadow: 0 0 2px #000; white-space: nowrap; overflow: hidden; }
.cv-energy > div { background: #2f81f7; }
.cv-damage > div { background: #3fb950; }
.cv-muted { color: #8b949e; }
.cv-inspector { contain: content; flex: 1 1 auto; min-height: 0; overflow-y: auto; padding: 0 12px 12px; }
.cv-inspector h3 { margin: 8px 0 4px; font-size: 14px; color: #e6edf3; display: flex; gap: 8px; align-items: center; }
.cv-kv { display: grid; grid-template-columns: repeat(auto-fill, minmax(100px, 1fr)); gap: 2px 10px; margin: 4px 0 8px;
  font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12px; }
.cv-kv div.cv-wide { grid-column: span 2; }
.cv-kv div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cv-kv b { color: #8b949e; font-weight: 400; }
.cv-section { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.06em; color: #8b949e; margin-top: 8px; }
.cv-stack { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0 6px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.cv-stack span { background: #21262d; border: 1px solid #30363d; border-radius: 3px; padding: 0 5px; }
.cv-stack span.cv-top-item { border-color: #58a6ff; }
.cv-status-ok { color: #3fb950; }
.cv-status-bad { color: #f85149; }
.cv-source { margin: 4px 0 0; height: 204px; overflow: auto; background: #0b0f14; border: 1px solid #30363d; border-radius: 4px;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; line-height: 17px; white-space: pre; position: relative; }
.cv-source div { padding: 0 8px 0 0; height: 17px; }
.cv-source div::before { content: attr(data-n); display: inline-block; width: 3.2em; margin-right: 8px; padding-right: 6px;
  text-align: right; color: #484f58; border-right: 1px solid #21262d; }
.cv-source div.cv-current { background: #3b2f05; color: #ffe08a; }
.cv-source div.cv-current::before { color: #ffd166; }
.cv-transport { grid-row: 3; grid-column: 1 / 3; display: flex; align-items: center; gap: 6px; padding: 6px 12px;
  background: #161b22; border-top: 1px solid #30363d; }
.cv-transport svg { width: 14px; height: 14px; fill: currentColor; vertical-align: -2px; }
.cv-transport button, .cv-transport select { background: #21262d; color: #e6edf3; border: 1px solid #30363d; border-radius: 5px;
  height: 28px; min-width: 32px; font: inherit; cursor: pointer; padding: 0 8px; }
.cv-transport button:hover { background: #30363d; }
.cv-transport button.cv-play { min-width: 64px; background: #238636; border-color: #2ea043; }
.cv-clock { font-family: ui-monospace, Menlo, Consolas, monospace; min-width: 170px; text-align: right; color: #e6edf3; white-space: nowrap; }
.cv-timeline { flex: 1; position: relative; height: 34px; min-width: 100px; }
.cv-timeline canvas { position: absolute; inset: 0; width: 100%; height: 100%; cursor: pointer; }
.cv-help { position: relative; }
.cv-help-box { display: none; position: absolute; right: 0; bottom: 34px; z-index: 5; width: 270px; padding: 10px 12px;
  background: #1c2128; border: 1px solid #444c56; border-radius: 6px; box-shadow: 0 4px 16px rgba(0,0,0,0.5); color: #c9d1d9; }
.cv-help:hover .cv-help-box, .cv-help:focus-within .cv-help-box, .cv-help-box.cv-open { display: block; }
.cv-help-box table { border-collapse: collapse; width: 100%; }
.cv-help-box td { padding: 2px 4px; }
.cv-help-box kbd { background: #21262d; border: 1px solid #444c56; border-radius: 3px; padding: 0 4px; font-size: 11px; }
.cv-bottom { grid-row: 4; grid-column: 1 / 3; display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) 380px;
  border-top: 1px solid #30363d; min-height: 0; }
.cv-chart { position: relative; min-width: 0; min-height: 0; border-right: 1px solid #30363d; padding: 2px 4px 0; display: flex; flex-direction: column; }
.cv-chart-title { font-size: 11px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: #8b949e; padding: 2px 8px 0; }
.cv-chart-body { flex: 1; min-height: 0; position: relative; }
.cv-chart-cursor { position: absolute; top: 0; bottom: 0; width: 0; border-left: 1px solid #ffd166; pointer-events: none; }
.cv-chart-empty { color: #8b949e; padding: 16px; }
.cv-events { contain: strict; min-height: 0; display: flex; flex-direction: column; }
.cv-events-list { position: relative; flex: 1; min-height: 0; overflow-y: auto; font-size: 12px; }
.cv-event { display: grid; grid-template-columns: 54px 72px minmax(0, 1fr); gap: 6px; padding: 0 10px; height: 18px; line-height: 18px;
  cursor: pointer; white-space: nowrap; overflow: hidden; }
.cv-event-none { padding: 2px 10px; color: #8b949e; }
.cv-event:hover { background: #161b22; }
.cv-event.cv-now { background: #2d2a12; }
.cv-event.cv-future { opacity: 0.5; }
.cv-event .cv-t { text-align: right; color: #8b949e; font-family: ui-monospace, Menlo, Consolas, monospace; }
.cv-event .cv-k { font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.cv-event .cv-text { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cv-k-birth { color: #3fb950; } .cv-k-death { color: #f85149; } .cv-k-kill { color: #ff9f43; } .cv-k-error { color: #d2a8ff; }
.cv-error { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; background: #0d1117; padding: 24px; }
.cv-error-card { max-width: 720px; width: 100%; border: 1px solid #f85149; border-left-width: 6px; border-radius: 8px; background: #1c1216;
  padding: 18px 22px; color: #f0d0d0; }
.cv-error-card h2 { margin: 0 0 8px; font-size: 18px; color: #ff7b72; }
.cv-error-card pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; color: #f0d0d0; }
.cv-score { flex: none; border-bottom: 1px solid #30363d; padding-bottom: 4px; }
.cv-score-table { width: 100%; border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums; table-layout: fixed; }
.cv-score-table th { font-size: 10px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.02em; color: #8b949e;
  text-align: right; padding: 1px 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: help; }
.cv-score-table td { text-align: right; padding: 1px 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: #e6edf3; }
.cv-score-table th.cv-score-name, .cv-score-table td.cv-score-name { text-align: left; width: 32%; padding-left: 12px; }
.cv-score-table td.cv-score-name .cv-swatch { display: inline-block; vertical-align: -1px; margin-right: 6px; }
.cv-endcard { position: absolute; grid-row: 2; grid-column: 1; left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 3; width: min(460px, calc(100% - 16px));
  max-height: calc(100% - 16px); overflow: auto; padding: 14px 16px 12px; border-radius: 8px; background: rgba(22,27,34,0.95);
  border: 1px solid #444c56; box-shadow: 0 6px 24px rgba(0,0,0,0.55); }
.cv-endcard-title { margin: 0 24px 4px 0; font-size: 20px; color: #f0f6fc; display: flex; align-items: center; gap: 8px; }
.cv-endcard-title .cv-swatch { width: 16px; height: 16px; }
.cv-endcard-reason { color: #c9d1d9; margin-bottom: 10px; }
.cv-endcard .cv-score-table { table-layout: auto; }
.cv-endcard .cv-score-table td.cv-score-name { padding-left: 6px; width: auto; max-width: 180px; }
.cv-endcard .cv-score-table td:last-child { white-space: normal; text-align: left; padding-left: 10px; }
.cv-endcard .cv-score-table th:last-child { text-align: left; padding-left: 10px; }
.cv-endcard .cv-score-table th:first-child { text-align: left; padding-left: 6px; }
.cv-endcard tr.cv-endcard-best td { color: #ffd166; font-weight: 600; }
.cv-endcard-close { position: absolute; right: 8px; top: 8px; width: 26px; height: 26px; border-radius: 5px; border: 1px solid #30363d;
  background: #21262d; color: #e6edf3; font: 16px/1 system-ui, sans-serif; cursor: pointer; }
.cv-endcard-close:hover { background: #30363d; }
.cv-root .uplot { font-family: inherit; }
.cv-root .u-legend { display: none; }
@media (max-width: 900px) {
  .cv-root { grid-template-columns: minmax(0, 1fr) 300px; }
  .cv-bottom { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) 300px; }
  .cv-layers { display: none; }
}
/* A VS Code panel beside the robot is often this narrow: the arena keeps most of the width. */
@media (max-width: 640px) {
  .cv-root { grid-template-columns: minmax(0, 1fr) 220px; }
  .cv-bottom { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) 220px; }
  .cv-row { grid-template-columns: 12px minmax(0, 1fr) 56px 56px; gap: 4px; padding: 3px 8px; }
  .cv-endcard { grid-column: 1 / 3; padding: 10px 10px 8px; }
  .cv-endcard-title { font-size: 16px; }
  .cv-score-table th.cv-score-name, .cv-score-table td.cv-score-name { width: 34%; padding-left: 8px; }
  .cv-score-table { font-size: 11px; }
  .cv-score-table th { font-size: 9px; letter-spacing: 0; padding: 1px 2px; }
  .cv-score-table td { padding: 1px 2px; }
}
`;

const kStyleId = 'chronon-viewer-style';

/** Adds the style sheet to the document once. */
export function injectStyle(doc: Document): void {
  if (doc.getElementById(kStyleId) !== null) return;
  const style = doc.createElement('style');
  style.id = kStyleId;
  style.textContent = uPlotCss + kCss;
  (doc.head ?? doc.documentElement).appendChild(style);
}
