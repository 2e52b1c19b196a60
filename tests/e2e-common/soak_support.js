// What the soak tests of `chronon lsp` (tests/lsp-e2e/soak.js) and `chronon dap`
// (tests/dap-e2e/soak.js) share: the command line, the seeded random numbers, the deadline, the
// failure count and the resident size they check. Node built-ins only, so that it needs neither
// folder's npm packages.
'use strict';

const fs = require('node:fs');

/**
 * The soak test's command line: `process.argv` after the script, the binary first. Exits with 2 and
 * prints `usage` when the binary is missing. Returns { binary, option }, where option(name,
 * fallback) is the text after `name` on the command line, or `fallback` when it is absent.
 */
function commandLine(usage) {
  const args = process.argv.slice(2);
  const binary = args[0];
  if (!binary) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
  };
  return { binary, option };
}

/**
 * Seeded random numbers (xorshift32): the same seed gives the same sequence, so a failing soak run
 * can be replayed. `seed` is any number; 0 counts as 1. Returns { random, below, pick }: random()
 * in [0, 1), below(n) an integer in [0, n), pick(list) one of its items.
 */
function seededRandom(seed) {
  let state = Number(seed) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const below = (n) => Math.floor(random() * n);
  const pick = (list) => list[below(list.length)];
  return { random, below, pick };
}

/** Ends the process with exit 2 ("timeout") after `seconds`. Returns the timer, for clearTimeout. */
function deadline(seconds) {
  return setTimeout(() => {
    console.error('timeout');
    process.exit(2);
  }, seconds * 1000);
}

/**
 * Counts failures: fail(what, detail) prints one JSON line { failure, detail } and counts it;
 * count() is how many so far.
 */
function failureLog() {
  let failures = 0;
  return {
    fail(what, detail) {
      failures++;
      console.log(JSON.stringify({ failure: what, detail }));
    },
    count: () => failures,
  };
}

/** Resident size of process `pid` in kB (VmRSS of /proc/PID/status), or -1 when it is not there. */
function residentKb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : -1;
}

/**
 * Set by bench/asan.sh: the memory check does not apply there, since AddressSanitizer keeps freed
 * blocks in a quarantine of up to 256 MB and the resident size grows whatever the program does.
 */
const sanitized = Boolean(process.env.CHRONON_SANITIZED);

module.exports = { commandLine, seededRandom, deadline, failureLog, residentKb, sanitized };
