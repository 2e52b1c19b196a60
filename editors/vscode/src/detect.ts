// Recognises RoboTalk in `.txt` files, as most of the RoboWar archive saved its robots. A first-line
// pattern cannot do it (real robots begin with `{`, `#`, a label or prose in braces), so the whole
// text is read: once comments are gone, nearly every token of a robot is a RoboTalk word, a register,
// a number or a label, and it stores, jumps or branches somewhere. Prose, data and object-code
// listings fail one of those tests. The pure function here has no VS Code dependency, so the unit
// tests run it on the corpus under plain Node.

import { kRoboTalkControlWords, kRoboTalkOperators, kRoboTalkRegisters } from './generated/robotalkWords';

const operators = new Set(kRoboTalkOperators.map((w) => w.toUpperCase()));
const control = new Set(kRoboTalkControlWords.map((w) => w.toUpperCase()));
const registers = new Set(kRoboTalkRegisters.map((w) => w.toUpperCase()));

/** How much of a text is looked at; a robot's character shows long before this. */
export const kDetectLimit = 256 * 1024;

/** What the detector counted, for tests and for the log. */
export interface RoboTalkEvidence {
  tokens: number;
  recognised: number;
  words: number;
  actions: number;
  directives: number;
}

/** Removes `{ … }` comments (nested, as RoboWar allows) and `#` line comments; keeps `#!!` lines out. */
function stripComments(text: string): { code: string; directives: number } {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    else if (ch === '}' && depth > 0) depth--;
    else if (depth === 0) out += ch;
    else if (ch === '\n' || ch === '\r') out += ch;
  }
  let directives = 0;
  const lines = out.split(/\r\n|\r|\n/).map((line) => {
    if (/^\s*#!!\s*(hardware|team)\b/i.test(line)) directives++;
    const hash = line.search(/(^|\s)#/);
    return hash < 0 ? line : line.slice(0, hash);
  });
  return { code: lines.join('\n'), directives };
}

/** Counts the evidence that a text is a RoboTalk robot (see the file comment). */
export function roboTalkEvidence(text: string): RoboTalkEvidence {
  const { code, directives } = stripComments(text.slice(0, kDetectLimit));
  const tokens = code.split(/\s+/).filter((t) => t.length > 0);
  const labels = new Set<string>();
  for (const t of tokens) if (/^[^\s{}#:]+:$/.test(t)) labels.add(t.slice(0, -1).toUpperCase());
  let recognised = 0;
  let words = 0;
  let actions = 0;
  for (const t of tokens) {
    const upper = t.toUpperCase();
    const bare = upper.replace(/['\u2019]$/, '');
    const quoted = bare !== upper;
    if (/^[-+]?\d+$/.test(t) || (t.endsWith(':') && labels.has(upper.slice(0, -1)))) {
      recognised++;
    } else if (operators.has(upper) || control.has(upper) || registers.has(bare)) {
      recognised++;
      words++;
      if (control.has(upper) || (quoted && registers.has(bare)) || upper === 'STORE' || upper === 'STO') actions++;
    } else if (labels.has(bare)) {
      recognised++;
    }
  }
  return { tokens: tokens.length, recognised, words, actions, directives };
}

/**
 * Whether a `.txt` file's text is a RoboTalk robot: a `#!!hardware` or `#!!team` directive, or at
 * least two RoboTalk words, at least one store, jump, call or branch, and four tokens in five
 * recognised as words, registers, numbers or labels.
 */
export function looksLikeRoboTalk(text: string): boolean {
  const e = roboTalkEvidence(text);
  if (e.directives > 0) return true;
  return e.words >= 2 && e.actions >= 1 && e.recognised >= 0.8 * e.tokens;
}
