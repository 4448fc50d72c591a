import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allExpansions,
  applyMove,
  createGame,
  EXPANSIONS,
  type GameState,
  isTileId,
  legalMoves,
  loadState,
  OptionsError,
  StateError,
  tileIds,
  tower,
  useExpansions,
  validateOptions,
  validateState,
} from 'carcassonne-engine';
import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
import { greedyBot, mctsBot } from 'carcassonne-engine/bots';
import { forgetExpansions } from '../../src/rules/registry.js';

// An app plays the expansions it registers (useExpansions), and a game never depends on which
// others it registered: the same options give the same states and codes.

/** A game played to the end by the greedy bot, as JSON. */
function played(options: Parameters<typeof createGame>[0]): string {
  let s = createGame(options);
  while (s.status === 'playing') s = applyMove(s, greedyBot(s));
  return JSON.stringify(s);
}

/** The codes an engine lists along a random playout, and its final scores. */
function engineGame(options: Parameters<typeof Engine.create>[0]): string {
  const e = Engine.create(options);
  const codes: number[] = [];
  const random = seededRandom(3);
  while (e.status === 'playing') {
    const moves = e.legalMoves();
    codes.push(...moves);
    e.play(moves[Math.floor(random() * moves.length)] as number);
  }
  return `${codes.join()}|${e.scores().join()}`;
}

describe('useExpansions: a process plays the expansions it registers', () => {
  beforeEach(() => forgetExpansions());
  afterEach(() => useExpansions(...allExpansions));

  it('without any, the base game plays and an expansion is refused with its own code and how to load it', () => {
    expect(createGame({ players: 2, seed: 1 }).expansions).toEqual([]);
    const problems = validateOptions({ players: 2, seed: 1, expansions: ['tower', 'dragons'] });
    expect(problems.map((p) => p.code)).toEqual(['expansion-not-loaded', 'invalid-expansion']);
    expect(problems[0]?.message).toBe(
      "the expansion tower is not loaded: import tower and pass it to useExpansions (import { tower, useExpansions } from 'carcassonne-engine')",
    );
    expect(problems[1]?.message).toBe(`unknown expansion "dragons" (known: ${EXPANSIONS.join(', ')})`);
    expect(() => createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals'] })).toThrow(OptionsError);
    // Its tiles are unknown too (the print-and-play demo's two borrowed tiles IC-D and IC-J aside).
    expect(isTileId('TO-C')).toBe(false);
    expect(tileIds().filter((id) => /^(TO|TB|RV|IC)-/.test(id) || id.endsWith('-garden'))).toEqual(['IC-D', 'IC-J']);
  });

  it('a saved state of an expansion not registered is refused; registered, it loads', () => {
    useExpansions(tower);
    let s = createGame({ players: 2, seed: 4, expansions: ['tower'] });
    for (let i = 0; i < 12; i++) s = applyMove(s, legalMoves(s)[i % legalMoves(s).length] as never);
    const json = JSON.parse(JSON.stringify(s)) as GameState;
    forgetExpansions();
    expect(validateState(json).map((p) => p.code)).toContain('expansion-not-loaded');
    expect(() => loadState(json)).toThrow(StateError);
    useExpansions(tower);
    expect(loadState(json)).toEqual(s);
  });

  it('registers each expansion once, in the order states list them, whatever the order asked', () => {
    const [river, abbot, innsCathedrals] = allExpansions as [never, never, never];
    expect(useExpansions(tower, innsCathedrals)).toEqual(['inns-cathedrals', 'tower']);
    expect(useExpansions(river, tower, abbot)).toEqual(['river', 'abbot', 'inns-cathedrals', 'tower']);
    expect(useExpansions()).toEqual(['river', 'abbot', 'inns-cathedrals', 'tower']);
    expect(tileIds().includes('TO-C') && !tileIds().includes('TB-A')).toBe(true);
  });

  it('refuses what is not an expansion of this library with a typed error, never reading a getter', () => {
    let read = false;
    const sly = Object.defineProperty({ name: 'tower' }, 'rules', {
      get() {
        read = true;
        return {};
      },
    });
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
      },
    );
    for (const junk of [null, 5, 'tower', { name: 'tower' }, { name: 'x', rules: { name: 'y' } }, sly, hostile, []]) {
      let error: unknown;
      try {
        useExpansions(junk as never);
      } catch (e) {
        error = e;
      }
      expect(error instanceof OptionsError && error.code === 'invalid-expansion', String(junk)).toBe(true);
    }
    expect(read).toBe(false);
    expect(useExpansions()).toEqual([]);
  });

  it('a game is the same whichever other expansions are registered: states, move codes, scores', () => {
    const base = { players: 3, seed: 'same' } as const;
    const withTower = { players: 2, seed: 'same tower', expansions: ['tower'] } as const;
    const searched = (options: Parameters<typeof createGame>[0]) => {
      let s = createGame(options);
      for (let i = 0; i < 4; i++) s = applyMove(s, mctsBot(s, { iterations: 40, seed: i }));
      return JSON.stringify(s);
    };
    const alone = played(base);
    const engineAlone = engineGame(base);
    useExpansions(tower);
    const towerOnly = played(withTower);
    const towerCodes = engineGame(withTower);
    const towerSearched = searched(withTower);
    useExpansions(...allExpansions);
    expect(played(base)).toBe(alone);
    expect(engineGame(base)).toBe(engineAlone);
    expect(played(withTower)).toBe(towerOnly);
    expect(engineGame(withTower)).toBe(towerCodes);
    expect(searched(withTower)).toBe(towerSearched);
    // And a base game's records hold no expansion's field.
    expect(Object.keys(JSON.parse(alone).players[0])).toEqual(['name', 'score', 'meeples']);
  });

  it('an engine plays what is registered (random playouts of every expansion alone)', () => {
    for (const e of allExpansions) {
      forgetExpansions();
      useExpansions(e);
      const engine = Engine.create({ players: 2, seed: e.name, expansions: [e.name] });
      randomPlayout(engine, seededRandom(1));
      expect(engine.status, e.name).toBe('finished');
      expect(engine.toState().expansions).toEqual([e.name]);
    }
  });
});
