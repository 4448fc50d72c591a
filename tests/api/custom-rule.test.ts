import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type FarmerRule,
  farmerRules,
  type GameState,
  legalTurns,
  loadState,
  scoreFinal,
  StateError,
} from 'carcassonne-engine';
import { perTile } from '../support/custom-rule';
import { lcg } from '../support/play';

function playUntil(s: GameState, turns: number, seed: number, hooks?: { farmers: FarmerRule }): GameState {
  const r = lcg(seed);
  for (let i = 0; i < turns && s.status === 'playing'; i++) {
    const moves = legalTurns(s);
    // Prefer farmers so that fields matter.
    const farmer = moves.filter((m) => m.meeple && m.meeple.at.length === 3);
    const pool = farmer.length > 0 && r() % 2 === 0 ? farmer : moves;
    s = applyMove(s, pool[r() % pool.length] as (typeof moves)[number], hooks);
  }
  return s;
}

describe('a custom farmer rule', () => {
  it('is recorded as "custom" and scores the fields with the function given', () => {
    const s = playUntil(createGame({ players: 2, seed: 3, rules: { farmers: perTile } }), 200, 3);
    expect(s.rules.farmers).toBe('custom');
    expect(s.status).toBe('finished');
    const fields = s.scored.filter((e) => e.kind === 'field');
    expect(fields.length).toBeGreaterThan(0);
    for (const e of fields) expect(e.points).toBe(e.tiles.length);
  });

  it('after a JSON round trip, must be passed again: custom-rule-missing, then works with { farmers }', () => {
    const s = playUntil(createGame({ players: 2, seed: 8, rules: { farmers: perTile } }), 40, 8);
    const loaded = loadState(JSON.parse(JSON.stringify(s)));
    const withFarmers = scoreFinal(s);
    expect(withFarmers.breakdown.some((e) => e.kind === 'field')).toBe(true);
    const err = (() => {
      try {
        scoreFinal(loaded);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StateError);
    expect((err as StateError).code).toBe('custom-rule-missing');
    expect(scoreFinal(loaded, { farmers: perTile })).toEqual(withFarmers);
    // Played on to the end with the rule given again, the loaded game ends like the original.
    expect(playUntil(loaded, 200, 99, { farmers: perTile })).toEqual(playUntil(s, 200, 99));
  });

  it('a wrong result is a typed error, not a wrong score', () => {
    const liar: FarmerRule = (input) => ({ points: new Array(input.players).fill(5), breakdown: [] });
    const thrower: FarmerRule = () => {
      throw new Error('boom');
    };
    for (const [rule, message] of [
      [liar, 'points that differ from the sum of its breakdown'],
      [thrower, 'the custom farmer rule threw: boom'],
    ] as const) {
      const s = playUntil(createGame({ players: 2, seed: 8, rules: { farmers: rule } }), 40, 8);
      expect(() => scoreFinal(s)).toThrow(message);
      expect(() => scoreFinal(s)).toThrow(expect.objectContaining({ code: 'custom-rule-failed' }));
    }
  });

  it('the built-in rules are farmer rules of the same type, exported for composition', () => {
    const s = playUntil(createGame({ players: 2, seed: 5, rules: { farmers: farmerRules['city-4'] } }), 200, 5);
    const named = playUntil(createGame({ players: 2, seed: 5, edition: 'first', rules: { smallCity: 4 } }), 200, 5);
    expect(s.players.map((p) => p.score)).toEqual(named.players.map((p) => p.score));
  });

  it("is told who has a figure marking a field only in a game with one (Traders & Builders' pigs), and may be given it by hand", () => {
    const inputs: { fields: readonly Record<string, unknown>[] }[] = [];
    const spy: FarmerRule = (input) => {
      inputs.push(input as never);
      return farmerRules['farm-3'](input);
    };
    playUntil(createGame({ players: 2, seed: 3, rules: { farmers: spy } }), 200, 3);
    const fields = inputs.flatMap((i) => i.fields);
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(Object.keys(f)).toEqual(['id', 'tiles', 'meeples', 'cities']);
    // An input written by hand: a pig of player 0 in the field of two completed cities gives 4 a city.
    const city = (id: string) => ({ id, tiles: [{ x: 0, y: 0 }], pennants: 0, complete: true });
    const field = { id: '0,0:ENE', tiles: [{ x: 0, y: 0 }], meeples: [1, 1], cities: ['a', 'b'] };
    const input = { players: 2, fields: [{ ...field, pigs: [1, 0] }], cities: [city('a'), city('b')] };
    const result = farmerRules['farm-3'](input);
    expect(result.points).toEqual([8, 6]);
    expect(result.breakdown[0]?.note).toContain('with a pig (player 0): 4×2');
    expect(farmerRules['farm-3']({ ...input, fields: [field] }).points).toEqual([6, 6]);
  });
});
