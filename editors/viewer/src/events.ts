// The event log near the current moment: the events of the last moments up to now, the current
// moment's highlighted, and a few upcoming ones dimmed. Click an event to go to it.

import type { Replay, ReplayEvent } from './decode';
import { el } from './dom';

const kBefore = 80;
const kAfter = 12;
/** The height of a row in CSS pixels (.cv-event in style.ts). */
const kRowHeight = 18;

export class EventLog {
  readonly element: HTMLDivElement;
  private readonly list: HTMLDivElement;
  private key = '';
  private listHeight = 0;

  constructor(
    private readonly doc: Document,
    private readonly replay: Replay,
    private readonly onPick: (event: ReplayEvent) => void,
  ) {
    this.element = el(doc, 'div', 'cv-events');
    this.element.appendChild(el(doc, 'div', 'cv-chart-title', 'Events'));
    this.list = el(doc, 'div', 'cv-events-list');
    this.element.appendChild(this.list);
    const view = doc.defaultView as (Window & typeof globalThis) | null;
    const Observer = view?.ResizeObserver ?? ResizeObserver;
    new Observer((entries) => {
      this.listHeight = entries[entries.length - 1].contentRect.height;
      this.key = '';
    }).observe(this.list);
  }

  /** The index of the first event after moment `m`. */
  private firstAfter(m: number): number {
    const events = this.replay.events;
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid].moment <= m) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  update(moment: number): void {
    const events = this.replay.events;
    const split = this.firstAfter(moment);
    const from = Math.max(0, split - kBefore);
    const to = Math.min(events.length, split + kAfter);
    const key = `${from}:${to}:${moment}`;
    if (key === this.key) return;
    this.key = key;
    const rows: HTMLElement[] = [];
    let anchor = -1;
    for (let i = from; i < to; i++) {
      const e = events[i];
      const row = el(this.doc, 'div', 'cv-event');
      if (e.moment === moment) row.classList.add('cv-now');
      else if (e.moment > moment) row.classList.add('cv-future');
      row.append(
        el(this.doc, 'span', 'cv-t', String(this.replay.times[e.moment])),
        el(this.doc, 'span', `cv-k cv-k-${e.kind}`, e.kind),
        el(this.doc, 'span', 'cv-text', e.text),
      );
      row.title = e.text;
      row.addEventListener('click', () => this.onPick(e));
      rows.push(row);
      if (i === split - 1) anchor = i - from;
    }
    if (rows.length === 0) rows.push(el(this.doc, 'div', 'cv-event-none', events.length === 0 ? 'no events' : 'no events yet'));
    this.list.replaceChildren(...rows);
    // Keep the latest past event in view, near the bottom, with the upcoming ones below it. Rows have
    // a fixed height and the list's height is cached, so this reads no layout (which would force one).
    if (anchor >= 0) this.list.scrollTop = Math.max(0, (anchor + 3) * kRowHeight - this.listHeight);
  }
}
