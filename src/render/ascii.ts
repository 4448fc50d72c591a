import type { Edge, Spot } from '../core/geometry.js';
import { wordsOf } from '../rules/words.js';
import { activeModules } from '../rules/tiles.js';
import { tileFeatures } from '../rules/catalogue.js';
import type { TileView } from '../tiles/spots.js';
import { checked } from '../api/state/kernels.js';
import type { GameState, PlayerView } from '../api/types.js';

// Each tile is drawn as 5 characters by 3 lines; neighbouring tiles touch, so roads and cities
// run on across tiles:  '#' city, '*' city with a pennant, '-' '|' '+' road, 'C' cloister, '.'
// field, then what the rule modules draw of their features (their words' `draw`: a river '~' and its
// spring or lake 'o', a garden 'g', an inn 'i', a cathedral '^', goods '$'), and a digit for a
// meeple (player index + 1) at the spot it stands on.
const W = 5;
const H = 3;

/** Where each spot's meeple is drawn inside a tile's 5×3 block: [row, column]. */
const SPOT_CELL: Record<Spot, readonly [number, number]> = {
  N: [0, 2],
  E: [1, 4],
  S: [2, 2],
  W: [1, 0],
  C: [1, 2],
  I: [1, 1],
  G: [1, 2],
  NNW: [0, 1],
  NNE: [0, 3],
  ENE: [0, 4],
  ESE: [2, 4],
  SSE: [2, 3],
  SSW: [2, 1],
  WSW: [2, 0],
  WNW: [0, 0],
};

function drawTile(v: TileView): string[][] {
  const city = (e: Edge) => v.edges[e] === 'city';
  const road = (e: Edge) => v.edges[e] === 'road';
  const edge = (e: Edge) => (city(e) ? '#' : road(e) ? (e === 'N' || e === 'S' ? '|' : '-') : '.');
  const roads = v.features.filter((f) => f.kind === 'road');
  const wideCity = v.features.find((f) => f.kind === 'city' && f.edges.length >= 2);
  const cityRow = (e: Edge) => (city(e) ? '#' : '.');
  const corner = (a: Edge, b: Edge) => (city(a) || city(b) ? '#' : '.');
  const side = (e: Edge) => (road(e) ? '-' : city(e) && wideCity?.kind === 'city' && wideCity.edges.includes(e) ? '#' : '.');

  let centre = '.';
  const through = roads.length === 1 && roads[0]?.kind === 'road' && roads[0].edges.length === 2 ? roads[0].edges : null;
  if (v.features.some((f) => f.kind === 'cloister')) centre = 'C';
  else if (roads.length >= 2) centre = '+';
  else if (through !== null) {
    const horizontal = (e: Edge | undefined) => e === 'E' || e === 'W';
    const [a, b] = through;
    centre = horizontal(a) && horizontal(b) ? '-' : !horizontal(a) && !horizontal(b) ? '|' : '+';
  } else if (wideCity?.kind === 'city') centre = wideCity.pennants > 0 ? '*' : '#';
  else if (roads.length === 1) centre = road('N') || road('S') ? '|' : '-';

  const block = [
    [corner('N', 'W'), cityRow('N'), edge('N'), cityRow('N'), corner('N', 'E')],
    [edge('W'), side('W'), centre, side('E'), edge('E')],
    [corner('S', 'W'), cityRow('S'), edge('S'), cityRow('S'), corner('S', 'E')],
  ];
  // The features of every module are drawn wherever the tile data holds them (the print-and-play
  // set has tiles with inns), in registry order.
  for (const w of wordsOf()) w.draw?.(v, block);
  return block;
}

/**
 * The board as ASCII art: 5×3 characters per tile, north up, with a legend line. Meeples are
 * drawn as their owner's number (player index + 1). With hands of tiles (`rules.hand`), a last
 * line lists each player's hand by the same number (a tile hidden from a player view as `?`).
 *
 * @example
 * ```ts
 * import { createGame, renderAscii } from 'carcassonne-engine';
 *
 * console.log(renderAscii(createGame({ players: 2, seed: 1 })));
 * // → #####
 * // → -----
 * // → .....
 * // → x 0..0, y 0..0; # city, * pennant, - | + road, C cloister, . field, digits: meeples
 * ```
 */
export function renderAscii(input: GameState | PlayerView): string {
  const { state } = checked(input);
  // Hands of tiles (a house rule), by player number as the meeples are: the hands a state holds.
  const hands =
    state.hands === null
      ? []
      : [
          `hands: ${(state.hands as readonly (readonly (string | null)[])[]).map((h, i) => `${i + 1}: ${h.length > 0 ? h.map((t) => t ?? '?').join(' ') : '(none)'}`).join('; ')}`,
        ];
  // The start tile in the bag (a house rule): before the first move the board is empty.
  if (state.placements.length === 0) return ['the board is empty: the first tile goes to (0, 0)', ...hands].join('\n');
  const xs = state.placements.map((p) => p.x);
  const ys = state.placements.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const cols = (Math.max(...xs) - minX + 1) * W;
  const rows = (Math.max(...ys) - minY + 1) * H;
  const canvas = Array.from({ length: rows }, () => new Array<string>(cols).fill(' '));
  for (const p of state.placements) {
    const view = tileFeatures(p.tile, p.rotation);
    if (view === null) continue;
    const block = drawTile(view);
    const ox = (p.x - minX) * W;
    const oy = (p.y - minY) * H;
    for (const [r, line] of block.entries()) {
      for (const [c, ch] of line.entries()) (canvas[oy + r] as string[])[ox + c] = ch;
    }
  }
  for (const m of state.meeples) {
    const [r, c] = SPOT_CELL[m.at];
    (canvas[(m.y - minY) * H + r] as string[])[(m.x - minX) * W + c] = String(m.owner + 1);
  }
  const rules = state.rules as unknown as Record<string, unknown>;
  const active = new Set(activeModules(state.expansions, rules).map((m) => m.name));
  const extra = wordsOf()
    .filter((w) => active.has(w.module))
    .flatMap((w) => (typeof w.legend === 'function' ? w.legend(rules) : (w.legend ?? [])))
    .map((entry) => `, ${entry}`)
    .join('');
  const legend = `x ${minX}..${minX + cols / W - 1}, y ${minY}..${minY + rows / H - 1}; # city, * pennant, - | + road, C cloister${extra}, . field, digits: meeples`;
  return [...canvas.map((line) => line.join('').replace(/\s+$/, '')), legend, ...hands].join('\n');
}
