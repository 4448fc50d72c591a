// The pictures of the guides (docs/pictures/*.svg), drawn by the renderer from positions and seeded
// games, so that they show what the library draws today. `npm run docs` writes them;
// tests/docs/pictures.test.ts fails while a committed picture differs from what this makes.
//
//   node scripts/docs-pictures.mjs            (after npm run build) writes docs/pictures/
//   node scripts/docs-pictures.mjs --check    exits 1 and names the pictures out of date
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allExpansions, applyMove, createGame, legalTurns, movesAt, previewMove, setupGame, useExpansions } from 'carcassonne-engine';
import { parsePosition } from 'carcassonne-engine/notation';
import { renderSvg, renderTileSvg } from 'carcassonne-engine/render';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

/** The puzzle of docs/guides/tutorial.md: Ann to place E and close her city for the most points. */
export const PUZZLE = 'game {"players":["Ann","Bob"]} / board D 0,0; G 0,-1 r90 p0 knight N; U -1,0 / scores 10 12 / turn p0 E';

/**
 * The move that gains the mover the most points now (a figure costs half a point); of equal moves
 * the one nearest the start tile, so that the board stays round enough to picture.
 */
function greedy(state) {
  let best = null;
  let gain = Number.NEGATIVE_INFINITY;
  for (const move of legalTurns(state)) {
    const points = previewMove(state, move).scores[state.currentPlayer] - state.players[state.currentPlayer].score;
    const g = points - (move.meeple ? 0.5 : 0) - (move.x * move.x + move.y * move.y) / 1e4;
    if (g > gain) {
      best = move;
      gain = g;
    }
  }
  return best;
}

/** A seeded game between two greedy players, `moves` moves in (or to its end). */
function greedyGame(options, moves) {
  let state = createGame(options);
  for (let i = 0; i < moves && state.status === 'playing'; i++) state = applyMove(state, greedy(state));
  return state;
}

/** Every picture: file name → SVG text. */
export function pictures() {
  const start = createGame({ players: ['Ann', 'Bob'], seed: 'docs' });
  const game = greedyGame({ players: ['Ann', 'Bob'], seed: 'docs' }, 16);
  const end = greedyGame({ players: ['Ann', 'Bob', 'Cy'], seed: 'docs-end', expansions: ['inns-cathedrals'] }, 200);
  const puzzle = setupGame(parsePosition(PUZZLE));
  // A frontend between two clicks: the tile placed as a ghost, its spots offered as numbered rings.
  const ghostAt = { x: 0, y: -2, rotation: 180 };
  const spots = [...new Set(movesAt(puzzle, ghostAt).flatMap((m) => (m.meeple ? [m.meeple.at] : [])))].map((at) => ({ ...ghostAt, at }));
  const city = setupGame(parsePosition('board D 0,0; G 0,-1 r90 p0 knight N / turn p0 E'));
  const field = setupGame(parsePosition('board D 0,0; E 0,-1 r180; U -1,0 p1 farmer NNW; K 1,0 r90 / turn p0 E'));
  const tiles = ['D', 'E', 'U', 'V', 'B', 'F', 'IC-D', 'TB-F'];
  return {
    'tiles.svg': tileRow(tiles),
    'start.svg': renderSvg(start, { scores: true, coordinates: true, tileSize: 56, title: 'The start of a game' }),
    'game.svg': renderSvg(game, { scores: true, coordinates: true, tileSize: 48, title: 'Sixteen moves into a game' }),
    'end.svg': renderSvg(end, { scores: true, tileSize: 32, title: 'A finished game with Inns & Cathedrals' }),
    'puzzle.svg': renderSvg(puzzle, { scores: true, coordinates: true, tileSize: 64, title: 'A puzzle: Ann to place E' }),
    'choosing.svg': renderSvg(puzzle, {
      legal: false,
      ghost: { tile: 'E', ...ghostAt },
      spots,
      coordinates: true,
      tileSize: 64,
      title: 'E placed as a ghost, its spots offered',
    }),
    'rules-city.svg': renderSvg(applyMove(city, { x: 0, y: -2, rotation: 180 }), {
      coordinates: true,
      tileSize: 64,
      title: 'A city of three tiles completed',
    }),
    'rules-field.svg': renderSvg(field, {
      coordinates: true,
      tileSize: 64,
      legal: false,
      title: 'A farmer in the field beside a completed city',
    }),
  };
}

/** Tiles side by side, each with its id below, in one picture. */
function tileRow(ids) {
  const size = 64;
  const gap = 16;
  const cells = ids.map((id, i) => {
    const x = i * (size + gap);
    const tile = renderTileSvg(id, 0, { size }).replace('<svg ', `<svg x="${x}" y="0" `);
    return `${tile}<text x="${x + size / 2}" y="${size + 16}" text-anchor="middle" font-family="sans-serif" font-size="13">${id}</text>`;
  });
  const width = ids.length * (size + gap) - gap;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${size + 22}" viewBox="0 0 ${width} ${size + 22}" role="img"><title>Tiles: ${ids.join(', ')}</title>${cells.join('')}</svg>\n`;
}

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/pictures');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  mkdirSync(DIR, { recursive: true });
  for (const [name, svg] of Object.entries(pictures())) {
    const file = path.join(DIR, name);
    let old = null;
    try {
      old = readFileSync(file, 'utf8');
    } catch {}
    if (old === svg) continue;
    if (check) stale.push(name);
    else writeFileSync(file, svg);
  }
  if (stale.length > 0) {
    console.error(`docs/pictures out of date: ${stale.join(', ')} (npm run docs writes them)`);
    process.exit(1);
  }
}
