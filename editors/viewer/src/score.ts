// The score: a live scoreboard per side (Grobots) or robot (RoboWar) at the top of the side panel,
// and the end card the stage shows at the last moment, read from the replay's end line. Only what
// the replay records is shown: Grobots biomass comes from the `stat` samples (every 10 frames),
// kills from the `kill` events (which name the killing side in their text, not a robot); RoboWar
// kills from the `death` events' killer, points only from the end line (the battle scores them
// when it is over). A value the replay does not hold is shown as "–", never guessed.

import { lastAtOrBefore } from './decode';
import type { Replay, SeriesSet } from './decode';
import { el } from './dom';
import type { WorldState } from './model';
import { entrantColor, fieldIndex, formatNumber } from './model';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(o: Json, key: string): number | null {
  const v = o[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function bool(o: Json, key: string): boolean | null {
  const v = o[key];
  return typeof v === 'boolean' ? v : null;
}

function str(o: Json, key: string): string | null {
  const v = o[key];
  return typeof v === 'string' ? v : null;
}

/** The end line's per-entrant list (`robots` or `sides`), objects only; [] when missing or malformed. */
function endList(replay: Replay, key: string): Json[] {
  const list = replay.end?.[key];
  return Array.isArray(list) ? list.map((e) => (isObject(e) ? e : {})) : [];
}

function dash(v: number | null, digits = 0): string {
  if (v === null) return '–';
  return digits > 0 ? v.toFixed(digits) : formatNumber(Math.round(v));
}

/** A biomass for a narrow column: 67762 as "67.8k"; the end card shows the whole number. */
function compact(v: number | null): string {
  if (v === null) return '–';
  return Math.abs(v) >= 10000 ? `${(v / 1000).toFixed(1)}k` : formatNumber(Math.round(v));
}

/** The index of the last sample of `set` at or before time t, or -1. */
function sampleAt(set: SeriesSet, t: number): number {
  return lastAtOrBefore(set.x, t);
}

function entrantName(replay: Replay, i: number): string {
  return replay.header.entrants[i]?.name ?? `entrant ${i + 1}`;
}

interface Column {
  title: string;
  /** What the column counts, for the header's tooltip. */
  help: string;
}

const kGrobotsColumns: Column[] = [
  { title: 'pop', help: 'robots alive now' },
  { title: 'biomass', help: 'biomass at the last statistics sample (every 10 frames)' },
  { title: 'share', help: "the side's share of all biomass" },
  { title: 'kills', help: "robots of other sides killed so far (from the replay's kill events)" },
];

const kRobowarColumns: Column[] = [
  { title: 'energy', help: 'energy now' },
  { title: 'damage', help: 'damage points left now' },
  { title: 'kills', help: "robots killed so far (from the replay's death events)" },
  { title: 'points', help: "points, scored when the battle is over (the replay's end line)" },
];

export class Scoreboard {
  readonly element: HTMLDivElement;
  private readonly cells: HTMLElement[][] = [];
  private readonly rows: HTMLElement[] = [];
  /** Kill events already attributed: [moment, killer entrant] in moment order. */
  private readonly kills: [number, number][] = [];
  private eventsRead = 0;

  constructor(
    doc: Document,
    private readonly replay: Replay,
  ) {
    this.element = el(doc, 'div', 'cv-score');
    const game = replay.header.game;
    if (game === 'robbie') {
      this.element.hidden = true;
      return;
    }
    this.element.appendChild(el(doc, 'div', 'cv-heading', 'Score'));
    const table = el(doc, 'table', 'cv-score-table');
    const head = el(doc, 'tr');
    head.appendChild(el(doc, 'th', 'cv-score-name', game === 'grobots' ? 'side' : 'robot'));
    for (const c of game === 'grobots' ? kGrobotsColumns : kRobowarColumns) {
      const th = el(doc, 'th', '', c.title);
      th.title = c.help;
      head.appendChild(th);
    }
    table.appendChild(head);
    replay.header.entrants.forEach((_, i) => {
      const tr = el(doc, 'tr');
      tr.dataset.entrant = String(i);
      const name = el(doc, 'td', 'cv-score-name');
      name.title = entrantName(replay, i);
      const swatch = el(doc, 'span', 'cv-swatch');
      swatch.style.background = entrantColor(replay, i);
      name.append(swatch, el(doc, 'span', 'cv-name', entrantName(replay, i)));
      tr.appendChild(name);
      const cells = [0, 1, 2, 3].map(() => el(doc, 'td'));
      tr.append(...cells);
      table.appendChild(tr);
      this.cells.push(cells);
      this.rows.push(tr);
    });
    this.element.appendChild(table);
  }

  /** Attributes the kill events read since the last call (the list grows while loading). */
  private readKills(): void {
    const replay = this.replay;
    const events = replay.events;
    const names = replay.header.entrants.map((e) => e.name);
    for (; this.eventsRead < events.length; this.eventsRead++) {
      const e = events[this.eventsRead];
      if (replay.header.game === 'grobots') {
        // "X's Gatherer #11 is killed by SIDE": the killing side is known by name only.
        if (e.kind !== 'kill') continue;
        const at = e.text.lastIndexOf(' is killed by ');
        if (at < 0) continue;
        const killer = names.indexOf(e.text.slice(at + ' is killed by '.length));
        if (killer >= 0) this.kills.push([e.moment, killer]);
      } else if (e.kind === 'death' && e.other > 0) {
        this.kills.push([e.moment, -e.other]);
      }
    }
  }

  private killsUpTo(moment: number, state: WorldState): number[] {
    const replay = this.replay;
    const out = new Array<number>(replay.header.entrants.length).fill(0);
    const robotKind = replay.kindIndex('robot');
    const sideField = robotKind < 0 ? -1 : fieldIndex(replay, robotKind, 'side');
    for (const [m, who] of this.kills) {
      if (m > moment) break;
      let side = who;
      if (who < 0) {
        // RoboWar: the killer is a robot entity (robots stay after death), its entrant is its side.
        const killer = state.entities.get(-who);
        if (killer === undefined || sideField < 0) continue;
        side = killer.v[sideField] / replay.header.kinds[robotKind].scale[sideField];
      }
      if (side >= 0 && side < out.length) out[side]++;
    }
    return out;
  }

  update(state: WorldState): void {
    const replay = this.replay;
    const game = replay.header.game;
    if (game === 'robbie') return;
    this.readKills();
    const moment = state.moment;
    const kills = this.killsUpTo(moment, state);
    const n = replay.header.entrants.length;
    const values: string[][] = [];
    const robotKind = replay.kindIndex('robot');
    const field = (name: string) => (robotKind < 0 ? -1 : fieldIndex(replay, robotKind, name));
    const scale = robotKind < 0 ? [] : replay.header.kinds[robotKind].scale;
    const atEnd = replay.end !== null && moment === replay.momentCount - 1;
    if (game === 'grobots') {
      const population = new Array<number>(n).fill(0);
      const fSide = field('side');
      for (const ent of state.entities.values()) {
        if (ent.kind !== robotKind || fSide < 0) continue;
        const side = ent.v[fSide] / scale[fSide];
        if (side >= 0 && side < n) population[side]++;
      }
      const biomassSet = replay.charts[0];
      const sample = biomassSet === undefined ? -1 : sampleAt(biomassSet, replay.times[moment] ?? 0);
      const biomass = biomassSet?.lines.map((l) => (sample < 0 ? null : l.values[sample] ?? null)) ?? [];
      const total = biomass.reduce<number>((a, b) => a + (b ?? 0), 0);
      for (let i = 0; i < n; i++) {
        const b = biomass[i] ?? null;
        values.push([String(population[i]), compact(b), b === null || total <= 0 ? '–' : `${((100 * b) / total).toFixed(1)}%`, String(kills[i])]);
      }
    } else {
      const energy = new Array<number | null>(n).fill(null);
      const damage = new Array<number | null>(n).fill(null);
      const [fSide, fEnergy, fDamage] = [field('side'), field('energy'), field('damage')];
      for (const ent of state.entities.values()) {
        if (ent.kind !== robotKind || fSide < 0) continue;
        const side = ent.v[fSide] / scale[fSide];
        if (!(side >= 0 && side < n)) continue;
        if (fEnergy >= 0) energy[side] = ent.v[fEnergy] / scale[fEnergy];
        if (fDamage >= 0) damage[side] = ent.v[fDamage] / scale[fDamage];
      }
      const robots = endList(replay, 'robots');
      for (let i = 0; i < n; i++) {
        // At the last moment the end line's own counts replace the live ones (it applies the kill rules).
        const end = atEnd ? robots[i] : undefined;
        const k = end !== undefined ? num(end, 'kills') ?? kills[i] : kills[i];
        values.push([dash(energy[i]), dash(damage[i]), String(k), dash(end !== undefined ? num(end, 'points') : null)]);
      }
    }
    values.forEach((row, i) => {
      row.forEach((text, c) => {
        const cell = this.cells[i]?.[c];
        if (cell !== undefined && cell.textContent !== text) cell.textContent = text;
      });
    });
  }
}

export interface Ending {
  /** The headline: who won, or that nobody did. */
  title: string;
  /** Why the battle ended. */
  reason: string;
  /** The winning entrant, or -1 (a draw, no survivor, Robbie). */
  winner: number;
  /** A table of the result per entrant: column titles, then rows. */
  columns: string[];
  rows: { entrant: number; cells: string[] }[];
}

function robowarCause(replay: Replay, r: Json): string {
  const chronon = num(r, 'deathChronon');
  const at = chronon !== null && chronon >= 0 ? ` at chronon ${chronon}` : '';
  const killer = num(r, 'killer');
  const by = killer !== null && killer >= 0 ? ` by ${entrantName(replay, killer)}` : '';
  switch (str(r, 'cause')) {
    case 'alive':
      return 'alive';
    case 'damage':
      return `destroyed${at}${by}`;
    case 'overload':
      return `overloaded${at}`;
    case 'buggy': {
      const error = str(r, 'error');
      return `stopped by an error${at}${error !== null ? `: ${error}` : ''}`;
    }
    default:
      return bool(r, 'alive') === true ? 'alive' : `dead${at}`;
  }
}

/** The result the end line records, in words; null when the replay has no end line. */
export function ending(replay: Replay): Ending | null {
  const end = replay.end;
  if (end === null) return null;
  const n = replay.header.entrants.length;
  switch (replay.header.game) {
    case 'robowar': {
      const robots = endList(replay, 'robots');
      const points = robots.map((r) => num(r, 'points') ?? 0);
      const best = Math.max(...points, 0);
      const leaders = points.map((p, i) => (p === best ? i : -1)).filter((i) => i >= 0);
      const winner = robots.length > 0 && leaders.length === 1 ? leaders[0] : -1;
      const alive = robots.filter((r) => bool(r, 'alive') === true).length;
      const chronons = num(end, 'chronons') ?? num(end, 't');
      const timedOut = bool(end, 'timedOut') === true;
      const losers = robots.map((r, i) => ({ r, i })).filter(({ r }) => bool(r, 'alive') === false);
      let reason: string;
      if (timedOut) reason = `Time ran out after ${chronons ?? '?'} chronons with ${alive} robot${alive === 1 ? '' : 's'} alive.`;
      else if (alive <= 1 && losers.length > 0) {
        const last = losers.reduce((a, b) => ((num(b.r, 'deathChronon') ?? 0) > (num(a.r, 'deathChronon') ?? 0) ? b : a));
        reason = `${alive === 1 ? 'Last robot standing' : 'No robot left'}: ${entrantName(replay, last.i)} ${robowarCause(replay, last.r)}.`;
      } else reason = `The battle ended after ${chronons ?? '?'} chronons.`;
      return {
        title: winner >= 0 ? `${entrantName(replay, winner)} wins` : robots.length > 0 ? 'Draw' : 'The battle is over',
        reason,
        winner,
        columns: ['robot', 'points', 'kills', 'survival', 'fate'],
        rows: robots.map((r, i) => ({
          entrant: i,
          cells: [entrantName(replay, i), dash(num(r, 'points')), dash(num(r, 'kills')), dash(num(r, 'survivalPoints')), robowarCause(replay, r)],
        })),
      };
    }
    case 'grobots': {
      const sides = endList(replay, 'sides');
      const frames = num(end, 'frames') ?? num(end, 't') ?? 0;
      const limit = isObject(replay.header.options) ? num(replay.header.options, 'frameLimit') : null;
      const alive = sides.map((s, i) => ({ s, i })).filter(({ s }) => bool(s, 'alive') === true);
      // The round scores each side by its share of the biomass; the largest living share wins.
      let winner = -1;
      let best = -1;
      for (const { s, i } of alive) {
        const f = num(s, 'fraction') ?? 0;
        if (f > best) {
          best = f;
          winner = i;
        } else if (f === best) winner = -1;
      }
      let reason: string;
      if (alive.length === 0) reason = `Every side died out by frame ${frames}.`;
      else if (limit !== null && limit > 0 && frames >= limit) reason = `The frame limit (${limit}) was reached with ${alive.length} side${alive.length === 1 ? '' : 's'} alive.`;
      else if (alive.length === 1) reason = `The other side${n === 2 ? '' : 's'} died out: the round ended at frame ${frames}.`;
      else reason = `The round ended at frame ${frames}.`;
      return {
        title: winner >= 0 ? `${entrantName(replay, winner)} wins` : alive.length === 0 ? 'No side survived' : 'Draw',
        reason,
        winner,
        columns: ['side', 'share', 'biomass', 'status'],
        rows: sides.map((s, i) => {
          const f = num(s, 'fraction');
          const status = bool(s, 'seeded') === false ? 'not seeded' : bool(s, 'alive') === true ? 'alive' : 'extinct';
          return { entrant: i, cells: [entrantName(replay, i), f === null ? '–' : `${(100 * f).toFixed(1)}%`, dash(num(s, 'biomass')), status] };
        }),
      };
    }
    case 'robbie': {
      const ended = str(end, 'ended') ?? 'over';
      return {
        title: `${entrantName(replay, 0)}: ${ended}`,
        reason: ended === 'stop' ? 'The program reached stop.' : ended === 'error' ? 'The program stopped with an error.' : `The run ended (${ended}).`,
        winner: -1,
        columns: [],
        rows: [],
      };
    }
  }
}

/** The end card over the stage: shown at the last moment, until closed; opened again on return. */
export class EndCard {
  readonly element: HTMLDivElement;
  private shownFor = -1;
  private closed = false;
  private built = false;

  constructor(
    private readonly doc: Document,
    private readonly replay: Replay,
  ) {
    this.element = el(doc, 'div', 'cv-endcard');
    this.element.hidden = true;
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-label', 'result');
  }

  private build(result: Ending): void {
    const doc = this.doc;
    const close = el(doc, 'button', 'cv-endcard-close', '×');
    close.title = 'close (the result stays in the score)';
    close.addEventListener('click', () => {
      this.closed = true;
      this.element.hidden = true;
    });
    const title = el(doc, 'h2', 'cv-endcard-title');
    if (result.winner >= 0) {
      const swatch = el(doc, 'span', 'cv-swatch');
      swatch.style.background = entrantColor(this.replay, result.winner);
      title.appendChild(swatch);
    }
    title.appendChild(el(doc, 'span', 'cv-endcard-winner', result.title));
    this.element.append(close, title, el(doc, 'div', 'cv-endcard-reason', result.reason));
    if (result.columns.length > 0) {
      const table = el(doc, 'table', 'cv-score-table');
      const head = el(doc, 'tr');
      for (const c of result.columns) head.appendChild(el(doc, 'th', '', c));
      table.appendChild(head);
      for (const row of result.rows) {
        const tr = el(doc, 'tr');
        if (row.entrant === result.winner) tr.className = 'cv-endcard-best';
        row.cells.forEach((text, c) => {
          const td = el(doc, 'td', c === 0 ? 'cv-score-name' : '');
          if (c === 0) {
            td.title = text;
            const swatch = el(doc, 'span', 'cv-swatch');
            swatch.style.background = entrantColor(this.replay, row.entrant);
            td.append(swatch, el(doc, 'span', 'cv-name', text));
          } else td.textContent = text;
          tr.appendChild(td);
        });
        table.appendChild(tr);
      }
      this.element.appendChild(table);
    }
  }

  /** Shows the card at the last moment of a replay with an end line, hides it elsewhere. */
  update(moment: number): void {
    const replay = this.replay;
    const atEnd = replay.end !== null && replay.status !== 'loading' && moment === replay.momentCount - 1;
    if (!atEnd) {
      // Leaving the end forgets a close: the next arrival shows the card again.
      if (this.shownFor >= 0) this.closed = false;
      this.shownFor = -1;
      this.element.hidden = true;
      return;
    }
    if (!this.built) {
      const result = ending(replay);
      if (result === null) return;
      this.build(result);
      this.built = true;
    }
    this.shownFor = moment;
    this.element.hidden = this.closed;
  }
}
