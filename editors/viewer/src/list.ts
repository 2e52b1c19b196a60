// The side panel's list of robots with their bars: RoboWar energy and damage against the hardware's
// maxima, Grobots energy and armor against the type's maxima (grouped by side, with population and
// biomass), Robbie's position and what he holds. Rows are kept per entity and only their bars change
// from moment to moment.

import type { Entity, Replay } from './decode';
import { el } from './dom';
import type { WorldState } from './model';
import { entityLabel, entrantColor, fieldValue, formatNumber, kindName } from './model';

interface Cell {
  fraction: number | null;
  text: string;
}

interface Row {
  element: HTMLDivElement;
  name: HTMLSpanElement;
  cells: [HTMLElement, HTMLElement];
}

function hardwareMax(replay: Replay, entrant: number, key: string, fallback: number): number {
  const v = replay.header.entrants[entrant]?.hardware[key];
  return typeof v === 'number' && v > 0 ? v : fallback;
}

export class RobotList {
  readonly element: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly rows = new Map<number, Row>();
  private readonly groups = new Map<number, HTMLDivElement>();
  private order = '';
  private selected = 0;

  constructor(
    private readonly doc: Document,
    private readonly replay: Replay,
    private readonly onPick: (id: number) => void,
    private readonly colorOf: (ent: Entity) => string,
  ) {
    this.element = el(doc, 'div', 'cv-list');
    const heading = replay.header.game === 'robbie' ? 'Robbie and objects' : 'Robots';
    this.element.appendChild(el(doc, 'div', 'cv-heading', heading));
    this.body = el(doc, 'div');
    this.element.appendChild(this.body);
  }

  private cellsOf(ent: Entity): [Cell, Cell] {
    const replay = this.replay;
    const get = (name: string) => fieldValue(replay, ent, name);
    switch (replay.header.game) {
      case 'robowar': {
        const side = get('side');
        const energy = get('energy');
        const damage = get('damage');
        const maxEnergy = hardwareMax(replay, side, 'energy', 100);
        const maxDamage = hardwareMax(replay, side, 'damage', 100);
        return [
          { fraction: energy / maxEnergy, text: `energy ${formatNumber(energy)}` },
          { fraction: damage / maxDamage, text: `damage ${formatNumber(damage)}` },
        ];
      }
      case 'grobots': {
        const type = replay.header.entrants[get('side')]?.types[get('type')];
        const energy = get('energy');
        const armor = get('armor');
        const maxEnergy = type?.maxEnergy ?? 0;
        const maxArmor = type?.maxArmor ?? 0;
        return [
          { fraction: maxEnergy > 0 ? energy / maxEnergy : null, text: `${formatNumber(Math.round(energy))}/${formatNumber(maxEnergy)}` },
          { fraction: maxArmor > 0 ? armor / maxArmor : null, text: `${formatNumber(Math.round(armor))}/${formatNumber(maxArmor)}` },
        ];
      }
      case 'robbie': {
        const at = `(${formatNumber(get('x'))}, ${formatNumber(get('y'))})`;
        if (kindName(replay, ent) === 'object') {
          const grams = replay.header.world.objects[get('object')]?.grams ?? 0;
          return [{ fraction: null, text: `${formatNumber(grams)} g` }, { fraction: null, text: get('held') !== 0 ? 'held' : at }];
        }
        const held = get('held');
        const holding = held >= 0 ? replay.header.world.objects[held]?.name ?? `object ${held}` : 'empty claw';
        return [{ fraction: null, text: `${at} ${formatNumber(get('heading'))}°` }, { fraction: null, text: holding }];
      }
    }
  }

  private makeRow(ent: Entity): Row {
    const doc = this.doc;
    const element = el(doc, 'div', 'cv-row');
    element.dataset.id = String(ent.id);
    const swatch = el(doc, 'span', 'cv-swatch');
    swatch.style.background = this.colorOf(ent);
    const name = el(doc, 'span', 'cv-name', entityLabel(this.replay, ent));
    const cells: [HTMLElement, HTMLElement] = [el(doc, 'div'), el(doc, 'div')];
    element.append(swatch, name, cells[0], cells[1]);
    element.addEventListener('click', () => this.onPick(ent.id));
    return { element, name, cells };
  }

  private fillCell(target: HTMLElement, cell: Cell, barClass: string): void {
    if (cell.fraction === null) {
      if (target.className !== 'cv-muted cv-name') target.className = 'cv-muted cv-name';
      if (target.textContent !== cell.text) target.textContent = cell.text;
      return;
    }
    if (target.firstChild === null) {
      target.className = `cv-bar ${barClass}`;
      target.append(this.doc.createElement('div'), this.doc.createElement('span'));
    }
    const fill = target.firstChild as HTMLDivElement;
    const width = `${Math.max(0, Math.min(1, cell.fraction)) * 100}%`;
    if (fill.style.width !== width) fill.style.width = width;
    const label = target.lastChild as HTMLSpanElement;
    if (label.textContent !== cell.text) label.textContent = cell.text;
  }

  private groupHeader(side: number, population: number): HTMLDivElement {
    let g = this.groups.get(side);
    if (g === undefined) {
      g = el(this.doc, 'div', 'cv-group');
      const swatch = el(this.doc, 'span', 'cv-swatch');
      swatch.style.background = entrantColor(this.replay, side);
      g.append(swatch, el(this.doc, 'span', 'cv-name', this.replay.header.entrants[side]?.name ?? `side ${side + 1}`), el(this.doc, 'span', 'cv-muted'));
      this.groups.set(side, g);
    }
    const info = g.lastChild as HTMLSpanElement;
    const text = `${population} robot${population === 1 ? '' : 's'}`;
    if (info.textContent !== text) info.textContent = text;
    return g;
  }

  update(state: WorldState, selected: number): void {
    const replay = this.replay;
    const shown: Entity[] = [];
    for (const ent of state.entities.values()) {
      const kind = kindName(replay, ent);
      if (kind === 'robot' || kind === 'robbie' || kind === 'object') shown.push(ent);
    }
    const grobots = replay.header.game === 'grobots';
    if (grobots) shown.sort((a, b) => fieldValue(replay, a, 'side') - fieldValue(replay, b, 'side') || a.id - b.id);
    const order = shown.map((e) => e.id).join(',');
    if (order !== this.order) {
      this.order = order;
      const keep = new Set(shown.map((e) => e.id));
      for (const id of [...this.rows.keys()]) if (!keep.has(id)) this.rows.delete(id);
      const children: HTMLElement[] = [];
      const population = new Map<number, number>();
      if (grobots) for (const e of shown) population.set(fieldValue(replay, e, 'side'), (population.get(fieldValue(replay, e, 'side')) ?? 0) + 1);
      let lastSide = -1;
      for (const ent of shown) {
        if (grobots) {
          const side = fieldValue(replay, ent, 'side');
          if (side !== lastSide) children.push(this.groupHeader(side, population.get(side) ?? 0));
          lastSide = side;
        }
        let row = this.rows.get(ent.id);
        if (row === undefined) {
          row = this.makeRow(ent);
          this.rows.set(ent.id, row);
        }
        children.push(row.element);
      }
      this.body.replaceChildren(...children);
      if (shown.length === 0) this.body.appendChild(el(this.doc, 'div', 'cv-row cv-muted', 'nothing at this moment'));
    }
    for (const ent of shown) {
      const row = this.rows.get(ent.id)!;
      const [a, b] = this.cellsOf(ent);
      this.fillCell(row.cells[0], a, 'cv-energy');
      this.fillCell(row.cells[1], b, 'cv-damage');
      const dead = replay.header.game === 'robowar' && fieldValue(replay, ent, 'alive') === 0;
      row.element.classList.toggle('cv-gone', dead);
      if (grobots) {
        const label = entityLabel(replay, ent);
        if (row.name.textContent !== label) row.name.textContent = label;
      }
    }
    if (selected !== this.selected) {
      this.rows.get(this.selected)?.element.classList.remove('cv-selected');
      this.selected = selected;
    }
    this.rows.get(selected)?.element.classList.add('cv-selected');
  }
}
