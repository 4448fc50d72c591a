// Generates tests/fixtures/perft.json: seeded random games played with the engine (legal move
// counts per turn, the moves chosen, the tiles drawn, the final scores) and perft counts, a
// regression record for move generation and scoring. tests/engine/perft.test.ts checks every
// figure against the engine and the pure API. And tests/fixtures/perft-tower.json: games with The
// Tower played a step at a time (tests/engine/perft-tower.test.ts).
//
//   npm run perft              build, regenerate the fixture and print a summary
//   npm run perft -- --check   build, regenerate in memory, exit 1 if the file differs
//
// Imports the built package (npm run build), as a user would.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allExpansions, createGame, useExpansions } from 'carcassonne-engine';
import { Engine, perft, seededRandom } from 'carcassonne-engine/engine';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

const FIXTURE = fileURLToPath(new URL('../tests/fixtures/perft.json', import.meta.url));
const TOWER_FIXTURE = fileURLToPath(new URL('../tests/fixtures/perft-tower.json', import.meta.url));

/** The position (after this many turns of the recorded game) where the mid-game perft is taken. */
const MID_TURN = 20;

/**
 * The games: options for createGame, and the seed of the seededRandom that picks the moves.
 * `deepest` is the deepest perft taken from the start position (4 only where it is quick).
 */
const GAMES = [
  { options: { players: 2, seed: 1 }, playout: 1, deepest: 3 },
  { options: { players: 3, seed: 'perft', edition: 'first' }, playout: 'three', deepest: 3 },
  { options: { players: 4, seed: 2024, edition: 'second', rules: { farmers: 'farm-3' } }, playout: 4, deepest: 3 },
  { options: { players: 5, seed: 77, edition: 'current', rules: { farmers: 'none', smallCity: 2 } }, playout: 55, deepest: 3 },
  { options: { players: 2, seed: 'demo', tileSet: 'pnp-demo', edition: 'first', rules: { farmers: 'city-4' } }, playout: 2, deepest: 4 },
  {
    options: { players: 3, seed: 6, tileSet: 'pnp-demo', edition: 'current', rules: { farmers: 'farm-3-once', smallCity: 4 } },
    playout: 'pnp',
    deepest: 3,
  },
  // The River and The Abbot (added after the base games, whose entries stay as they were).
  { options: { players: 3, seed: 'river abbot', expansions: ['river', 'abbot'] }, playout: 'ra', deepest: 4 },
  { options: { players: 4, seed: 404, edition: 'second', expansions: ['abbot'], rules: { gardens: false } }, playout: 'abbot', deepest: 3 },
  { options: { players: 2, seed: 'first land', expansions: ['river'], rules: { riverStartTile: 'first-land' } }, playout: 12, deepest: 4 },
  // Inns & Cathedrals (added after The River and The Abbot, whose entries stay as they were):
  // alone with six players, and all three expansions together.
  { options: { players: 6, seed: 'inns', expansions: ['inns-cathedrals'] }, playout: 'ic', deepest: 3 },
  {
    options: { players: 3, seed: 'all three', edition: 'first', expansions: ['river', 'abbot', 'inns-cathedrals'] },
    playout: 'all',
    deepest: 3,
  },
  // Traders & Builders (added after Inns & Cathedrals, whose entries stay as they were): alone, and
  // all four expansions together; playout seeds whose games deploy builders and pigs and give
  // builders' second tiles.
  { options: { players: 3, seed: 'traders', expansions: ['traders-builders'] }, playout: 'tb3', deepest: 3 },
  {
    options: {
      players: 4,
      seed: 'all four',
      edition: 'second',
      expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'],
      rules: { farmers: 'farm-3' },
    },
    playout: 'a44',
    deepest: 3,
  },
];

/**
 * Games with The Tower, whose turns go on after the action (a capture, an exchange) and whose
 * ransom comes before it: played a step at a time, a rule module's move chosen half the time when
 * there is one, so that floors, captures and ransoms happen. The mid-game perft is taken at the
 * first tile step after MID_STEPS steps.
 */
const TOWER_GAMES = [
  { options: { players: 2, seed: 'tower', expansions: ['tower'] }, playout: 'tower', deepest: 3, midDeepest: 2 },
  {
    options: { players: 4, seed: 'all five', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders', 'tower'] },
    playout: 'five',
    deepest: 3,
    midDeepest: 2,
  },
];
const MID_STEPS = 60;

/** perft at depths 1..deepest: [perft(1), perft(2), ...]. */
function perfts(engine, deepest) {
  const out = [];
  for (let d = 1; d <= deepest; d++) out.push(perft(engine, d));
  return out;
}

function record({ options, playout, deepest }) {
  const t0 = performance.now();
  const engine = Engine.fromState(createGame(options));
  const start = engine.clone();
  let mid = null;
  const random = seededRandom(playout);
  const buffer = new Float64Array(engine.maxMoves);
  const tiles = [];
  const counts = [];
  const moves = [];
  while (engine.status === 'playing') {
    if (engine.turn === MID_TURN) mid = engine.clone();
    tiles.push(engine.currentTile);
    const n = engine.legalTurns(buffer);
    counts.push(n);
    const code = buffer[Math.floor(random() * n)];
    moves.push(code);
    engine.playTurn(code);
  }
  const t1 = performance.now();
  const perftPositions = [{ turn: 0, counts: perfts(start, deepest) }];
  if (mid !== null) perftPositions.push({ turn: MID_TURN, counts: perfts(mid, 3) });
  const t2 = performance.now();
  return {
    entry: {
      options,
      playoutSeed: playout,
      turns: moves.length,
      scores: engine.scores(),
      tiles,
      legalMoveCounts: counts,
      moves,
      perft: perftPositions,
    },
    playMs: t1 - t0,
    perftMs: t2 - t1,
  };
}

/** A Tower game played a step at a time: each step's name, legal move count and the code played. */
function recordSteps({ options, playout, deepest, midDeepest }) {
  const t0 = performance.now();
  const engine = Engine.fromState(createGame(options));
  const start = engine.clone();
  let mid = null;
  let midStep = -1;
  const random = seededRandom(playout);
  const buffer = new Int32Array(engine.maxMoves);
  const steps = [];
  const counts = [];
  const moves = [];
  while (engine.status === 'playing') {
    if (mid === null && moves.length >= MID_STEPS && engine.step === 'tile') {
      mid = engine.clone();
      midStep = moves.length;
    }
    const n = engine.legalMoves(buffer);
    const listed = Array.from(buffer.subarray(0, n));
    const theirs = listed.filter(
      (code) => engine.moveOf(code).type !== 'tile' && !['meeple', 'recall', 'pass'].includes(engine.moveOf(code).type),
    );
    const from = theirs.length > 0 && random() < 0.5 ? theirs : listed;
    const code = from[Math.floor(random() * from.length)];
    steps.push(engine.step);
    counts.push(n);
    moves.push(code);
    engine.play(code);
  }
  const t1 = performance.now();
  const perftPositions = [{ step: 0, counts: perfts(start, deepest) }];
  if (mid !== null) perftPositions.push({ step: midStep, counts: perfts(mid, midDeepest) });
  const t2 = performance.now();
  return {
    entry: { options, playoutSeed: playout, steps, legalMoveCounts: counts, moves, scores: engine.scores(), perft: perftPositions },
    playMs: t1 - t0,
    perftMs: t2 - t1,
  };
}

/** JSON with 2-space indents, short arrays and arrays of numbers or strings kept on (wrapped) lines. */
function pretty(value, indent = '') {
  const width = 100;
  const inner = `${indent}  `;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => v === null || typeof v !== 'object')) {
      const items = value.map((v) => JSON.stringify(v));
      const one = `[${items.join(', ')}]`;
      if (indent.length + one.length <= width) return one;
      const lines = [];
      let line = '';
      for (const item of items) {
        if (line !== '' && inner.length + line.length + item.length + 2 > width) {
          lines.push(line);
          line = '';
        }
        line += line === '' ? item : ` ${item}`;
        line += ',';
      }
      lines.push(line.slice(0, -1));
      return `[\n${lines.map((l) => inner + l).join('\n')}\n${indent}]`;
    }
    return `[\n${value.map((v) => inner + pretty(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  if (entries.every(([, v]) => v === null || typeof v !== 'object')) {
    const one = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
    if (indent.length + one.length <= width) return one;
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`).join(',\n')}\n${indent}}`;
}

const check = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`perft: unknown argument(s) ${unknown.join(' ')} (usage: node scripts/perft.mjs [--check])`);
  process.exit(2);
}

const results = GAMES.map(record);
const fixture = {
  description:
    'Seeded random games played with carcassonne-engine/engine: each turn the whole turn is moves[Math.floor(r() * n)] of ' +
    'engine.legalTurns() with r = seededRandom(playoutSeed). tiles[i] is the tile placed at turn i, legalMoveCounts[i] ' +
    'the number of legal turns, moves[i] the turn code played; scores are the final totals. perft counts are ' +
    'perft(engine, depth) for depth 1, 2, ... after `turn` turns of the game. Generated by scripts/perft.mjs ' +
    '(npm run perft); checked by tests/engine/perft.test.ts.',
  midTurn: MID_TURN,
  games: results.map((r) => r.entry),
};
const text = `${pretty(fixture)}\n`;
const towerResults = TOWER_GAMES.map(recordSteps);
const towerText = `${pretty({
  description:
    'Seeded random games with The Tower played a step at a time with carcassonne-engine/engine: at each step, with ' +
    "r = seededRandom(playoutSeed), the move is chosen among the rule modules' moves when there are some and r() < 0.5, " +
    'else among all of engine.legalMoves(), as from[Math.floor(r() * from.length)]. steps[i] is the step (tile, action, ' +
    'capture, …), legalMoveCounts[i] the number of legal moves, moves[i] the code played; scores are the final totals. ' +
    'perft counts are perft(engine, depth) for depth 1, 2, ... after `step` steps, a turn counting with every step ' +
    'of it. Generated by scripts/perft.mjs (npm run perft); checked by tests/engine/perft-tower.test.ts.',
  midSteps: MID_STEPS,
  games: towerResults.map((r) => r.entry),
})}\n`;

for (const { entry, playMs, perftMs } of results) {
  const o = entry.options;
  const extras = [
    ...(o.expansions ?? []),
    ...(o.rules?.riverStartTile ? [o.rules.riverStartTile] : []),
    ...(o.rules?.gardens === false ? ['no gardens'] : []),
  ];
  const label = `${o.players}p ${o.tileSet ?? 'base'} ${o.edition ?? 'current'} ${o.rules?.farmers ?? 'default'}${extras.map((x) => ` +${x}`).join('')} seed ${JSON.stringify(o.seed)}`;
  const sum = entry.legalMoveCounts.reduce((a, b) => a + b, 0);
  const pf = entry.perft.map((p) => `@${p.turn}: ${p.counts.join('/')}`).join('  ');
  console.log(
    `${label.padEnd(60)} ${String(entry.turns).padStart(3)} turns, ${String(sum).padStart(5)} moves seen, ` +
      `scores ${entry.scores.join('-')}  perft ${pf}  (${playMs.toFixed(0)} + ${perftMs.toFixed(0)} ms)`,
  );
}
for (const { entry, playMs, perftMs } of towerResults) {
  const o = entry.options;
  const label = `${o.players}p +${o.expansions.join(' +')} seed ${JSON.stringify(o.seed)}`;
  const pf = entry.perft.map((p) => `@${p.step}: ${p.counts.join('/')}`).join('  ');
  const kinds = {};
  for (const st of entry.steps) kinds[st] = (kinds[st] ?? 0) + 1;
  console.log(
    `${label.padEnd(60)} ${String(entry.steps.length).padStart(3)} steps (${Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}), scores ${entry.scores.join('-')}  perft ${pf}  (${playMs.toFixed(0)} + ${perftMs.toFixed(0)} ms)`,
  );
}
console.log(
  `${check ? 'regenerated' : 'wrote'} ${FIXTURE.replace(`${process.cwd()}/`, '')}: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB, ${TOWER_FIXTURE.replace(`${process.cwd()}/`, '')}: ${(Buffer.byteLength(towerText) / 1024).toFixed(1)} KB`,
);

if (check) {
  let current = null;
  let currentTower = null;
  try {
    current = readFileSync(FIXTURE, 'utf8');
    currentTower = readFileSync(TOWER_FIXTURE, 'utf8');
  } catch {
    console.error('perft --check: a fixture is missing; run npm run perft');
    process.exit(1);
  }
  if (current !== text || currentTower !== towerText) {
    console.error('perft --check: the fixture differs from what the engine now gives; if the change is intended, run npm run perft');
    process.exit(1);
  }
  console.log('perft --check: the fixture is up to date');
} else {
  mkdirSync(dirname(FIXTURE), { recursive: true });
  writeFileSync(FIXTURE, text);
  writeFileSync(TOWER_FIXTURE, towerText);
}
