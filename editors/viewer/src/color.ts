// Colour arithmetic for legibility: WCAG 2 relative luminance and contrast, and the lift that makes a
// side's colour stand out from the dark floor. Side files choose their own colours and some are near
// black (Segregated Eaters 3 is #111111), so every colour the viewer draws a side in passes through
// `legible` first: the arena, the charts and the swatches then agree on one colour per side.

/** The floor the arena is drawn on; also what the charts' background is measured against. */
export const kFloor = '#131a22';

/** The contrast a side's colour is lifted to: WCAG 2's 3:1 for graphical objects (success criterion
 * 1.4.11) with a margin, so that a robot stays clear of the line on a dim or badly set screen. */
export const kMinContrast = 3.5;

export function parseHex(hex: string): [number, number, number] | null {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return null;
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return '#' + rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('');
}

/** WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white). */
export function luminance(rgb: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** WCAG 2 contrast ratio of two colours (1 .. 21). */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour itself when it already stands out from `background` by `min`, else the colour mixed
 * with white just enough to do so: the hue of a dark side survives (ISI's #220099 stays a blue) while
 * its luminance rises. Anything that is not #rrggbb comes back unchanged.
 */
export function legible(hex: string, background = kFloor, min = kMinContrast): string {
  const rgb = parseHex(hex);
  const bg = parseHex(background);
  if (rgb === null || bg === null) return hex;
  if (contrast(rgb, bg) >= min) return hex.toLowerCase();
  const mix = (k: number): [number, number, number] => [rgb[0] + (255 - rgb[0]) * k, rgb[1] + (255 - rgb[1]) * k, rgb[2] + (255 - rgb[2]) * k];
  // Contrast grows with the share of white, so bisection finds the smallest share that is enough.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const k = (lo + hi) / 2;
    if (contrast(mix(k), bg) >= min) hi = k;
    else lo = k;
  }
  // Rounding to 8 bits may lose a little: step up until the rounded colour passes.
  for (let k = hi; k <= 1; k += 0.005) {
    const out = toHex(mix(k));
    if (contrast(parseHex(out)!, bg) >= min) return out;
  }
  return '#ffffff';
}

/** 64-bit-free FNV-1a over UTF-16 code units: a stable small hash of a name. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Palette slots for a list of names: each name's slot comes from its hash, so a robot keeps its colour
 * from one match to the next whatever its entry order; a slot already taken in this list moves on to
 * the next free one (two robots of one match never share a colour while slots remain).
 */
export function slotsByName(names: string[], size: number): number[] {
  const taken = new Set<number>();
  return names.map((name) => {
    let slot = hashName(name) % size;
    for (let i = 0; i < size && taken.has(slot); i++) slot = (slot + 1) % size;
    taken.add(slot);
    return slot;
  });
}
