// The battle viewer in headless Chromium, on pages the real chronon writes: a RoboWar duel, a full
// Grobots round and a Robbie run. Each replay is also read here, independently of the viewer (zlib +
// JSON), and what the page draws and shows is checked against it: robot pixels at the recorded
// positions, the inspector's data stack and source line, the charts, the frame rate at 16x, the
// load time, and the messages for broken files; legibility and the score at 1600x1000 and 390x844
// (the contrast of a dark side's robot with the floor, the minimum radius, the scoreboard, the end
// card's winner against the end line). Screenshots go to the artifacts folder.
// usage: node viewer.test.js CHRONON ARTIFACTS_DIR REPO   (run.sh checks the prerequisites)
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');

const [chronon, artifacts, repo] = process.argv.slice(2).map((p) => path.resolve(p));
const { chromium } = require(path.join(repo, 'tests', 'vscode-e2e', 'node_modules', 'playwright-core'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chronon-viewer-e2e-'));
fs.mkdirSync(artifacts, { recursive: true });

const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${m}`);
let failures = 0;
let checks = 0;
function check(ok, what) {
  checks++;
  if (ok) {
    console.log(`  ok   ${what}`);
  } else {
    failures++;
    console.log(`  FAIL ${what}`);
  }
}

function run(args) {
  return execFileSync(chronon, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 }).toString();
}

// The replay as the format document describes it, read without any of the viewer's code.
function readReplay(file) {
  let bytes = fs.readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  const lines = bytes.toString('utf8').split('\n').filter((l) => l !== '');
  const header = JSON.parse(lines[0]);
  const moments = [];
  let end = null;
  for (const line of lines.slice(1)) {
    const rec = JSON.parse(line);
    if (rec.end) end = rec.end;
    else moments.push(rec);
  }
  return { header, moments, end, bytes: fs.readFileSync(file) };
}

/** Entity states and merged brains at the moments whose t is in `wanted`: Map t -> {entities, brains}. */
function statesAt(replay, wanted) {
  const entities = new Map();
  const brains = new Map();
  const out = new Map();
  for (const m of replay.moments) {
    for (const [id, kind, ...values] of m.new || []) entities.set(id, { id, kind, values });
    for (const [id, ...pairs] of m.upd || []) {
      const e = entities.get(id);
      for (let i = 0; i < pairs.length; i += 2) e.values[pairs[i]] = pairs[i + 1];
    }
    for (const id of m.del || []) entities.delete(id);
    for (const [id, delta] of m.brain || []) {
      const old = brains.get(id) || {};
      const merged = { ...old, ...delta };
      if (delta.vars && old.vars) merged.vars = { ...old.vars, ...delta.vars };
      brains.set(id, merged);
    }
    if (wanted.has(m.t)) {
      const copy = new Map();
      for (const [id, e] of entities) copy.set(id, { id, kind: e.kind, values: [...e.values] });
      out.set(m.t, { entities: copy, brains: new Map(brains) });
    }
  }
  return out;
}

function field(replay, ent, name) {
  const kind = replay.header.kinds[ent.kind];
  const f = kind.fields.indexOf(name);
  return f < 0 ? 0 : ent.values[f] / kind.scale[f];
}

function kindOf(replay, ent) {
  return replay.header.kinds[ent.kind].name;
}

// WCAG 2 relative luminance and contrast, written here apart from the viewer's color.ts.
function luminance(rgb) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

function contrast(a, b) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function hexRgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

const kViewports = [{ width: 1600, height: 1000 }, { width: 390, height: 844 }];

/** The winner the end line records, by the game's rules; null for a draw or no survivor. */
function expectedWinner(replay) {
  const names = replay.header.entrants.map((e) => e.name);
  const end = replay.end || {};
  let scores = [];
  if (replay.header.game === 'robowar') scores = (end.robots || []).map((r) => r.points);
  if (replay.header.game === 'grobots') scores = (end.sides || []).map((s) => (s.alive ? s.fraction : -1));
  const best = Math.max(...scores);
  if (scores.length === 0 || best < 0 || scores.filter((v) => v === best).length !== 1) return null;
  return names[scores.indexOf(best)];
}

async function frames(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(120);
}

/** The scoreboard (one row per entrant) and the end card at the last moment, named as the end line says. */
async function checkScore(page, replay, label, shot) {
  const n = replay.header.entrants.length;
  const rows = await page.locator('.cv-score tr[data-entrant]').count();
  check(rows === n, `${label}: the scoreboard has a row for each of the ${n} entrants (${rows})`);
  const head = await page.textContent('.cv-score tr');
  const wanted = replay.header.game === 'grobots' ? ['pop', 'biomass', 'share', 'kills'] : ['energy', 'damage', 'kills', 'points'];
  check(wanted.every((w) => head.includes(w)), `${label}: the scoreboard's columns are ${wanted.join(', ')} ("${head}")`);
  const last = replay.moments[replay.moments.length - 1].t;
  await page.evaluate((t) => window.chrononViewerDebug.seek(t), last);
  await frames(page);
  const card = () => page.evaluate(() => {
    const c = document.querySelector('.cv-endcard');
    if (c === null || c.hidden) return null;
    const box = c.getBoundingClientRect();
    return {
      winner: c.querySelector('.cv-endcard-winner')?.textContent ?? '',
      reason: c.querySelector('.cv-endcard-reason')?.textContent ?? '',
      rows: c.querySelectorAll('tr').length - 1,
      inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
    };
  });
  const shown = await card();
  const winner = expectedWinner(replay);
  const title = winner !== null ? `${winner} wins` : replay.header.game === 'grobots' && !(replay.end.sides || []).some((s) => s.alive) ? 'No side survived' : 'Draw';
  check(shown !== null && shown.winner === title, `${label}: at t=${last} the end card says "${shown ? shown.winner : '(no card)'}" (the end line: "${title}")`);
  if (shown === null) return;
  check(shown.reason.length > 10, `${label}: the end card says why: "${shown.reason}"`);
  check(shown.rows === n, `${label}: the end card lists the ${n} entrants' result (${shown.rows} rows)`);
  check(shown.inside, `${label}: the end card fits in the window`);
  if (replay.header.game === 'robowar') {
    const points = await page.$$eval('.cv-score tr[data-entrant]', (trs) => trs.map((tr) => tr.lastChild.textContent));
    const recorded = replay.end.robots.map((r) => String(r.points));
    check(points.join(',') === recorded.join(','), `${label}: at the end the scoreboard's points are the end line's (${points.join(', ')})`);
  }
  if (shot) await page.screenshot({ path: path.join(artifacts, shot) });
  await page.click('.cv-endcard-close');
  check((await card()) === null, `${label}: × closes the end card`);
  await page.evaluate((t) => window.chrononViewerDebug.seek(t), replay.moments[0].t);
  await frames(page);
  await page.evaluate((t) => window.chrononViewerDebug.seek(t), last);
  await frames(page);
  check((await card()) !== null, `${label}: coming back to the end shows it again`);
}

/** Pixels of the canvas around robots: the floor's colour (the most common in the world), and per
 * robot the colour at 0.65 of its radius on four sides and how far from its centre it differs from
 * the floor. */
async function robotPixels(page, world, bodies) {
  return page.evaluate(({ world, bodies }) => {
    const d = window.chrononViewerDebug;
    const canvas = d.canvas;
    const dpr = canvas.width / canvas.clientWidth;
    const ctx = canvas.getContext('2d');
    const a = d.toCanvas(0, 0);
    const b = d.toCanvas(world.width, world.height);
    const x0 = Math.ceil(Math.min(a.x, b.x) * dpr);
    const y0 = Math.ceil(Math.min(a.y, b.y) * dpr);
    const w = Math.floor(Math.abs(b.x - a.x) * dpr);
    const h = Math.floor(Math.abs(b.y - a.y) * dpr);
    const all = ctx.getImageData(x0, y0, w, h).data;
    const counts = new Map();
    for (let i = 0; i < all.length; i += 4 * 7) {
      const key = (all[i] << 16) | (all[i + 1] << 8) | all[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    const mode = [...counts.entries()].sort((p, q) => q[1] - p[1])[0][0];
    const floor = [(mode >> 16) & 255, (mode >> 8) & 255, mode & 255];
    const px = (x, y) => Array.from(ctx.getImageData(Math.floor(x * dpr), Math.floor(y * dpr), 1, 1).data.slice(0, 3));
    return {
      floor,
      bodies: bodies.map((body) => {
        const c = d.toCanvas(body.x, body.y);
        const r = d.radiusOf(body.id);
        const dirs = [[1, 0], [-1, 0], [0, 1], [0, -1]];
        const samples = dirs.map(([dx, dy]) => px(c.x + dx * r * 0.65, c.y + dy * r * 0.65));
        // How far the robot reaches: out from the centre until a pixel is the floor's colour.
        const reach = dirs.map(([dx, dy]) => {
          let k = 0;
          for (; k < 60; k += 0.5) {
            const p = px(c.x + dx * k, c.y + dy * k);
            if (Math.abs(p[0] - floor[0]) + Math.abs(p[1] - floor[1]) + Math.abs(p[2] - floor[2]) < 12) break;
          }
          return k;
        });
        return { id: body.id, r, color: d.colorOf(body.id), samples, reach };
      }),
    };
  }, { world, bodies });
}

/** Counts a chart canvas's pixels near a colour (the side's line). */
async function chartPixels(page, index, color) {
  const rgb = hexRgb(color);
  return page.evaluate(({ index, rgb }) => {
    const c = document.querySelectorAll('.uplot canvas')[index];
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]) < 30) n++;
    }
    return n;
  }, { index, rgb });
}

// The four dark sides of the corpus in one round: each must stand out from the floor and in the
// charts, at both widths. Needs /work/shared (the corpus is not in the repository).
const kDarkSides = ['segregated-eaters-3.gb', 'isi-33.gb', 'faithless-1.gb', 'weird-men-d.gb'];

async function darkSides(browser, figures) {
  const corpus = process.env.CHRONON_CORPUS || '/work/shared/corpus/grobots';
  const files = kDarkSides.map((f) => path.join(corpus, f));
  if (!files.every((f) => fs.existsSync(f))) {
    console.log(`  skip the dark sides' legibility checks: ${corpus} (the shared corpus) is absent`);
    return;
  }
  log('legibility: Segregated Eaters 3, ISI, Faithless and Weird Men D (the corpus\'s darkest sides)');
  const file = path.join(work, 'dark.replay');
  run(['battle', ...files, '--replay', file]);
  run(['view', file, '-o', path.join(work, 'dark.html')]);
  fs.writeFileSync(path.join(work, 'dark.html'), pageFrom(fs.readFileSync(path.join(work, 'dark.html'), 'utf8'), file));
  const replay = readReplay(file);
  const entrants = replay.header.entrants;
  const floorHex = '#131a22';
  for (const e of entrants) {
    check(contrast(hexRgb(e.color), hexRgb(floorHex)) < 3, `dark: ${e.name}'s own colour ${e.color} is below 3:1 on the floor (${contrast(hexRgb(e.color), hexRgb(floorHex)).toFixed(2)}:1), so the checks mean something`);
  }
  // Candidate moments, early in the round while every side lives; at each width the first at which
  // every side has a robot standing clear of the others is measured.
  const candidates = [300, 600, 1000, 1500, 2000, 2500, 3000, 4000, 5000];
  const states = statesAt(replay, new Set(candidates));
  const robotsOf = (st) => [...st.entities.values()].filter((e) => kindOf(replay, e) === 'robot');
  for (const viewport of kViewports) {
    const size = `${viewport.width}x${viewport.height}`;
    const opened = await openPage(browser, path.join(work, 'dark.html'), { viewport });
    const { page } = opened;
    check(opened.state === 'ready', `dark ${size}: the page mounted the viewer`);
    // Select nothing (a click outside the world), so no selection ring lies over a robot.
    const box = await page.locator('.cv-stage canvas').boundingBox();
    await page.mouse.click(box.x + 2, box.y + 2);
    let t = -1;
    let robots = [];
    let radii = [];
    let clear = [];
    for (const c of candidates.filter((c) => states.has(c))) {
      await page.evaluate((t) => window.chrononViewerDebug.seek(t), c);
      await frames(page);
      const here = robotsOf(states.get(c));
      const r = await page.evaluate((ids) => ids.map((id) => window.chrononViewerDebug.radiusOf(id)), here.map((e) => e.id));
      const centre = await page.evaluate((list) => list.map((p) => window.chrononViewerDebug.toCanvas(p.x, p.y)), here.map((e) => ({ x: field(replay, e, 'x'), y: field(replay, e, 'y') })));
      const bodies = here.map((e, i) => ({ id: e.id, side: field(replay, e, 'side'), x: field(replay, e, 'x'), y: field(replay, e, 'y'), cx: centre[i].x, cy: centre[i].y, r: r[i] }));
      const standing = bodies.filter((b) => bodies.every((o) => o === b || Math.hypot(o.cx - b.cx, o.cy - b.cy) > b.r + o.r + 6));
      [t, robots, radii, clear] = [c, here, r, standing];
      if (entrants.every((_, i) => standing.some((b) => b.side === i))) break;
    }
    const measured = await robotPixels(page, replay.header.world, clear);
    for (let side = 0; side < entrants.length; side++) {
      const name = entrants[side].name;
      const mine = measured.bodies.filter((m) => clear.find((b) => b.id === m.id).side === side);
      if (mine.length === 0) {
        check(false, `dark ${size} t=${t}: a robot of ${name} standing clear of the others`);
        continue;
      }
      const worst = Math.min(...mine.map((m) => Math.min(...m.samples.map((s) => contrast(s, measured.floor)))));
      check(worst >= 3, `dark ${size} t=${t}: ${name}'s ${mine.length} robots are drawn at ${worst.toFixed(2)}:1 or more against the floor rgb(${measured.floor.join(',')}) (WCAG 3:1; own colour ${entrants[side].color}, drawn ${mine[0].color})`);
      const reach = Math.min(...mine.map((m) => Math.min(...m.reach)));
      check(reach >= 4.5, `dark ${size}: ${name}'s robots reach at least ${reach} px from their centres (at least 4.5: 9 px across)`);
      // A phone's charts are about 80 px wide: a side's two short lines there take some 20 pixels.
      const inChart = (await chartPixels(page, 0, mine[0].color)) + (await chartPixels(page, 1, mine[0].color));
      check(inChart >= 10, `dark ${size}: ${name}'s biomass and population lines are in the charts in its drawn colour (${inChart} pixels)`);
      if (side === 0) figures[`dark${viewport.width}Contrast`] = +worst.toFixed(2);
    }
    const radius = Math.min(...radii);
    check(radius >= 5, `dark ${size}: every robot is drawn with a radius of at least 5 px (smallest ${radius.toFixed(1)}; the world's scale alone gives ${Math.min(...robots.map((r) => field(replay, r, 'radius'))).toFixed(2)} units)`);
    await page.screenshot({ path: path.join(artifacts, `grobots-dark-${size}.png`) });
    // The population column matches the robots recorded at t.
    const pops = await page.$$eval('.cv-score tr[data-entrant]', (trs) => trs.map((tr) => Number(tr.children[1].textContent)));
    const recorded = entrants.map((_, i) => robots.filter((r) => field(replay, r, 'side') === i).length);
    check(pops.join(',') === recorded.join(','), `dark ${size} t=${t}: the scoreboard's populations are the replay's (${pops.join(', ')})`);
    await checkScore(page, replay, `dark ${size}`, `grobots-dark-end-${size}.png`);
    await finalChecks(opened, `dark ${size}`);
  }
}

/** The duel's score and end card at both widths, and its colours: by name, the same when the robots enter the other way round. */
async function duelScore(browser) {
  log('RoboWar duel: score, end card and colours at 1600x1000 and 390x844');
  const replay = readReplay(path.join(work, 'duel.replay'));
  for (const viewport of kViewports) {
    const size = `${viewport.width}x${viewport.height}`;
    const opened = await openPage(browser, path.join(work, 'duel.html'), { viewport });
    const { page } = opened;
    await frames(page);
    const robots = (await page.evaluate(() => window.chrononViewerDebug.entities())).filter((e) => e.kind === 'robot');
    const radii = await page.evaluate((ids) => ids.map((id) => window.chrononViewerDebug.radiusOf(id)), robots.map((r) => r.id));
    check(Math.min(...radii) >= 5, `duel ${size}: robots are drawn with a radius of at least 5 px (${radii.map((r) => r.toFixed(1)).join(', ')})`);
    await page.screenshot({ path: path.join(artifacts, `duel-${size}.png`) });
    await checkScore(page, replay, `duel ${size}`, `duel-end-${size}.png`);
    await finalChecks(opened, `duel ${size}`);
  }
  // The same two robots entered the other way round keep their colours.
  const swapped = path.join(work, 'swapped.html');
  run(['battle', 'stdlib/robowar/spinner.rtk', 'stdlib/robowar/dodger.rtk', '--replay', swapped]);
  const colours = async (file) => {
    const opened = await openPage(browser, file);
    const out = await opened.page.evaluate(() => {
      const d = window.chrononViewerDebug;
      return Object.fromEntries(d.entities().filter((e) => e.kind === 'robot').map((e) => [document.querySelector(`.cv-row[data-id="${e.id}"] .cv-name`).textContent, d.colorOf(e.id)]));
    });
    await finalChecks(opened, path.basename(file));
    return out;
  };
  if (!process.env.CHRONON_VIEWER_HTML) {
    const a = await colours(path.join(work, 'duel.html'));
    const b = await colours(swapped);
    check(a.dodger === b.dodger && a.spinner === b.spinner && a.dodger !== a.spinner,
      `duel: colours follow the robot, not its entry order (dodger ${a.dodger} / ${b.dodger}, spinner ${a.spinner} / ${b.spinner})`);
  }
}

/** The Grobots round's score and end card at both widths. */
async function roundScore(browser) {
  log('Grobots round: score and end card at 1600x1000 and 390x844');
  const replay = readReplay(path.join(work, 'round.replay'));
  for (const viewport of kViewports) {
    const size = `${viewport.width}x${viewport.height}`;
    const opened = await openPage(browser, path.join(work, 'round.html'), { viewport });
    const { page } = opened;
    await page.evaluate(() => window.chrononViewerDebug.seek(4321));
    await frames(page);
    await page.screenshot({ path: path.join(artifacts, `grobots-${size}.png`) });
    await checkScore(page, replay, `round ${size}`, `grobots-end-${size}.png`);
    await finalChecks(opened, `round ${size}`);
  }
}

// A page like chronon's, from the viewer's template, for checking broken payloads.
function withPayload(html, bytes) {
  const open = '<script id="chronon-replay" type="application/octet-stream">';
  const a = html.indexOf(open) + open.length;
  const b = html.indexOf('</script>', a);
  return html.slice(0, a) + Buffer.from(bytes).toString('base64') + html.slice(b);
}

async function openPage(browser, file, { waitLoaded = true, viewport = { width: 1280, height: 800 } } = {}) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  const requests = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url());
  });
  const started = Date.now();
  await page.goto('file://' + file);
  await page.waitForFunction(() => document.documentElement.dataset.viewer !== undefined, null, { timeout: 30000 });
  const readyWall = Date.now() - started;
  const state = await page.evaluate(() => document.documentElement.dataset.viewer);
  if (state === 'ready' && waitLoaded) {
    await page.waitForFunction(() => window.chrononViewerDebug.status() !== 'loading', null, { timeout: 60000, polling: 100 });
  }
  return { page, errors, requests, state, readyWall, loadedWall: Date.now() - started };
}

/**
 * Finds the robot's colour in the canvas around its expected position (CSS pixels) and returns the
 * centroid of the matching pixels and how many matched.
 */
async function findColor(page, center, radius, color) {
  const rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  return page.evaluate(({ center, radius, rgb }) => {
    const canvas = window.chrononViewerDebug.canvas;
    const dpr = canvas.width / canvas.clientWidth;
    const reach = radius + 3;
    const x0 = Math.max(0, Math.floor((center.x - reach) * dpr));
    const y0 = Math.max(0, Math.floor((center.y - reach) * dpr));
    const w = Math.min(canvas.width - x0, Math.ceil(2 * reach * dpr));
    const h = Math.min(canvas.height - y0, Math.ceil(2 * reach * dpr));
    const data = canvas.getContext('2d').getImageData(x0, y0, w, h).data;
    let n = 0;
    let sx = 0;
    let sy = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = 4 * (y * w + x);
        if (Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]) > 24) continue;
        const px = (x0 + x + 0.5) / dpr;
        const py = (y0 + y + 0.5) / dpr;
        if (Math.hypot(px - center.x, py - center.y) > reach) continue;
        n++;
        sx += px;
        sy += py;
      }
    }
    return { n, x: sx / n, y: sy / n, dpr };
  }, { center, radius, rgb });
}

/** Checks every robot that stands clear of the others at moment t; returns the pixel errors. */
async function checkPositions(page, replay, state, t, label) {
  const game = replay.header.game;
  // Seeking draws at the next animation frame: let two pass so the canvas shows moment t.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  check((await debugMoment(page)) === t, `${label}: the viewer is at t=${t}`);
  const bodies = [];
  for (const ent of state.entities.values()) {
    const kind = kindOf(replay, ent);
    if (game === 'robowar' && (kind !== 'robot' || field(replay, ent, 'alive') === 0)) continue;
    if (game === 'grobots' && kind !== 'robot') continue;
    if (game === 'robbie' && kind !== 'robbie') continue;
    const x = field(replay, ent, 'x');
    const y = field(replay, ent, 'y');
    const r = game === 'robowar' ? replay.header.world.robotRadius || 10 : game === 'grobots' ? field(replay, ent, 'radius') : 12;
    bodies.push({ id: ent.id, x, y, r });
  }
  const projected = await page.evaluate((bodies) => bodies.map((b) => {
    const d = window.chrononViewerDebug;
    const c = d.toCanvas(b.x, b.y);
    const e = d.toCanvas(b.x + b.r, b.y);
    return { ...c, r: Math.abs(e.x - c.x), drawn: d.radiusOf ? d.radiusOf(b.id) : 0, color: d.colorOf(b.id) };
  }), bodies);
  // The viewer draws small robots bigger than their size (a minimum on-screen radius): use that.
  bodies.forEach((b, i) => Object.assign(b, { cx: projected[i].x, cy: projected[i].y, rpx: Math.max(game === 'robbie' ? 8 : 3, projected[i].r, projected[i].drawn), color: projected[i].color }));
  const clear = bodies.filter((b) => bodies.every((o) => o === b || Math.hypot(o.cx - b.cx, o.cy - b.cy) > b.rpx + o.rpx + 4));
  const errors = [];
  for (const b of clear.slice(0, 10)) {
    const found = await findColor(page, { x: b.cx, y: b.cy }, b.rpx, b.color);
    const area = Math.PI * b.rpx * b.rpx;
    const error = Math.hypot(found.x - b.cx, found.y - b.cy);
    if (!(found.n >= 0.35 * area && error <= 2)) {
      console.log(`    robot ${b.id} at (${b.x}, ${b.y}) -> (${b.cx.toFixed(1)}, ${b.cy.toFixed(1)}) r ${b.rpx.toFixed(1)} ${b.color}: ${found.n} pixels, centroid (${found.x.toFixed(1)}, ${found.y.toFixed(1)})`);
    }
    errors.push(found.n >= 0.35 * area ? error : Infinity);
  }
  const worst = errors.length > 0 ? Math.max(...errors) : NaN;
  check(errors.length > 0 && worst <= 2, `${label} t=${t}: ${errors.length} robots drawn at their recorded positions (worst error ${worst.toFixed(2)} px)`);
  return errors;
}

async function debugMoment(page) {
  return page.evaluate(() => window.chrononViewerDebug.moment());
}

async function chartsDrawn(page) {
  return page.evaluate(() => [...document.querySelectorAll('.uplot canvas')].map((c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let colourful = 0;
    for (let i = 0; i < data.length; i += 4) {
      const hi = Math.max(data[i], data[i + 1], data[i + 2]);
      const lo = Math.min(data[i], data[i + 1], data[i + 2]);
      if (data[i + 3] > 0 && hi - lo > 60) colourful++;
    }
    return colourful;
  }));
}

/** The inspector's data stack values, its highlighted source line and its title. */
async function inspector(page) {
  return page.evaluate(() => ({
    title: document.querySelector('.cv-inspector h3')?.textContent ?? '',
    ds: [...document.querySelectorAll('.cv-inspector .cv-ds span[data-value]')].map((s) => Number(s.dataset.value)),
    line: Number(document.querySelector('.cv-inspector .cv-source .cv-current')?.dataset.n ?? 0),
  }));
}

function sameStack(a, b) {
  return a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) < 1e-9);
}

async function clickEntity(page, replay, ent) {
  const box = await page.locator('.cv-stage canvas').boundingBox();
  const c = await page.evaluate(([x, y]) => window.chrononViewerDebug.toCanvas(x, y), [field(replay, ent, 'x'), field(replay, ent, 'y')]);
  await page.mouse.click(box.x + c.x, box.y + c.y);
  await page.waitForTimeout(150);
}

async function checkInspector(page, replay, state, ent, label) {
  await clickEntity(page, replay, ent);
  const shown = await inspector(page);
  const brain = state.brains.get(ent.id) || {};
  check(sameStack(shown.ds, brain.ds || []), `${label}: the inspector shows robot ${ent.id}'s data stack [${(brain.ds || []).join(', ')}] (shown [${shown.ds.join(', ')}])`);
  if (brain.line !== undefined) check(shown.line === brain.line, `${label}: the source line highlighted is ${brain.line} (shown ${shown.line})`);
  return shown;
}

// CHRONON_VIEWER_HTML names a freshly built viewer.html: the pages are then made from chronon's
// .replay files with it (to test viewer changes before chronon is rebuilt with them).
function pageFrom(html, replayFile) {
  const template = process.env.CHRONON_VIEWER_HTML;
  if (!template) return html;
  const filled = fs.readFileSync(template, 'utf8');
  return withPayload(filled.replace('@@CHRONON_TITLE@@', path.basename(replayFile)), fs.readFileSync(replayFile));
}

async function main() {
  log(`chronon: ${chronon}; artifacts: ${artifacts}`);
  const duelArgs = ['battle', 'stdlib/robowar/dodger.rtk', 'stdlib/robowar/spinner.rtk'];
  run([...duelArgs, '--replay', path.join(work, 'duel.replay')]);
  run([...duelArgs, '--replay', path.join(work, 'duel.html')]);
  const robbieArgs = ['run', 'stdlib/robbie/sorter.rl', '--room', 'stdlib/robbie/rooms/sorter.room'];
  run([...robbieArgs, '--replay', path.join(work, 'robbie.replay')]);
  run([...robbieArgs, '--replay', path.join(work, 'robbie.html')]);
  log('a full Grobots round of three sides (18000 frames)');
  run(['battle', 'stdlib/grobots/gatherer.gb', 'stdlib/grobots/fighter.gb', 'stdlib/grobots/algae.gb', '--every', '0', '--replay', path.join(work, 'round.replay')]);
  run(['view', path.join(work, 'round.replay'), '-o', path.join(work, 'round.html')]);
  const pages = {};
  for (const name of ['duel', 'robbie', 'round']) {
    const html = fs.readFileSync(path.join(work, `${name}.html`), 'utf8');
    if (!html.includes('ChrononViewer') && !process.env.CHRONON_VIEWER_HTML) {
      console.log('skipped: this chronon found no viewer (npm ci in editors/viewer, then configure and build again)');
      process.exit(77);
    }
    pages[name] = pageFrom(html, path.join(work, `${name}.replay`));
    fs.writeFileSync(path.join(work, `${name}.html`), pages[name]);
    const count = pages[name].split('@@CHRONON_').length - 1;
    check(count === 0, `${name}.html: chronon filled in both placeholders`);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const figures = {};
  try {
    await duel(browser, figures);
    await grobots(browser, figures);
    await robbie(browser, figures);
    await duelScore(browser);
    await roundScore(browser);
    await darkSides(browser, figures);
    await broken(browser, pages.duel);
  } finally {
    await browser.close();
  }
  console.log(`figures: ${JSON.stringify(figures)}`);
  console.log(`${checks - failures} passed, ${failures} failed`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(failures === 0 ? 0 : 1);
}

async function commonChecks(opened, replay, label) {
  const { page } = opened;
  check(opened.state === 'ready', `${label}: the page mounted the viewer`);
  const status = await page.evaluate(() => window.chrononViewerDebug.status());
  check(status === 'complete', `${label}: the whole replay was read (status ${status})`);
  const title = await page.title();
  check(title !== '' && !title.includes('@@'), `${label}: the title is "${title}"`);
  const last = replay.moments[replay.moments.length - 1].t;
  const clock = await page.textContent('.cv-clock');
  check(clock.includes(`/ ${last}`), `${label}: the clock counts to the last moment ${last} ("${clock}")`);
  const charts = await chartsDrawn(page);
  check(charts.length > 0 && charts.every((n) => n > 50), `${label}: ${charts.length} uPlot charts drawn (${charts.join(', ')} coloured pixels)`);
}

async function finalChecks(opened, label) {
  check(opened.errors.length === 0, `${label}: no page errors${opened.errors.length ? ': ' + opened.errors.join(' | ') : ''}`);
  check(opened.requests.length === 0, `${label}: no network requests${opened.requests.length ? ': ' + opened.requests.join(' ') : ''}`);
  await opened.page.close();
}

async function duel(browser, figures) {
  log('RoboWar duel: dodger vs spinner');
  const replay = readReplay(path.join(work, 'duel.replay'));
  const times = replay.moments.map((m) => m.t);
  const last = times[times.length - 1];
  const opened = await openPage(browser, path.join(work, 'duel.html'));
  const { page } = opened;
  figures.duelReadyMs = Math.round(await page.evaluate(() => window.chrononPageReadyMs));
  await commonChecks(opened, replay, 'duel');
  const wanted = new Set([0, 1, 2, 12, 22, Math.floor(last / 2), last - 1, last]);
  const states = statesAt(replay, wanted);
  const pixelErrors = [];
  pixelErrors.push(...await checkPositions(page, replay, states.get(0), 0, 'duel'));
  await page.keyboard.press('ArrowRight');
  check((await debugMoment(page)) === 1, 'duel: → steps to t=1');
  await page.click('.cv-forward');
  check((await debugMoment(page)) === 2, 'duel: the step button steps to t=2');
  pixelErrors.push(...await checkPositions(page, replay, states.get(2), 2, 'duel'));
  await page.keyboard.press('Shift+ArrowRight');
  check((await debugMoment(page)) === 12, 'duel: Shift+→ steps ten moments to t=12');
  pixelErrors.push(...await checkPositions(page, replay, states.get(12), 12, 'duel'));
  await page.keyboard.press('Shift+ArrowRight');
  pixelErrors.push(...await checkPositions(page, replay, states.get(22), 22, 'duel'));
  await page.keyboard.press('End');
  check((await debugMoment(page)) === last, `duel: End goes to the last moment t=${last}`);
  await page.keyboard.press('ArrowLeft');
  check((await debugMoment(page)) === last - 1, 'duel: ← steps back one moment');
  pixelErrors.push(...await checkPositions(page, replay, states.get(last - 1), last - 1, 'duel'));
  await page.click('.cv-back');
  check((await debugMoment(page)) === last - 2, 'duel: the back button steps back one moment');
  await page.keyboard.press('Home');
  check((await debugMoment(page)) === 0, 'duel: Home goes to t=0');
  await page.click('.cv-last');
  check((await debugMoment(page)) === last, 'duel: the last-moment button goes to the end');
  await page.click('.cv-first');
  check((await debugMoment(page)) === 0, 'duel: the first-moment button goes to t=0');
  await page.keyboard.press('+');
  check((await page.inputValue('.cv-speed')) === '2', 'duel: + doubles the speed');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  check((await page.inputValue('.cv-speed')) === '0.5', 'duel: − halves it');
  await page.keyboard.press('=');
  await page.keyboard.press(' ');
  await page.waitForTimeout(400);
  const playing = await page.evaluate(() => window.chrononViewerDebug.playing());
  await page.keyboard.press(' ');
  const played = await debugMoment(page);
  check(playing && played > 0, `duel: Space plays (reached t=${played}) and pauses`);
  check(!(await page.evaluate(() => window.chrononViewerDebug.playing())), 'duel: Space again pauses');
  const helpText = await page.textContent('.cv-help-box');
  check(/Space/.test(helpText) && /Home/.test(helpText) && /Shift/.test(helpText), 'duel: the help tooltip lists the shortcuts');
  // The inspector, at a moment where both robots are apart.
  const mid = 12;
  await page.evaluate((t) => window.chrononViewerDebug.seek(t), mid);
  const robots = [...states.get(mid).entities.values()].filter((e) => kindOf(replay, e) === 'robot');
  for (const ent of robots) {
    const shown = await checkInspector(page, replay, states.get(mid), ent, `duel t=${mid}`);
    const name = replay.header.entrants[field(replay, ent, 'side')].name;
    check(shown.title.includes(name), `duel: clicking robot ${ent.id} shows ${name} in the inspector ("${shown.title}")`);
  }
  // The last robot clicked stays selected: step and check the stack follows.
  await page.keyboard.press('ArrowRight');
  const next = statesAt(replay, new Set([mid + 1])).get(mid + 1);
  const after = await inspector(page);
  const robotId = robots[robots.length - 1].id;
  check(sameStack(after.ds, next.brains.get(robotId).ds || []), `duel: after →, the inspector shows t=${mid + 1}'s data stack [${after.ds.join(', ')}]`);
  const listRows = await page.locator('.cv-list .cv-row').count();
  check(listRows === 2, `duel: the robot list has ${listRows} rows`);
  const energyText = await page.textContent(`.cv-row[data-id="${robots[0].id}"]`);
  check(/energy \d+/.test(energyText) && /damage \d+/.test(energyText), `duel: the list shows energy and damage bars ("${energyText.trim()}")`);
  await page.evaluate(() => window.chrononViewerDebug.seek(22));
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(artifacts, 'duel.png') });
  figures.duelWorstPixelError = +Math.max(...pixelErrors).toFixed(2);
  await finalChecks(opened, 'duel');
}

async function grobots(browser, figures) {
  log('Grobots round: gatherer, fighter, algae, 18000 frames');
  const file = path.join(work, 'round.replay');
  figures.roundReplayBytes = fs.statSync(file).size;
  const replay = readReplay(file);
  const last = replay.moments[replay.moments.length - 1].t;
  const opened = await openPage(browser, path.join(work, 'round.html'));
  const { page } = opened;
  const ready = await page.evaluate(() => [window.chrononPageReadyMs, window.chrononViewerDebug.loadMs]);
  figures.roundReadyMs = Math.round(ready[0]);
  figures.roundMountMs = Math.round(ready[1]);
  figures.roundFullyReadMs = opened.loadedWall;
  check(ready[0] < 5000, `grobots: the ${(figures.roundReplayBytes / 1e6).toFixed(1)} MB round is on screen ${Math.round(ready[0])} ms after navigation (mount ${Math.round(ready[1])} ms; fully read after ${opened.loadedWall} ms)`);
  await commonChecks(opened, replay, 'grobots');
  // At t=0 the seeded robots stand in clumps; later moments have robots standing clear of others.
  const moments = [300, 1000, 4321, 9000, last];
  const states = statesAt(replay, new Set(moments));
  const pixelErrors = [];
  for (const t of moments) {
    await page.evaluate((t) => window.chrononViewerDebug.seek(t), t);
    await page.waitForTimeout(60);
    check((await debugMoment(page)) === t, `grobots: seek to t=${t}`);
    pixelErrors.push(...await checkPositions(page, replay, states.get(t), t, 'grobots'));
  }
  // Inspector: a robot standing clear of others at t=9000.
  const t = 9000;
  await page.evaluate((t) => window.chrononViewerDebug.seek(t), t);
  const robots = [...states.get(t).entities.values()].filter((e) => kindOf(replay, e) === 'robot');
  const lonely = robots.find((r) => robots.every((o) => o === r || Math.hypot(field(replay, o, 'x') - field(replay, r, 'x'), field(replay, o, 'y') - field(replay, r, 'y')) > 6));
  if (lonely !== undefined) {
    const shown = await checkInspector(page, replay, states.get(t), lonely, `grobots t=${t}`);
    const side = replay.header.entrants[field(replay, lonely, 'side')];
    const type = side.types[field(replay, lonely, 'type')];
    check(shown.title.includes(type.name), `grobots: clicking shows ${type.name} #${field(replay, lonely, 'num')} ("${shown.title}")`);
  } else {
    check(false, 'grobots: a robot standing clear of the others to click at t=9000');
  }
  const groups = await page.locator('.cv-list .cv-group').count();
  check(groups >= 2, `grobots: the list groups robots by side (${groups} sides)`);
  const bars = await page.locator('.cv-list .cv-row .cv-bar').count();
  check(bars >= 2, `grobots: energy and armor bars (${bars})`);
  // The sensor layer toggles.
  await page.check('input[data-layer="sensors"]');
  await page.screenshot({ path: path.join(artifacts, 'grobots-sensors.png') });
  await page.uncheck('input[data-layer="sensors"]');
  await page.screenshot({ path: path.join(artifacts, 'grobots.png') });
  // Frame rate while playing at 16x.
  await page.selectOption('.cv-speed', '16');
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await page.waitForTimeout(2500);
  const [fps, drawMs, reached] = await page.evaluate(() => [window.chrononViewerDebug.fps(), window.chrononViewerDebug.drawMs(), window.chrononViewerDebug.moment()]);
  await page.screenshot({ path: path.join(artifacts, 'grobots-playing.png') });
  await page.keyboard.press(' ');
  figures.roundFps16x = fps;
  figures.roundDrawMs = +drawMs.toFixed(2);
  check(fps >= 30, `grobots: ${fps} frames/s while playing at 16x (mean draw ${drawMs.toFixed(2)} ms, reached t=${reached})`);
  check(reached >= 16 * 30 * 2.5 * 0.5, `grobots: 16x advanced to t=${reached} in 2.5 s`);
  figures.roundWorstPixelError = +Math.max(...pixelErrors).toFixed(2);
  await finalChecks(opened, 'grobots');
}

async function robbie(browser, figures) {
  log('Robbie: sorter.rl in sorter.room');
  const replay = readReplay(path.join(work, 'robbie.replay'));
  const times = replay.moments.map((m) => m.t);
  const opened = await openPage(browser, path.join(work, 'robbie.html'));
  const { page } = opened;
  await commonChecks(opened, replay, 'robbie');
  const wanted = [times[0], times[1], times[2], times[12], times[times.length - 1]];
  const states = statesAt(replay, new Set(wanted));
  const pixelErrors = [];
  pixelErrors.push(...await checkPositions(page, replay, states.get(times[0]), times[0], 'robbie'));
  await page.keyboard.press('ArrowRight');
  check((await debugMoment(page)) === times[1], `robbie: → steps to the next recorded step t=${times[1]}`);
  await page.keyboard.press('ArrowRight');
  pixelErrors.push(...await checkPositions(page, replay, states.get(times[2]), times[2], 'robbie'));
  await page.keyboard.press('Shift+ArrowRight');
  check((await debugMoment(page)) === times[12], `robbie: Shift+→ steps ten records to t=${times[12]}`);
  pixelErrors.push(...await checkPositions(page, replay, states.get(times[12]), times[12], 'robbie'));
  const robbieEnt = [...states.get(times[12]).entities.values()].find((e) => kindOf(replay, e) === 'robbie');
  await checkInspector(page, replay, states.get(times[12]), robbieEnt, `robbie t=${times[12]}`);
  const objects = await page.locator('.cv-list .cv-row').count();
  check(objects === 1 + replay.header.world.objects.length, `robbie: the list shows Robbie and ${replay.header.world.objects.length} objects`);
  await page.screenshot({ path: path.join(artifacts, 'robbie.png') });
  await page.keyboard.press('End');
  pixelErrors.push(...await checkPositions(page, replay, states.get(times[times.length - 1]), times[times.length - 1], 'robbie'));
  figures.robbieWorstPixelError = +Math.max(...pixelErrors).toFixed(2);
  await finalChecks(opened, 'robbie');
}

async function broken(browser, duelHtml) {
  log('broken replays');
  const good = fs.readFileSync(path.join(work, 'duel.replay'));
  const text = zlib.gunzipSync(good).toString('utf8');
  const lines = text.split('\n');
  const round = fs.readFileSync(path.join(work, 'round.replay'));
  const cases = [
    { name: 'truncated-gzip', bytes: round.subarray(0, Math.floor(round.length / 2)), banner: /truncated/i, mounted: true },
    { name: 'truncated-early', bytes: good.subarray(0, 40), error: /truncated|cut short/i },
    { name: 'junk', bytes: Buffer.from('junk bytes, not a replay at all\n'), error: /not a Chronon replay/i },
    { name: 'version-99', bytes: zlib.gzipSync(text.replace('"version":1', '"version":99')), error: /version 99.*version 1/i },
    { name: 'no-end-line', bytes: Buffer.from(lines.slice(0, 10).join('\n') + '\n'), banner: /end line is missing/i, mounted: true },
    { name: 'bad-record', bytes: zlib.gzipSync([lines[0], lines[1], '{"t":1,"upd":[[999,1,5]]}', lines[lines.length - 2]].join('\n') + '\n'), banner: /unknown entity 999/i, mounted: true },
    { name: 'wrong-field-count', bytes: zlib.gzipSync([lines[0], '{"t":0,"new":[[1,0,1,2]]}'].join('\n') + '\n'), error: /has 2 values instead of/i },
    { name: 'absurd-world', bytes: zlib.gzipSync(text.replace(/"world":\{[^}]*\}/, '"world":{"width":1e300,"height":5}')), error: /not sensible/i },
    { name: 'empty', bytes: Buffer.alloc(0), error: /no replay|empty/i },
  ];
  for (const c of cases) {
    const file = path.join(work, `${c.name}.html`);
    fs.writeFileSync(file, withPayload(duelHtml, c.bytes));
    const started = Date.now();
    const opened = await openPage(browser, file);
    const { page } = opened;
    const shown = await page.evaluate(() => ({
      error: document.querySelector('.cv-error-text')?.textContent ?? '',
      banner: document.querySelector('.cv-banner:not([hidden])')?.textContent ?? '',
      body: document.body.innerText.trim().length,
    }));
    const elapsed = Date.now() - started;
    if (c.error) {
      check(opened.state === 'error' && c.error.test(shown.error), `${c.name}: the page says "${shown.error}" (${elapsed} ms)`);
    } else {
      check(opened.state === 'ready' && c.banner.test(shown.banner), `${c.name}: the viewer shows what it has with the banner "${shown.banner}" (${elapsed} ms)`);
    }
    check(shown.body > 0, `${c.name}: the page is not blank`);
    if (['truncated-gzip', 'version-99', 'junk'].includes(c.name)) await page.screenshot({ path: path.join(artifacts, `bad-${c.name}.png`) });
    await finalChecks({ ...opened, errors: opened.errors.filter((e) => !/Failed to load resource/.test(e)) }, c.name);
  }
  // An end line of the wrong shape: the battle still plays and the end card says what it can.
  const last = lines.filter((l) => l !== '').length - 1;
  const badEnd = lines.slice(0, last).join('\n') + '\n{"end":{"t":' + JSON.parse(lines[last - 1]).t + ',"robots":[null,"x",{"points":"a","alive":3}],"timedOut":"no"}}\n';
  const file = path.join(work, 'bad-end.html');
  fs.writeFileSync(file, withPayload(duelHtml, zlib.gzipSync(badEnd)));
  const opened = await openPage(browser, file);
  await opened.page.keyboard.press('End');
  await frames(opened.page);
  const card = await opened.page.evaluate(() => document.querySelector('.cv-endcard:not([hidden]) .cv-endcard-winner')?.textContent ?? '');
  check(opened.state === 'ready' && card !== '', `bad-end: a malformed end line still gives an end card ("${card}")`);
  await finalChecks(opened, 'bad-end');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
