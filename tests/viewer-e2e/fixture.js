// Synthetic replays in the format of docs/replay-format.md, for developing and stress-testing the
// viewer without chronon: a RoboWar duel, a Grobots round of any size (the 9-side, 15000-frame
// round is the viewer's performance target) and a Robbie run. Deterministic (seeded).
// usage: node fixture.js OUTDIR [--big]   writes duel.replay, round.replay, robbie.replay (gzip)
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function header(game, unit, extra) {
  return { format: 'chronon-replay', version: 1, chronon: '0.2.0', game, unit, seed: 7, engine: 'interpreter', ...extra };
}

/** Collects moment lines; `moment(t, m)` writes one, leaving empty keys out. */
class Writer {
  constructor(head) {
    this.lines = [JSON.stringify(head)];
  }
  moment(t, m) {
    const rec = { t };
    for (const k of ['new', 'upd', 'del', 'ev', 'brain', 'stat']) if (m[k] && m[k].length) rec[k] = m[k];
    this.lines.push(JSON.stringify(rec));
  }
  end(e) {
    this.lines.push(JSON.stringify({ end: e }));
  }
  text() {
    return this.lines.join('\n') + '\n';
  }
}

function robowarDuel(chronons = 600) {
  const random = rng(11);
  const source = [
    '# Synthetic duel robot',
    '#!!hardware energy 100 damage 100 shield 25 cpu 15 bullets normal',
    'main:',
    '  aim 7 + aim\' store',
    '  range 0 > shoot if',
    '  main jump',
    'shoot:',
    '  20 fire\' store',
    '  main jump',
  ].join('\n');
  const w = new Writer(header('robowar', 'chronon', {
    options: { maxChronons: chronons, moveAndShoot: false },
    world: { width: 300, height: 300 },
    entrants: ['dodger', 'spinner'].map((name, i) => ({
      name, file: `${name}.rtk`, hash: 'fnv1a64:0123456789abcdef', source, team: 0,
      hardware: { energy: 100, damage: 100, shield: 25, cpu: 15 },
    })),
    kinds: [
      { name: 'robot', fields: ['side', 'x', 'y', 'aim', 'look', 'scan', 'speedX', 'speedY', 'energy', 'damage', 'shield', 'alive', 'stunned'], scale: [1, 100, 100, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
      { name: 'shot', fields: ['type', 'owner', 'x', 'y', 'energy', 'radius', 'target'], scale: [1, 1, 100, 100, 1, 1, 1] },
    ],
    shotTypes: ['bullet', 'missile', 'hellbore', 'stunner', 'mine', 'drone', 'laser', 'nuke', 'blast'],
  }));
  const robots = [
    { id: 1, side: 0, x: 60, y: 80, vx: 1.3, vy: 0.7, aim: 0, energy: 100, damage: 100, ds: [], vars: {} },
    { id: 2, side: 1, x: 230, y: 210, vx: -0.9, vy: 1.1, aim: 180, energy: 100, damage: 100, ds: [], vars: {} },
  ];
  const row = (r) => [r.side, Math.round(r.x * 100), Math.round(r.y * 100), r.aim, 0, 0, Math.round(r.vx), Math.round(r.vy), r.energy, r.damage, 0, 1, 0];
  const shots = new Map();
  let nextId = 3;
  for (let t = 0; t <= chronons; t++) {
    const m = { new: [], upd: [], del: [], ev: [], brain: [] };
    if (t === 0) {
      for (const r of robots) {
        m.new.push([r.id, 0, ...row(r)]);
        const vars = {};
        for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') vars[c] = 0;
        m.brain.push([r.id, { pc: 0, line: 3, ds: [], vars, status: 'ok' }]);
      }
    } else {
      for (const [id, s] of shots) {
        s.x += s.vx;
        s.y += s.vy;
        if (s.x < 0 || s.x > 300 || s.y < 0 || s.y > 300) {
          m.del.push(id);
          shots.delete(id);
        } else {
          m.upd.push([id, 2, Math.round(s.x * 100), 3, Math.round(s.y * 100)]);
        }
      }
      for (const r of robots) {
        if (r.damage <= 0) continue;
        r.x += r.vx;
        r.y += r.vy;
        if (r.x < 10 || r.x > 290) r.vx = -r.vx;
        if (r.y < 10 || r.y > 290) r.vy = -r.vy;
        r.aim = (r.aim + 7) % 360;
        r.energy = Math.min(100, r.energy + 2);
        const upd = [r.id, 1, Math.round(r.x * 100), 2, Math.round(r.y * 100), 3, r.aim, 8, r.energy];
        if (t % 37 === r.side * 5 + 3) {
          r.energy -= 20;
          upd[upd.length - 1] = r.energy;
          const a = (r.aim * Math.PI) / 180;
          const s = { x: r.x + Math.sin(a) * 12, y: r.y - Math.cos(a) * 12, vx: Math.sin(a) * 12, vy: -Math.cos(a) * 12 };
          const id = nextId++;
          shots.set(id, s);
          m.new.push([id, 1, 0, r.side, Math.round(s.x * 100), Math.round(s.y * 100), 20, 2, -1]);
          m.ev.push(['shot', r.id, `chronon ${t}: ${r.side === 0 ? 'dodger' : 'spinner'} fires a bullet (20 energy)`]);
        }
        if (t % 53 === 17 + r.side) {
          r.damage -= 9;
          upd.push(9, r.damage);
          m.ev.push(['hit', r.id, `chronon ${t}: ${r.side === 0 ? 'dodger' : 'spinner'} is hit (9 damage)`, 3 - r.id]);
        }
        m.upd.push(upd);
        r.ds = t % 3 === 0 ? [r.aim, Math.round(random() * 300)] : [r.aim];
        const delta = { pc: (t * 3 + r.side) % 9, line: 3 + ((t + r.side) % 6), ds: r.ds, vars: { A: t % 50, X: Math.round(r.x) } };
        m.brain.push([r.id, delta]);
      }
      if (t === Math.floor(chronons * 0.8)) {
        const r = robots[1];
        r.damage = 0;
        m.upd.push([r.id, 9, 0, 11, 0]);
        m.ev.push(['death', r.id, `chronon ${t}: spinner dies (killed by dodger)`, 1]);
        m.brain.push([r.id, { status: 'stopped' }]);
      }
    }
    w.moment(t, m);
  }
  w.end({ t: chronons, robots: [{ alive: true, points: 3, kills: 1 }, { alive: false, points: 0, kills: 0, deathChronon: Math.floor(chronons * 0.8) }], timedOut: true });
  return w.text();
}

function grobotsRound(sides = 3, frames = 1500, perSide = 12) {
  const random = rng(5);
  const colors = ['#d2a03c', '#3c8cd2', '#c23c6e', '#6ec23c', '#8c5ad2', '#3cc2b4', '#e0e040', '#e07a3c', '#a0a0a0'];
  const size = 200;
  const source = '#side Synthetic\n#type Grazer\n#hardware\n  processor 10\n#code\ndo\n  food-sensor-time 25 + time < if\n    fire-food-sensor\n  then\nforever\n#end\n';
  const w = new Writer(header('grobots', 'frame', {
    options: { width: size, height: size, frameLimit: frames, seedLimit: 10, watch: [0] },
    world: { width: size, height: size },
    entrants: Array.from({ length: sides }, (_, i) => ({
      name: `Side ${i + 1}`, file: `side${i + 1}.gb`, hash: 'fnv1a64:0123456789abcdef', source, color: colors[i % colors.length],
      types: [{ name: 'Grazer', color: '#ffffff', cost: 300, maxEnergy: 200, maxArmor: 120, radius: 2 }, { name: 'Fighter', color: '#202020', cost: 500, maxEnergy: 300, maxArmor: 250, radius: 2.5 }],
    })),
    kinds: [
      { name: 'robot', fields: ['side', 'type', 'num', 'x', 'y', 'radius', 'vx', 'vy', 'energy', 'armor', 'ctorType', 'ctorProgress', 'shield', 'flag'], scale: [1, 1, 1, 1000, 1000, 1000, 1000, 1000, 10, 10, 1, 10, 1, 1] },
      { name: 'food', fields: ['x', 'y', 'radius', 'value', 'owner'], scale: [1000, 1000, 1000, 10, 1] },
      { name: 'shot', fields: ['type', 'owner', 'x', 'y', 'radius', 'vx', 'vy', 'power'], scale: [1, 1, 1000, 1000, 1000, 1000, 1000, 100] },
      { name: 'area', fields: ['type', 'owner', 'x', 'y', 'radius', 'power', 'angle'], scale: [1, 1, 1000, 1000, 1000, 100, 1] },
      { name: 'sensor', fields: ['robot', 'sensor', 'x', 'y', 'radius'], scale: [1, 1, 1000, 1000, 1000] },
    ],
    shotTypes: ['none', 'blast', 'grenade', 'friendly syphon', 'enemy syphon', 'force field', 'explosion'],
  }));
  let nextId = 1;
  const robots = new Map();
  const foods = new Map();
  const shots = new Map();
  const sensors = new Map();
  const nums = new Array(sides).fill(0);
  const q = (v) => Math.round(v * 1000);
  const robotRow = (r) => [r.side, r.type, r.num, q(r.x), q(r.y), q(r.radius), q(r.vx), q(r.vy), Math.round(r.energy * 10), Math.round(r.armor * 10), 0, 0, 0, 0];
  const spawn = (m, side, x, y) => {
    const r = { id: nextId++, side, type: random() < 0.7 ? 0 : 1, num: ++nums[side], x, y, vx: (random() - 0.5) * 0.4, vy: (random() - 0.5) * 0.4, energy: 100, armor: 100, life: 200 + Math.floor(random() * frames) };
    r.radius = r.type === 0 ? 2 : 2.5;
    robots.set(r.id, r);
    m.new.push([r.id, 0, ...robotRow(r)]);
    m.ev.push(['birth', r.id, `Side ${side + 1} ${r.type === 0 ? 'Grazer' : 'Fighter'} #${r.num} is born`]);
    m.brain.push([r.id, { pc: 0, label: 'start', line: 6, ds: [], rs: [], vars: { 'seen-time': -1000, 'wander-goal': [50, 50] }, status: 'ok' }]);
  };
  for (let t = 0; t <= frames; t++) {
    const m = { new: [], upd: [], del: [], ev: [], brain: [], stat: [] };
    if (t === 0) {
      for (let s = 0; s < sides; s++) for (let k = 0; k < perSide; k++) spawn(m, s, 10 + random() * (size - 20), 10 + random() * (size - 20));
      for (let k = 0; k < 150; k++) {
        const id = nextId++;
        foods.set(id, { x: 2 + random() * (size - 4), y: 2 + random() * (size - 4) });
        m.new.push([id, 1, q(foods.get(id).x), q(foods.get(id).y), q(1.2 + random()), 4000, -1]);
      }
    } else {
      for (const [id, s] of shots) {
        s.x += s.vx;
        s.y += s.vy;
        if (--s.life <= 0) {
          m.del.push(id);
          shots.delete(id);
        } else m.upd.push([id, 2, q(s.x), 3, q(s.y)]);
      }
      for (const [id, s] of sensors) {
        if (--s.life <= 0) {
          m.del.push(id);
          sensors.delete(id);
        }
      }
      for (const r of [...robots.values()]) {
        r.x += r.vx;
        r.y += r.vy;
        if (r.x < r.radius || r.x > size - r.radius) r.vx = -r.vx;
        if (r.y < r.radius || r.y > size - r.radius) r.vy = -r.vy;
        r.x = Math.min(size - r.radius, Math.max(r.radius, r.x));
        r.y = Math.min(size - r.radius, Math.max(r.radius, r.y));
        r.energy = Math.min(200, r.energy + 0.3);
        m.upd.push([r.id, 3, q(r.x), 4, q(r.y), 8, Math.round(r.energy * 10)]);
        if (--r.life <= 0) {
          robots.delete(r.id);
          m.del.push(r.id);
          m.ev.push(['death', r.id, `Side ${r.side + 1} robot #${r.num} dies`]);
          const id = nextId++;
          foods.set(id, { x: r.x, y: r.y });
          m.new.push([id, 1, q(r.x), q(r.y), q(1.5), 3000, r.side]);
          continue;
        }
        if (random() < 0.01) {
          const a = random() * 2 * Math.PI;
          const id = nextId++;
          shots.set(id, { x: r.x, y: r.y, vx: Math.cos(a) * 0.8, vy: Math.sin(a) * 0.8, life: 20 });
          m.new.push([id, 2, 1, r.side, q(r.x), q(r.y), q(0.1875), q(Math.cos(a) * 0.8), q(Math.sin(a) * 0.8), 500]);
        }
        if (random() < 0.004) {
          const id = nextId++;
          sensors.set(id, { life: 15 });
          m.new.push([id, 4, r.id, 1, q(r.x), q(r.y), q(12)]);
        }
        if (random() < 0.0015 && robots.size < sides * perSide * 1.5) spawn(m, r.side, r.x + 3, r.y);
        const watched = r.side === 0;
        if (watched || t % 10 === 0) {
          m.brain.push([r.id, { pc: t % 40, label: `seek+${t % 7}`, line: 6 + (t % 4), ds: [t % 13, r.energy], vars: { 'seen-time': t - (t % 25) } }]);
        }
      }
      if (t % 20 === 0 && foods.size > 0) {
        const id = foods.keys().next().value;
        foods.delete(id);
        m.del.push(id);
      }
      if (t % 20 === 0) {
        const id = nextId++;
        foods.set(id, { x: 2 + random() * (size - 4), y: 2 + random() * (size - 4) });
        m.new.push([id, 1, q(foods.get(id).x), q(foods.get(id).y), q(1.2 + random()), 4000, -1]);
      }
    }
    if (t % 10 === 0 || t === frames) {
      for (let s = 0; s < sides; s++) {
        let bio = 0;
        let pop = 0;
        for (const r of robots.values()) if (r.side === s) { bio += 300 + r.energy; pop++; }
        m.stat.push([Math.round(bio), pop]);
      }
    }
    w.moment(t, m);
  }
  w.end({ t: frames, sides: Array.from({ length: sides }, () => ({ seeded: true, alive: true, fraction: 1 / sides, biomass: 1000 })) });
  return w.text();
}

function robbieRun() {
  const w = new Writer(header('robbie', 'step', {
    options: { stepLimit: 1000 },
    world: { width: 500, height: 300, walls: [[0, 0, 500, 0], [500, 0, 500, 300], [500, 300, 0, 300], [0, 300, 0, 0]], obstacles: [[220, 30, 260, 90]],
      objects: [{ name: 'Cup', grams: 300 }, { name: 'Brick', grams: 3500 }, { name: 'Book', grams: 1200 }] },
    entrants: [{ name: 'Sorter', file: 'sorter.rl', hash: 'fnv1a64:0123456789abcdef', source: 'program "Sorter"\nstart\nrepeat 3 times\n  forward 50\n  grab\n  turn left 90\n  forward 60\n  drop\nendrepeat\nstop\n' }],
    kinds: [
      { name: 'robbie', fields: ['x', 'y', 'heading', 'held', 'timeMs'], scale: [10, 10, 1, 1, 1] },
      { name: 'object', fields: ['object', 'x', 'y', 'held'], scale: [1, 10, 10, 1] },
    ],
  }));
  let x = 50;
  let y = 150;
  let time = 0;
  w.moment(0, { new: [[1, 0, x * 10, y * 10, 0, -1, 0], [2, 1, 0, 1000, 1500, 0], [3, 1, 1, 1500, 1500, 0], [4, 1, 2, 2000, 1500, 0]], brain: [[1, { line: 3, vars: { Position: 0, LastPile: '' }, status: 'ok' }]] });
  let t = 1;
  for (let k = 0; k < 3; k++) {
    x += 50;
    time += 2500;
    w.moment(t++, { upd: [[1, 0, x * 10, 4, time]], ev: [['move', 1, `forward 50: moved 50.0 cm, at (${x}.0, 150.0)`]], brain: [[1, { line: 4, vars: { Position: k + 1 } }]] });
    w.moment(t++, { upd: [[1, 3, k], [2 + k, 3, 1]], ev: [['grab', 1, 'grab: got it']], brain: [[1, { line: 5 }]] });
    time += 1000;
    w.moment(t++, { upd: [[1, 2, 90, 4, time]], ev: [['turn', 1, 'turn left 90']], brain: [[1, { line: 6 }]] });
    time += 3000;
    w.moment(t++, { upd: [[1, 1, 2100, 4, time], [2 + k, 1, x * 10, 2, 2100]], ev: [['move', 1, 'forward 60']], brain: [[1, { line: 7 }]] });
    w.moment(t++, { upd: [[1, 3, -1], [2 + k, 3, 0]], ev: [['drop', 1, 'drop']], brain: [[1, { line: 8, vars: { LastPile: 'light' } }]] });
    time += 4000;
    w.moment(t++, { upd: [[1, 1, 1500, 2, 0, 4, time]], ev: [['move', 1, 'back 60 and turn']], brain: [[1, { line: 4 }]] });
  }
  w.moment(t, { ev: [['stop', 1, 'stop']], brain: [[1, { line: 10, status: 'stopped' }]] });
  w.end({ t, ended: 'stop', report: 'done' });
  return w.text();
}

/** Puts replay bytes and a title into the viewer page template (as chronon does). */
function fillPage(template, bytes, title) {
  return template
    .split('@@CHRONON_REPLAY_BASE64@@').join(Buffer.from(bytes).toString('base64'))
    .split('@@CHRONON_TITLE@@').join(title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
}

module.exports = { robowarDuel, grobotsRound, robbieRun, fillPage };

if (require.main === module) {
  const out = process.argv[2] || '.';
  const big = process.argv.includes('--big');
  fs.mkdirSync(out, { recursive: true });
  const write = (name, text) => {
    const gz = zlib.gzipSync(text);
    fs.writeFileSync(path.join(out, name), gz);
    console.log(`${name}: ${text.length} bytes of text, ${gz.length} gzip`);
  };
  write('duel.replay', robowarDuel());
  write('round.replay', big ? grobotsRound(9, 15000, 12) : grobotsRound());
  write('robbie.replay', robbieRun());
}
