import { show } from '../../core/guards.js';
import { hashSeed, mulberry32, startRandom } from '../../core/rng.js';
import { PHASE_DRAW, PHASE_TILE } from '../../kernel/index.js';
import { dealTiles } from '../../rules/deal.js';
import { currentTileOf } from '../play/create.js';
import { setUpBag } from '../setup/saved-setup.js';
import { fillSetUpBag, openSetUp } from '../setup/start.js';
import type { TileDraw } from '../types.js';
import { type LastMove, playPlacement, readPlacement, type Replay, type Replayed } from './replay-turn.js';

// The replay of a saved state that records its draws (every state this version writes but a
// player view): the kernel is dealt the bag as the game began (from the seed, or the set-up), and
// draws, a step at a time, the tiles the state says were drawn, each brought to the top of the
// bag, while the placements are played as moves. The draws, hands, discards and the current tile
// are then what the rules give, whatever hand rule the modules in play have: the state must
// record them so. Only the order of the tiles still in the bag is the state's own (it was shaken
// when tiles went back, or dealt by `drawOrder`).

/** Replays the state of `r` by drawing its draws. */
export function replayDrawn(r: Replay): Replayed {
  const { s, k, tables: T, log, setUp, firstMove, take, fail, note } = r;
  const draws = s.draws as readonly TileDraw[];
  const placements = s.placements as unknown[];
  // A tile the set does not have is named where it is placed, before it is named where drawn.
  for (let i = firstMove; i < placements.length; i++) {
    const id = readPlacement(placements[i], i, fail).tile;
    if (typeof id !== 'string' || !Object.hasOwn(T.typeOf, id)) throw fail(`placements[${i}]: unknown tile ${show(id)}`);
  }
  for (const [i, d] of draws.entries()) if (!Object.hasOwn(T.typeOf, d.tile)) throw fail(`draws[${i}]: unknown tile ${show(d.tile)}`);
  if (setUp === null) {
    const dealt = dealTiles(T.set, [], mulberry32(hashSeed(s.seed as number | string)));
    k.setBag(
      [],
      dealt.map((id) => T.typeOf[id] as number),
    );
  } else fillSetUpBag(k, setUp.start, setUpBag(T, setUp.start, (s.setup as { removed: string[] }).removed));
  k.setScript(Int16Array.from(draws, (d) => T.typeOf[d.tile] as number));
  const drawn: TileDraw[] = [];
  let seen = log.length;
  const collect = () => {
    for (; seen < log.length; seen++) {
      const e = log[seen];
      if (e?.type === 'drew') drawn.push({ turn: k.turn, player: e.player, tile: T.ids[e.tile] as string, kept: e.kept });
    }
    if (k.scriptMiss >= 0) {
      const d = draws[k.scriptMiss];
      throw fail(
        d === undefined
          ? `draws lists ${draws.length} tiles, but the game drew more`
          : `draws[${k.scriptMiss}] is tile ${d.tile}, which was not in the bag then`,
      );
    }
  };
  // The start as createGame made it (who moves first, from the seed); a set-up says who moves.
  if (setUp === null) {
    k.begin(startRandom(s.seed as number | string), log);
    k.drawNext(log);
  } else openSetUp(k, setUp.start, log);
  collect();
  let last: LastMove = { lastTurn: 0, stepStarts: [] };
  // At the action step (or a module's step), the last placement waits for the rest of its turn.
  const pending = s.step !== 'tile';
  for (let i = firstMove; i < placements.length; i++) {
    const p = readPlacement(placements[i], i, fail);
    const t = take(p.tile, `placements[${i}]`);
    const id = p.tile as string;
    const move = `the move of placements[${i}]`;
    if (k.finished) throw fail(`draws: ${move} places tile ${id}, but no tile was left to draw`);
    if (k.handSize > 0) {
      let held = false;
      for (let j = 0; j < k.handCount(k.current); j++) held ||= k.handTile(k.current, j) === t;
      if (!held) throw fail(`draws: tile ${id} of ${move} was not drawn into player ${k.current}'s hand`);
    } else if (k.currentType !== t) {
      throw fail(`draws: ${move} places tile ${id}, but the tile drawn then is ${T.ids[k.currentType]}`);
    }
    if (p.player !== k.current)
      note(`placements[${i}] was placed by player ${show(p.player)}, out of turn (player ${k.current} was to move)`);
    const waits = pending && i === placements.length - 1;
    last = playPlacement(r, i, p, waits);
    if (!waits && k.phase === PHASE_DRAW) k.draw(log);
    collect();
  }
  k.setScript(null);
  // The tiles of the set counted (the replay compares them with the record: load-checks.ts).
  for (const [j, id] of (s.discarded as unknown[]).entries()) take(id, `discarded[${j}]`);
  if (k.handSize > 0)
    for (const [pl, h] of (s.hands as unknown[][]).entries()) for (const [j, id] of h.entries()) take(id, `hands[${pl}][${j}]`);
  // The tile to place is drawn (at the action step it is the tile placed, counted with the placements).
  if (k.phase === PHASE_TILE && currentTileOf(k) !== null && s.currentTile !== null) take(s.currentTile, 'currentTile');
  // The bag holds the tiles left, in the record's order when they are the same tiles.
  const bag = (s.tilesLeft as unknown[]).map((id, j) => take(id, `tilesLeft[${j}]`));
  const sorted = (a: ArrayLike<number>) =>
    Array.from(a)
      .sort((x, y) => x - y)
      .join();
  if (sorted(k.bag.subarray(k.bagPos, k.bagLen)) === sorted(bag)) k.setBag(Array.from(k.bag.subarray(0, k.bagPos)), bag);
  return { ...last, draws: drawn };
}
