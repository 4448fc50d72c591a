import { type GameOptions, type GameState, loadState, StateError, type Viewer } from 'carcassonne-engine';

// The same game with what nobody may see changed: for the properties that views, bots and the
// analysis hide it.

/** Whether the seed decides anything a state records beyond the bag (who moves first). */
export const seedShows = (o: GameOptions): boolean => o.rules?.firstPlayer === 'random' || o.rules?.firstPlayer === 'draw-roads';

/**
 * The same game with what nobody may see changed: another seed (unless it chose the first
 * player), the bag in another order, and the tiles of every hidden hand but `keep`'s and the
 * player to move's traded with the bag's.
 */
export function hiddenChanged(s: GameState, o: GameOptions, keep: Viewer, r: () => number): GameState | null {
  const t = JSON.parse(JSON.stringify(s)) as { -readonly [K in keyof GameState]: unknown } & {
    tilesLeft: string[];
    hands: string[][] | null;
  };
  if (!seedShows(o)) t.seed = `${String(s.seed)}-other`;
  const pool = [...t.tilesLeft];
  // The tiles the last move put back into the bag stay in it (its events say so).
  const returned: string[] = [];
  for (const e of s.events) if (e.type === 'tile-returned') returned.push(...pool.splice(pool.indexOf(e.tile), 1));
  const hidden = s.rules.hand !== null && !s.rules.hand.visible;
  const traded = (t.hands ?? []).map((_, p) => hidden && p !== keep && p !== s.currentPlayer && s.status === 'playing');
  (t.hands ?? []).forEach((h, p) => {
    if (traded[p]) pool.push(...h);
  });
  for (let i = pool.length - 1; i > 0; i--) {
    const j = r() % (i + 1);
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  const draws = t.draws as { player: number; tile: string; kept: boolean }[];
  (t.hands ?? []).forEach((h, p) => {
    if (!traded[p]) return;
    const given = pool.splice(0, h.length);
    t.hands?.splice(p, 1, given);
    // The hand's tiles are the player's last tiles drawn and kept (in hand order): they are drawn anew.
    let j = draws.length - 1;
    for (let i = h.length - 1; i >= 0; i--) {
      while (j >= 0 && !(draws[j]?.player === p && draws[j]?.kept && draws[j]?.tile === h[i])) j--;
      if (j >= 0) draws[j] = { ...(draws[j] as (typeof draws)[number]), tile: given[i] as string };
      j--;
    }
  });
  t.tilesLeft = [...pool, ...returned];
  try {
    return loadState(t);
  } catch (e) {
    // Another hidden hand is another game only if its tiles could have been drawn when they were
    // (a hand given up draws until tiles fit): the draws say when, and a replay that does not
    // draw as they say goes on otherwise (other hands, discards, events); nor is the order of a
    // hand's tiles the order of the draws after a hand was given up. Such a trade is not made.
    const drawn = (m: string) => /^(tilesLeft: the replay|hands\[\d+\] holds .*, but the replay fills it)/.test(m);
    if (e instanceof StateError && (e.problems.some((p) => p.message.startsWith('draws')) || e.problems.every((p) => drawn(p.message))))
      return null;
    throw e;
  }
}
