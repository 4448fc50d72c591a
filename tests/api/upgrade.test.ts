import { describe, expect, it } from 'vitest';
import { playTradersHeavy } from '../support/play';
import {
  applyMove,
  createGame,
  type GameState,
  legalTurns,
  loadState,
  type TurnMove,
  type Spot,
  validateMove,
  validateState,
} from 'carcassonne-engine';

/** A state as 0.1.0 saved it: version 1, without the fields the expansions added. */
function asVersion1(state: GameState): unknown {
  const json = JSON.parse(JSON.stringify(state)) as Record<string, unknown> & {
    rules: Record<string, unknown>;
    players: Record<string, unknown>[];
    placements: Record<string, unknown>[];
  };
  json.version = 1;
  delete json.expansions;
  delete json.rules.riverStartTile;
  delete json.rules.gardens;
  for (const p of json.players) {
    delete p.abbots;
    delete p.largeMeeples;
    delete p.builders;
    delete p.pigs;
    delete p.floors;
    delete p.goods;
  }
  for (const p of json.placements) delete p.recall;
  return json;
}

describe('version-1 states (saved by 0.1.0)', () => {
  it('load as the base game they stand for, as version 2, and play on', () => {
    let s = createGame({ players: 3, seed: 'old save', edition: 'second' });
    for (let i = 0; i < 20; i++) s = applyMove(s, legalTurns(s)[i % 3] ?? (legalTurns(s)[0] as never));
    const old = asVersion1(s);
    expect(validateState(old)).toEqual([]);
    const loaded = loadState(old);
    expect(loaded).toEqual(s);
    expect(loaded.version).toBe(2);
    expect(legalTurns(loaded)).toEqual(legalTurns(s));
    expect(applyMove(loaded, legalTurns(loaded)[0] as never)).toEqual(applyMove(s, legalTurns(s)[0] as never));
  });

  it("upgrade to a base game: no expansion's fields, no builder's second tile", () => {
    let s = createGame({ players: 4, seed: 'old save 2', rules: { farmers: 'farm-3' } });
    for (let i = 0; i < 30; i++) s = applyMove(s, legalTurns(s)[(i * 7) % legalTurns(s).length] as never);
    const old = asVersion1(s) as { players: Record<string, unknown>[] };
    expect(Object.keys(old.players[0] as object).sort()).toEqual(['meeples', 'name', 'score']);
    expect('builderTurn' in old).toBe(false);
    const loaded = loadState(old);
    expect(loaded.expansions).toEqual([]);
    expect(loaded.extraTurn).toBe(null);
    for (const p of loaded.players) expect(Object.keys(p)).toEqual(['name', 'score', 'meeples']);
    expect(loaded.placements.every((p) => p.recall === null)).toBe(true);
    expect(loaded).toEqual(s);
    // And the move a builder would need is refused: there is no Traders & Builders in a version-1 game.
    const move = legalTurns(loaded).find((m) => m.meeple?.kind === 'follower' && m.meeple.at.length === 1);
    expect(move).toBeDefined();
    expect(validateMove(loaded, { ...(move as TurnMove), meeple: { at: move?.meeple?.at as Spot, kind: 'builder' } })?.code).toBe(
      'figure-not-allowed',
    );
  });

  it('a version-1 state with problems reports them like any state', () => {
    const old = asVersion1(createGame({ players: 2, seed: 1 })) as { players: { score: number }[] };
    (old.players[0] as { score: number }).score = 5;
    expect(validateState(old).map((p) => p.code)).toEqual(['invalid-state']);
    expect(validateState({ ...(old as object), version: 3 })[0]?.message).toContain('unsupported state version 3');
  });
});

describe("states saved before 0.3.0: every module's fields in every game", () => {
  /** The state as 0.2.0 and the versions up to 0.3.0 wrote it: every player with every figure kind's count and goods, and every module's rules. */
  function withEveryField(state: GameState): Record<string, any> {
    const json = JSON.parse(JSON.stringify(state));
    json.rules = {
      farmers: json.rules.farmers,
      smallCity: json.rules.smallCity,
      meeples: json.rules.meeples,
      riverStartTile: 'removed',
      gardens: true,
      ...json.rules,
    };
    // In the order those versions wrote them.
    json.players = json.players.map((p: Record<string, unknown>) => ({
      name: p.name,
      score: p.score,
      meeples: p.meeples,
      abbots: p.abbots ?? 0,
      largeMeeples: p.largeMeeples ?? 0,
      builders: p.builders ?? 0,
      pigs: p.pigs ?? 0,
      floors: p.floors ?? 0,
      goods: p.goods ?? { wine: 0, grain: 0, cloth: 0 },
    }));
    return json;
  }

  it("load with the fields of modules not in the game left out, written in a new state's order, and play on", () => {
    let s = createGame({ players: 3, seed: 7, expansions: ['inns-cathedrals'] });
    for (let i = 0; i < 12; i++) s = applyMove(s, legalTurns(s)[(i * 7) % legalTurns(s).length] as TurnMove);
    const old = withEveryField(s);
    expect(Object.keys(old.players[0]).length).toBe(Object.keys(s.players[0] as object).length + 5);
    expect(validateState(old)).toEqual([]);
    const loaded = loadState(old);
    expect(loaded).toEqual(s);
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(s));
    expect(legalTurns(loaded)).toEqual(legalTurns(s));
  });

  it("a module in the game must have its fields; another module's field that holds something is refused", () => {
    const s = createGame({ players: 2, seed: 7, expansions: ['traders-builders'] });
    const json = withEveryField(s);
    delete json.players[0].builders;
    expect(validateState(json)[0]?.message).toContain(
      'players[0] must have a name, a whole score, whole counts of meeples, builders, pigs',
    );
    const abbot = withEveryField(s);
    abbot.players[1].abbots = 1;
    expect(validateState(abbot).map((p) => p.message)).toEqual(['player 1 has 1 abbot in supply, but the placements leave 0']);
  });
});

/** The state as 0.2.0 wrote it: `builderTurn` where `extraTurn` is now. */
const withBuilderTurn = (s: GameState, builderTurn: unknown = s.extraTurn === 'builder'): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(JSON.parse(JSON.stringify(s))).map(([k, v]) => (k === 'extraTurn' ? ['builderTurn', builderTurn] : [k, v])),
  );

describe('states saved before extraTurn (0.2.0)', () => {
  it("read extraTurn from builderTurn, written in its place: in a builder's second tile and out of one", () => {
    const { states } = playTradersHeavy({ players: 2, seed: 3, expansions: ['traders-builders'] }, 3);
    const second = states.filter((s) => s.extraTurn === 'builder').slice(0, 3);
    expect(second.length).toBeGreaterThan(0);
    for (const s of [...second, states[5] as GameState]) {
      const old = withBuilderTurn(s);
      expect(Object.keys(old)).toContain('builderTurn');
      expect(JSON.stringify(loadState(old))).toBe(JSON.stringify(s));
      expect(loadState(old).extraTurn).toBe(s.extraTurn);
      expect('builderTurn' in loadState(old)).toBe(false);
    }
  });

  it("a builderTurn beside extraTurn must say what extraTurn says: a builder's second tile, or not", () => {
    const { states } = playTradersHeavy({ players: 2, seed: 3, expansions: ['traders-builders'] }, 3);
    const second = states.find((s) => s.extraTurn === 'builder') as GameState;
    const ordinary = states[5] as GameState;
    // Both fields, agreeing: read as the state without builderTurn.
    expect(loadState({ ...withBuilderTurn(second), extraTurn: 'builder' })).toEqual(second);
    expect(validateState({ ...withBuilderTurn(ordinary), extraTurn: null })).toEqual([]);
    // Disagreeing, or not a boolean: refused, saying why.
    for (const [s, builderTurn] of [
      [second, false],
      [ordinary, true],
      [ordinary, 'yes'],
    ] as const) {
      expect(validateState({ ...withBuilderTurn(s, builderTurn), extraTurn: s.extraTurn }).map((p) => p.message)).toEqual([
        `builderTurn (which 0.2.0 wrote) is ${JSON.stringify(builderTurn)}, but extraTurn is ${JSON.stringify(s.extraTurn)}: a builder's second tile is extraTurn 'builder'`,
      ]);
    }
  });
});
