// The transport bar (first, step back, play/pause, step forward, last, speed, clock, timeline, help)
// and the layer toggles of the top bar.

import type { Game } from './decode';
import { el } from './dom';
import type { Layers } from './draw';

export const kSpeeds = [0.25, 0.5, 1, 2, 4, 8, 16];

export interface TransportActions {
  first(): void;
  step(delta: number): void;
  togglePlay(): void;
  last(): void;
  setSpeed(speed: number): void;
}

const kShortcuts: [string, string][] = [
  ['Space', 'play / pause'],
  ['← / →', 'step one moment'],
  ['Shift + ← / →', 'step ten moments'],
  ['Home / End', 'first / last moment'],
  ['+ / −', 'faster / slower'],
  ['Click', 'select a robot'],
];

const kIcons = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  back: 'M11 3v10L4 8z',
  play: 'M4 2v12l10-6z',
  pause: 'M4 2h3v12H4zM9 2h3v12H9z',
  forward: 'M5 3v10l7-5z',
  last: 'M11 3h2v10h-2zM3 3v10l7-5z',
};

/** A 16x16 icon drawn with an SVG path (fonts may lack the media-control characters). */
function icon(doc: Document, path: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = doc.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  const p = doc.createElementNS(ns, 'path');
  p.setAttribute('d', path);
  svg.appendChild(p);
  return svg;
}

export class Transport {
  readonly element: HTMLDivElement;
  private readonly playButton: HTMLButtonElement;
  private readonly speedSelect: HTMLSelectElement;
  private readonly clock: HTMLSpanElement;

  constructor(doc: Document, timeline: HTMLElement, actions: TransportActions) {
    this.element = el(doc, 'div', 'cv-transport');
    const button = (path: string, title: string, action: () => void, className: string) => {
      const b = el(doc, 'button', className);
      b.appendChild(icon(doc, path));
      b.type = 'button';
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', action);
      this.element.appendChild(b);
      return b;
    };
    button(kIcons.first, 'first moment (Home)', () => actions.first(), 'cv-first');
    button(kIcons.back, 'step back (←)', () => actions.step(-1), 'cv-back');
    this.playButton = button(kIcons.play, 'play / pause (Space)', () => actions.togglePlay(), 'cv-play');
    this.setPlaying(false);
    button(kIcons.forward, 'step forward (→)', () => actions.step(1), 'cv-forward');
    button(kIcons.last, 'last moment (End)', () => actions.last(), 'cv-last');
    this.speedSelect = el(doc, 'select', 'cv-speed');
    this.speedSelect.title = 'speed (+ / −)';
    for (const s of kSpeeds) {
      const option = el(doc, 'option', '', `${s}×`);
      option.value = String(s);
      this.speedSelect.appendChild(option);
    }
    this.speedSelect.value = '1';
    this.speedSelect.addEventListener('change', () => actions.setSpeed(Number(this.speedSelect.value)));
    this.element.appendChild(this.speedSelect);
    this.element.appendChild(timeline);
    this.clock = el(doc, 'span', 'cv-clock');
    this.element.appendChild(this.clock);
    this.element.appendChild(this.makeHelp(doc));
  }

  private makeHelp(doc: Document): HTMLElement {
    const help = el(doc, 'div', 'cv-help');
    const b = el(doc, 'button', 'cv-help-button', '?');
    b.type = 'button';
    b.title = 'keyboard shortcuts';
    const box = el(doc, 'div', 'cv-help-box');
    box.setAttribute('role', 'tooltip');
    const table = el(doc, 'table');
    for (const [key, what] of kShortcuts) {
      const row = el(doc, 'tr');
      const k = el(doc, 'td');
      k.appendChild(el(doc, 'kbd', '', key));
      row.appendChild(k);
      row.appendChild(el(doc, 'td', '', what));
      table.appendChild(row);
    }
    box.appendChild(table);
    b.addEventListener('click', () => box.classList.toggle('cv-open'));
    help.appendChild(b);
    help.appendChild(box);
    return help;
  }

  setPlaying(playing: boolean): void {
    const doc = this.playButton.ownerDocument;
    this.playButton.replaceChildren(icon(doc, playing ? kIcons.pause : kIcons.play), doc.createTextNode(playing ? ' Pause' : ' Play'));
    this.playButton.dataset.playing = String(playing);
  }

  setSpeed(speed: number): void {
    this.speedSelect.value = String(speed);
  }

  setClock(text: string): void {
    if (this.clock.textContent !== text) this.clock.textContent = text;
  }
}

/** Checkboxes for the optional layers that make sense for a game. */
export function makeLayerToggles(doc: Document, game: Game, layers: Layers, onChange: () => void): HTMLElement {
  const box = el(doc, 'div', 'cv-layers');
  const toggle = (key: keyof Layers, label: string) => {
    const l = el(doc, 'label');
    const input = el(doc, 'input');
    input.type = 'checkbox';
    input.checked = layers[key];
    input.dataset.layer = key;
    input.addEventListener('change', () => {
      layers[key] = input.checked;
      onChange();
    });
    l.appendChild(input);
    l.appendChild(doc.createTextNode(label));
    box.appendChild(l);
  };
  switch (game) {
    case 'robowar':
      toggle('shots', 'Shots');
      toggle('labels', 'Names');
      break;
    case 'grobots':
      toggle('shots', 'Shots');
      toggle('food', 'Food');
      toggle('sensors', 'Sensors');
      toggle('labels', 'Labels');
      break;
    case 'robbie':
      toggle('labels', 'Names');
      break;
  }
  return box;
}
