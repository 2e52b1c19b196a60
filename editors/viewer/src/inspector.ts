// The inspector: what the selected robot is at the current moment (its fields), what its brain holds
// (status, pc, registers or variables, data stack, return stack), and the entrant's source with the
// line it is executing highlighted.

import type { BrainValue, Replay } from './decode';
import { el } from './dom';
import type { WorldState } from './model';
import { brainAt, entityFields, entityLabel, entrantColor, fieldValue, formatNumber, kindName } from './model';

function formatBrainValue(v: BrainValue): string {
  if (typeof v === 'number') return formatNumber(v);
  // Texts come already written as the language shows them (RL strings with their quotes).
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return `(${v.map((x) => (typeof x === 'number' ? formatNumber(x) : String(x))).join(', ')})`;
  return String(v);
}

/** A source listing kept per entrant, so switching lines only moves the highlight. */
interface Listing {
  element: HTMLDivElement;
  current: HTMLElement | null;
  scrollTop: number;
}

/** The height of a source line and of the listing's box in CSS pixels (.cv-source in style.ts). */
const kLineHeight = 17;
const kSourceHeight = 204;

export class Inspector {
  readonly element: HTMLDivElement;
  private readonly content: HTMLDivElement;
  private readonly sourceHolder: HTMLDivElement;
  private readonly tail: HTMLDivElement;
  private readonly listings = new Map<number, Listing>();
  private shownListing = -1;

  constructor(
    private readonly doc: Document,
    private readonly replay: Replay,
  ) {
    this.element = el(doc, 'div', 'cv-inspector');
    this.content = el(doc, 'div');
    this.sourceHolder = el(doc, 'div');
    this.tail = el(doc, 'div');
    // Status, stacks and the source line come first; registers and fields, which are long, after.
    this.element.append(this.content, this.sourceHolder, this.tail);
  }

  private listing(entrant: number): Listing | null {
    const source = this.replay.header.entrants[entrant]?.source;
    if (source === null || source === undefined) return null;
    let listing = this.listings.get(entrant);
    if (listing === undefined) {
      const element = el(this.doc, 'div', 'cv-source');
      const lines = source.replace(/\r\n?/g, '\n').split('\n');
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const fragment = this.doc.createDocumentFragment();
      lines.forEach((text, i) => {
        const line = el(this.doc, 'div', '', text);
        line.dataset.n = String(i + 1);
        fragment.appendChild(line);
      });
      element.appendChild(fragment);
      const made: Listing = { element, current: null, scrollTop: 0 };
      element.addEventListener('scroll', () => (made.scrollTop = element.scrollTop), { passive: true });
      this.listings.set(entrant, made);
      listing = made;
    }
    return listing;
  }

  private showSource(entrant: number, line: number | undefined): void {
    const listing = entrant >= 0 ? this.listing(entrant) : null;
    if (entrant !== this.shownListing) {
      this.shownListing = entrant;
      this.sourceHolder.replaceChildren();
      if (listing !== null) {
        const entrantInfo = this.replay.header.entrants[entrant];
        this.sourceHolder.append(el(this.doc, 'div', 'cv-section', `Source: ${entrantInfo.file || entrantInfo.name}`), listing.element);
      }
    }
    if (listing === null) return;
    const target = line !== undefined && line >= 1 ? (listing.element.children[line - 1] as HTMLElement | undefined) ?? null : null;
    if (target === listing.current) return;
    listing.current?.classList.remove('cv-current');
    listing.current = target;
    if (target === null) return;
    target.classList.add('cv-current');
    // Scroll only the listing (scrollIntoView would also scroll the page or the side panel). Lines
    // have a fixed height and the scroll position is tracked, so no layout is read (or forced).
    const top = (line! - 1) * kLineHeight;
    if (top < listing.scrollTop + kLineHeight || top > listing.scrollTop + kSourceHeight - 2 * kLineHeight) {
      listing.scrollTop = Math.max(0, top - kSourceHeight / 2);
      listing.element.scrollTop = listing.scrollTop;
    }
  }

  private kv(pairs: [string, string][]): HTMLDivElement {
    const grid = el(this.doc, 'div', 'cv-kv');
    for (const [k, v] of pairs) {
      const cell = el(this.doc, 'div', k.length + v.length > 14 ? 'cv-wide' : '');
      cell.title = `${k} = ${v}`;
      cell.append(el(this.doc, 'b', '', `${k} `), this.doc.createTextNode(v));
      grid.appendChild(cell);
    }
    return grid;
  }

  private stack(className: string, items: string[], values: string[]): HTMLDivElement {
    const box = el(this.doc, 'div', `cv-stack ${className}`);
    if (items.length === 0) box.appendChild(el(this.doc, 'span', 'cv-muted', 'empty'));
    items.forEach((text, i) => {
      const item = el(this.doc, 'span', i === items.length - 1 ? 'cv-top-item' : '', text);
      item.dataset.value = values[i];
      box.appendChild(item);
    });
    box.dataset.count = String(items.length);
    return box;
  }

  update(state: WorldState, selected: number): void {
    const replay = this.replay;
    const doc = this.doc;
    const parts: HTMLElement[] = [];
    const t = replay.times[state.moment];
    if (selected === 0) {
      parts.push(el(doc, 'div', 'cv-heading', 'Inspector'));
      parts.push(el(doc, 'div', 'cv-muted', 'Click a robot on the arena or in the list to see its registers, stacks and source line.'));
      this.content.replaceChildren(...parts);
      this.tail.replaceChildren();
      this.showSource(-1, undefined);
      return;
    }
    const ent = state.entities.get(selected);
    const title = el(doc, 'h3');
    const swatch = el(doc, 'span', 'cv-swatch');
    let entrant = replay.header.game === 'robbie' ? 0 : -1;
    if (ent !== undefined && kindName(replay, ent) === 'robot') entrant = fieldValue(replay, ent, 'side');
    swatch.style.background = entrantColor(replay, Math.max(0, entrant));
    title.append(swatch, doc.createTextNode(ent !== undefined ? entityLabel(replay, ent) : `entity ${selected}`));
    parts.push(title);
    if (ent === undefined) {
      const born = replay.birthMoment.get(selected);
      const when = born !== undefined && born > state.moment ? `it appears at t = ${replay.times[born]}` : 'it is gone';
      parts.push(el(doc, 'div', 'cv-muted', `Not present at t = ${t}: ${when}.`));
    } else {
      const owner = entrant >= 0 ? replay.header.entrants[entrant] : undefined;
      const sub = owner !== undefined && replay.header.game === 'grobots' ? `${owner.name} · ` : '';
      parts.push(el(doc, 'div', 'cv-muted', `${sub}${kindName(replay, ent)} ${ent.id} at t = ${t}`));
    }
    const brain = brainAt(replay, selected, state.moment);
    if (brain !== null) {
      const b = brain.state;
      const asOf = brain.moment !== state.moment ? ` (last record at t = ${replay.times[brain.moment]})` : '';
      parts.push(el(doc, 'div', 'cv-section', `Brain${asOf}`));
      const status = b.status ?? 'ok';
      const statusLine = el(doc, 'div', status === 'ok' ? 'cv-status-ok cv-status' : 'cv-status-bad cv-status', `status: ${status}`);
      parts.push(statusLine);
      const pcs: [string, string][] = [];
      if (b.pc !== undefined) pcs.push(['pc', String(b.pc)]);
      if (b.label !== undefined) pcs.push(['label', b.label]);
      if (b.line !== undefined) pcs.push(['line', String(b.line)]);
      if (pcs.length > 0) parts.push(this.kv(pcs));
      const ds = b.ds ?? [];
      parts.push(el(doc, 'div', 'cv-section', `Data stack (${ds.length}, top last)`));
      parts.push(this.stack('cv-ds', ds.map((v) => formatNumber(Number(v))), ds.map((v) => String(v))));
      if (b.rs !== undefined) {
        parts.push(el(doc, 'div', 'cv-section', `Return stack (${b.rs.length})`));
        parts.push(this.stack('cv-rs', b.rs.map(String), b.rs.map(String)));
      }
    } else if (ent !== undefined && kindName(replay, ent) !== 'object') {
      parts.push(el(doc, 'div', 'cv-muted', 'No brain record yet at this moment.'));
    }
    this.content.replaceChildren(...parts);
    const tail: HTMLElement[] = [];
    const vars = brain?.state.vars;
    if (vars !== undefined && Object.keys(vars).length > 0) {
      tail.push(el(doc, 'div', 'cv-section', replay.header.game === 'grobots' ? 'Variables' : 'Registers'));
      tail.push(this.kv(Object.entries(vars).map(([k, v]) => [k, formatBrainValue(v)])));
    }
    if (ent !== undefined) {
      tail.push(el(doc, 'div', 'cv-section', 'Fields'));
      tail.push(this.kv(Object.entries(entityFields(replay, ent)).map(([k, v]) => [k, formatNumber(v)])));
    }
    this.tail.replaceChildren(...tail);
    const isObject = ent !== undefined && kindName(replay, ent) === 'object';
    this.showSource(isObject ? -1 : entrant, brain?.state.line);
  }
}
