import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type FarmerRule,
  type GameState,
  legalTurns,
  loadState,
  type TurnMove,
  OptionsError,
  scoreFinal,
  StateError,
  tileDefinition,
  validateMove,
  validateOptions,
  validateState,
} from 'carcassonne-engine';
import { playAbbotHeavy, playLargeHeavy, playSeeded, playTradersHeavy } from '../support/play';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? `untyped ${(e as Error).name}`;
  }
};

describe('unplaceable tiles (rules-facts §h)', () => {
  it('a tile that fits nowhere is discarded and the same player draws again', () => {
    // E turned 180° at (0,-1) closes the start tile's city; no open city edge is left for C.
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'C', 'U'] });
    const next = applyMove(s, { x: 0, y: -1, rotation: 180 });
    expect(next.discarded).toEqual(['C']);
    expect(next.events).toContainEqual({ type: 'tile-discarded', player: 1, tile: 'C' });
    expect(next.currentPlayer).toBe(1);
    expect(next.currentTile).toBe('U');
    // Saved, it loads: replayed, C fits nowhere after the first placement.
    expect(validateState(JSON.parse(JSON.stringify(next)))).toEqual([]);
    // C could not have been discarded before E closed the city, nor can U, which fits.
    const early = JSON.parse(JSON.stringify(s));
    early.discarded = ['C'];
    early.tilesLeft = early.tilesLeft.filter((id: string, i: number) => id !== 'C' || i !== early.tilesLeft.indexOf('C'));
    expect(validateState(early).map((p) => p.message)).toEqual([
      'discarded[0] is tile C, but the replay discards no tile there: only a tile that fits nowhere is discarded',
    ]);
    // Without its draws (a state of 0.2.0), the discards are drawn where they must have been.
    expect(validateState({ ...early, draws: null }).map((p) => p.message)).toEqual([
      'discarded[0] is tile "C", which fits on the board wherever it could have been drawn: only a tile that fits nowhere is discarded',
    ]);
  });
});

describe('saved states are checked for consistency', () => {
  const game = playSeeded({ players: 2, seed: 12 }, 12);
  const withMeeple = game.states.find((s) => s.meeples.some((m) => m.feature === 'road')) as GameState;
  const copy = (s: GameState) => JSON.parse(JSON.stringify(s)) as Record<string, any>;

  it('a meeple must be written at its canonical spot', () => {
    const s = copy(withMeeple);
    const i = s.meeples.findIndex((m: { feature: string }) => m.feature === 'road');
    const m = s.meeples[i];
    const view = tileDefinition(
      s.placements.find((p: any) => p.x === m.x && p.y === m.y).tile,
      s.placements.find((p: any) => p.x === m.x && p.y === m.y).rotation,
    );
    const other = view?.features.find((f) => f.spot === m.at)?.spots.find((sp) => sp !== m.at);
    expect(other).toBeDefined();
    const listed = copy(withMeeple);
    listed.meeples[i] = { ...m, at: other };
    expect(validateState(listed)[0]?.message).toBe(
      `meeples[${i}] is ${JSON.stringify({ ...m, at: other })}, but the placements give ${JSON.stringify(m)}`,
    );
    const placed = s.placements.find((p: any) => p.x === m.x && p.y === m.y);
    placed.meeple.at = other;
    expect(validateState(s)[0]?.message).toContain(`.meeple: spot ${other} must be written as its feature's canonical spot ${m.at}`);
  });

  it('rejects the same meeple listed twice, the supply lowered to match (issue 13)', () => {
    const s = copy(withMeeple);
    const m = s.meeples[0];
    expect(s.players[m.owner].meeples).toBeGreaterThan(0);
    s.meeples.push({ ...m });
    s.players[m.owner].meeples -= 1;
    expect(validateState(s).map((p) => p.message)).toEqual([
      `player ${m.owner} has ${s.players[m.owner].meeples} followers in supply, but the placements leave ${s.players[m.owner].meeples + 1}`,
      `meeples[${s.meeples.length - 1}] is ${JSON.stringify(m)}, which the placements do not give`,
    ]);
  });

  it.each([
    ['a turn count that does not match the placements', (s: any) => (s.turn += 2), 'tiles were placed after the start tile'],
    ['the wrong player to move', (s: any) => (s.currentPlayer = 1 - s.currentPlayer), 'is not the player whose turn'],
    ['scores that the placements do not give', (s: any) => (s.players[0].score += 1), ', but the placements score'],
    ['a placement out of turn', (s: any) => (s.placements[3].player = 1 - s.placements[3].player), 'out of turn'],
    [
      'more followers than the rules allow',
      (s: any) => (s.rules.meeples = 40000),
      'rules.meeples must be a whole number from 0 to 99, not 40000',
    ],
    [
      'a scoring line with other awards',
      (s: any) => (s.scored[0] = { ...s.scored[0], awarded: [1] }),
      'awarding 1, but the placements give',
    ],
    ['a scoring line the placements do not give', (s: any) => s.scored.push(s.scored[0]), 'which the placements do not give'],
    ['a scoring line left out', (s: any) => s.scored.pop(), 'but the placements also give the'],
    // Issue 13's list of states no game can reach, each now refused by the replay:
    [
      'an invented scoring line, its points added to the score',
      (s: any) => {
        s.scored.push({
          ...s.scored[0],
          awarded: s.scored[0].awarded.map((_: number, i: number) => (i === 0 ? 4 : 0)),
          holders: [0],
          points: 4,
        });
        s.players[0].score += 4;
      },
      'which the placements do not give',
    ],
    [
      'a tile that fits moved from the bag to the discards',
      (s: any) => s.discarded.push(s.tilesLeft.shift()),
      'only a tile that fits nowhere is discarded',
    ],
    [
      'a finished game with the bag dumped into the discards and no final scoring',
      (s: any) => {
        s.discarded.push(s.currentTile, ...s.tilesLeft);
        s.tilesLeft = [];
        s.currentTile = null;
        s.status = 'finished';
      },
      'only a tile that fits nowhere is discarded',
    ],
    // Scores are the rules' scores, not only the sum of the state's own lines: a scoring raised
    // together with the player's total is still refused.
    [
      'a scoring and its total raised together',
      (s: any) => {
        const line = s.scored[0];
        const p = line.holders[0] ?? 0;
        line.points += 5;
        line.awarded[p] += 5;
        s.players[p].score += 5;
      },
      ', but the placements score',
    ],
  ])('rejects %s', (_, change, message) => {
    const s = copy(game.states[40] as GameState);
    if (s.scored.length === 0) s.scored.push(...copy(game.states.at(-1) as GameState).scored.slice(0, 1));
    change(s);
    const problems = validateState(s);
    expect(problems.map((p) => p.message).join(' | ')).toContain(message);
    expect(codeOf(() => loadState(s))).toBe('invalid-state');
  });
});

describe('odd inputs give typed errors, never a crash', () => {
  const s = createGame({ players: 2, seed: 3 });

  it('moves', () => {
    for (const move of [
      null,
      3,
      'E',
      [],
      { x: 1n, y: 0, rotation: 0 },
      { x: 1, y: 0, rotation: 90n },
      { x: 1, y: 0, rotation: 0, meeple: { at: 1n } },
    ]) {
      expect(validateMove(s, move as never)?.code).toMatch(/^(malformed-move|unknown-spot)$/);
      expect(codeOf(() => applyMove(s, move as never))).toMatch(/^(malformed-move|unknown-spot)$/);
    }
  });

  it('states', () => {
    for (const state of [null, 3, {}, [], { version: 1n }]) {
      // An object is not a state this library made or loaded; anything else is no state at all.
      const code = typeof state === 'object' && state !== null && !Array.isArray(state) ? 'not-loaded' : 'invalid-state';
      expect(codeOf(() => validateMove(state as never, { x: 1, y: 0, rotation: 0 }))).toBe(code);
      expect(codeOf(() => legalTurns(state as never))).toBe(code);
      expect(codeOf(() => scoreFinal(state as never))).toBe(code);
      expect(validateState(state)[0]?.code).toBe('invalid-state');
      expect(codeOf(() => loadState(state))).toBe('invalid-state');
    }
  });

  it('options', () => {
    expect(codeOf(() => createGame({ players: 2, seed: 1n } as never))).toBe('invalid-seed');
    expect(codeOf(() => createGame({ players: ['a', undefined, 'b'] as never, seed: 1 }))).toBe('invalid-players');
    expect(codeOf(() => createGame({ players: 2, seed: 1, edition: null } as never))).toBe('invalid-edition');
    expect(codeOf(() => createGame({ players: 2, seed: 1, rules: { farmers: 1n } } as never))).toBe('invalid-rule');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    // Options are read as plain data before their fields are checked: a cycle anywhere is the
    // options' own problem, with where it is.
    expect(validateOptions({ players: 2, seed: circular })[0]).toEqual({
      code: 'invalid-options',
      message: 'the options at seed.self contains itself (a cycle)',
    });
    expect(Object.is(createGame({ players: 2, seed: -0 }).seed, 0)).toBe(true);
    expect(() => createGame({ players: 2 } as never)).toThrow(OptionsError);
  });

  it('tile ids that are names of object properties', () => {
    for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(tileDefinition(id)).toBeNull();
  });
});

describe('states from outside the library', () => {
  it('a raw parsed state is never frozen or cached in place, and plays like the original', () => {
    const game = playSeeded({ players: 2, seed: 21 }, 21);
    const s = game.states[20] as GameState;
    const raw = JSON.parse(JSON.stringify(s)) as GameState;
    // Only the loaders read it: the other functions take the states this library made or loaded.
    expect(codeOf(() => applyMove(raw, game.moves[20] as never))).toBe('not-loaded');
    const next = applyMove(loadState(raw), game.moves[20] as never);
    expect(Object.isFrozen(raw)).toBe(false);
    expect(Object.isFrozen(raw.players)).toBe(false);
    expect(next).toEqual(game.states[21]);
    // Changing the raw object afterwards changes what the library sees (no stale cache).
    (raw as { turn: number }).turn = 0;
    expect(codeOf(() => loadState(raw))).toBe('invalid-state');
    expect(codeOf(() => legalTurns(raw))).toBe('not-loaded');
  });
});

describe('rule hooks', () => {
  const zero: FarmerRule = (input) => ({ points: new Array(input.players).fill(0), breakdown: [] });
  const game = playSeeded({ players: 2, seed: 30 }, 30);

  it('are ignored by games with a named farmer rule', () => {
    const s = game.states[50] as GameState;
    const m = game.moves[50] as never;
    expect(applyMove(s, m, { farmers: zero })).toEqual(applyMove(s, m));
    expect(scoreFinal(s, { farmers: zero })).toEqual(scoreFinal(s));
  });

  it.each([
    [
      'fractional points',
      (input: any) => ({
        points: input.fields.length ? [1.5, ...new Array(input.players - 1).fill(0)] : new Array(input.players).fill(0),
        breakdown: [],
      }),
      'points that are not one whole number',
    ],
    [
      'a line missing its fields',
      (input: any) => ({ points: new Array(input.players).fill(0), breakdown: [{ awarded: new Array(input.players).fill(0) }] }),
      'a line without an id',
    ],
    [
      'negative points',
      (input: any) => ({ points: [-1, ...new Array(input.players - 1).fill(0)], breakdown: [] }),
      'points that are not one whole number',
    ],
  ])('a custom rule returning %s fails with custom-rule-failed', (_, rule, message) => {
    let s = createGame({ players: 2, seed: 30, rules: { farmers: rule as unknown as FarmerRule } });
    for (const m of game.moves.slice(0, 40)) s = applyMove(s, m);
    expect(s.meeples.some((m) => m.feature === 'field')).toBe(true);
    expect(() => scoreFinal(s)).toThrow(message);
    expect(codeOf(() => scoreFinal(s))).toBe('custom-rule-failed');
  });

  it('StateError lists its problems', () => {
    const e = new StateError([
      { code: 'invalid-state', message: 'a' },
      { code: 'invalid-state', message: 'b' },
    ]);
    expect(e.message).toBe('a; b');
    expect(e.code).toBe('invalid-state');
  });
});

describe('The River and The Abbot: odd inputs give typed errors, never a crash', () => {
  const game = playAbbotHeavy({ players: 2, seed: 'odd', expansions: ['river', 'abbot'] }, 11);
  const withAbbot = game.states.find((s) => s.meeples.some((m) => m.kind === 'abbot')) as GameState;
  const copy = (s: GameState) => JSON.parse(JSON.stringify(s)) as Record<string, any>;

  it('options: expansions and their rules', () => {
    for (const expansions of [['river', 'river'], ['abbot', 'inns'], 'river', [1], [null], {}, [['river']]]) {
      expect(
        codeOf(() => createGame({ players: 2, seed: 1, expansions } as never)),
        JSON.stringify(expansions),
      ).toBe('invalid-expansion');
    }
    for (const rules of [{ riverStartTile: 'kept' }, { riverStartTile: 1n }, { gardens: 'yes' }, { gardens: null }]) {
      expect(codeOf(() => createGame({ players: 2, seed: 1, expansions: ['river', 'abbot'], rules } as never))).toBe('invalid-rule');
    }
    // Any order, recorded as river, abbot.
    expect(createGame({ players: 2, seed: 1, expansions: ['abbot', 'river'] }).expansions).toEqual(['river', 'abbot']);
  });

  it('moves: figure kinds and recalls of the wrong shape', () => {
    const s = withAbbot;
    const m = legalTurns(s)[0] as unknown as Record<string, unknown>;
    for (const bad of [
      { ...m, recall: 'follower' },
      { ...m, recall: true },
      { ...m, recall: 1n },
      { ...m, meeple: { at: 'G', kind: 'giant' } },
      { ...m, meeple: { at: 'G', kind: 1n } },
      { ...m, meeple: { at: 'C', kind: 'abbot', extra: 1 } },
    ]) {
      expect(
        validateMove(s, bad as never)?.code,
        JSON.stringify(bad, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBe('malformed-move');
      expect(codeOf(() => applyMove(s, bad as never))).toBe('malformed-move');
    }
  });

  it.each<[string, (s: any) => void]>([
    ['abbots that are not a whole number', (s) => (s.players[0].abbots = 0.5)],
    ['negative abbots', (s) => (s.players[0].abbots = -1)],
    ['abbots as a string', (s) => (s.players[0].abbots = '1')],
    ['no abbots field', (s) => delete s.players[0].abbots],
    ['a recall of the wrong kind', (s) => (s.placements[1].recall = 'follower')],
    ['a recall that is true', (s) => (s.placements[1].recall = true)],
    ['no recall field', (s) => delete s.placements[1].recall],
    ['a figure of an unknown kind', (s) => (s.meeples[0].kind = 'builder')],
    [
      'an abbot deployed in a game without The Abbot',
      (s) => {
        s.expansions = ['river'];
        for (const p of s.players) p.abbots = 0;
      },
    ],
    ['expansions that are not a list', (s) => (s.expansions = 'river,abbot')],
    ['expansions holding a number', (s) => (s.expansions = [1])],
    ['rules without riverStartTile', (s) => delete s.rules.riverStartTile],
    ['rules without gardens', (s) => delete s.rules.gardens],
    ['a river tile in a game without The River', (s) => (s.expansions = ['abbot'])],
  ])('states: %s is invalid-state', (_, change) => {
    const s = copy(withAbbot);
    change(s);
    expect(validateState(s)[0]?.code).toBe('invalid-state');
    expect(codeOf(() => loadState(s))).toBe('invalid-state');
    // Only the loaders read a state from elsewhere.
    expect(codeOf(() => legalTurns(s as never))).toBe('not-loaded');
  });

  it('a raw parsed expansion state is never frozen, and plays like the original', () => {
    const i = game.states.indexOf(withAbbot);
    const raw = copy(withAbbot) as unknown as GameState;
    expect(codeOf(() => applyMove(raw, game.moves[i] as never))).toBe('not-loaded');
    const loaded = loadState(raw);
    expect(applyMove(loaded, game.moves[i] as never)).toEqual(game.states[i + 1]);
    expect(Object.isFrozen(raw)).toBe(false);
    expect(legalTurns(loaded)).toEqual(legalTurns(withAbbot));
    expect(scoreFinal(loaded)).toEqual(scoreFinal(withAbbot));
  });
});

describe('Inns & Cathedrals: odd inputs give typed errors, never a crash', () => {
  const game = playLargeHeavy({ players: 6, seed: 'odd', expansions: ['inns-cathedrals', 'abbot'] }, 13);
  const withLarge = game.states.find((s) => s.meeples.some((m) => m.kind === 'large')) as GameState;
  const copy = (s: GameState) => JSON.parse(JSON.stringify(s)) as Record<string, any>;

  it('options: the expansion named wrongly or twice; six players only with it', () => {
    for (const expansions of [
      ['inns-cathedrals', 'inns-cathedrals'],
      ['inns'],
      ['Inns & Cathedrals'],
      'inns-cathedrals',
      [['inns-cathedrals']],
    ]) {
      expect(
        codeOf(() => createGame({ players: 2, seed: 1, expansions } as never)),
        JSON.stringify(expansions),
      ).toBe('invalid-expansion');
    }
    expect(codeOf(() => createGame({ players: 6, seed: 1 }))).toBe('invalid-players');
    expect(codeOf(() => createGame({ players: 6, seed: 1, expansions: ['inns-cathedrals'] }))).toBeNull();
    expect(createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals', 'river'] }).expansions).toEqual(['river', 'inns-cathedrals']);
  });

  it('moves: a large meeple of the wrong shape is malformed; where or when it may not go, a typed refusal', () => {
    const s = withLarge;
    const m = legalTurns(s)[0] as unknown as Record<string, unknown>;
    for (const bad of [
      { ...m, meeple: { at: 'N', kind: 'Large' } },
      { ...m, meeple: { at: 'N', kind: 2 } },
      { ...m, meeple: { at: 'N', kind: 'large', extra: 1 } },
      { ...m, meeple: { at: 'N', kind: 'large' }, recall: 'large' },
    ]) {
      expect(validateMove(s, bad as never)?.code, JSON.stringify(bad)).toBe('malformed-move');
      expect(codeOf(() => applyMove(s, bad as never))).toBe('malformed-move');
    }
    // rules-facts §d: one large meeple; once it is on the board, none is left to deploy.
    const later = game.states.find(
      (x) =>
        x.status === 'playing' &&
        x.players[x.currentPlayer]?.largeMeeples === 0 &&
        legalTurns(x).some((f) => f.meeple?.kind === 'follower'),
    ) as GameState;
    expect(later).toBeDefined();
    const follower = legalTurns(later).find((x) => x.meeple?.kind === 'follower') as TurnMove;
    expect(validateMove(later, { ...follower, meeple: { at: follower.meeple?.at as 'N', kind: 'large' } })?.code).toBe('no-meeples-left');
    expect(validateMove(later, follower)).toBeNull();
    // Without the expansion there is no large meeple at all.
    const base = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    expect(validateMove(base, { x: 0, y: 1, rotation: 0, meeple: { at: 'N', kind: 'large' } })?.code).toBe('figure-not-allowed');
  });

  it.each<[string, (s: any) => void]>([
    ['large meeples that are not a whole number', (s) => (s.players[0].largeMeeples = 0.5)],
    ['negative large meeples', (s) => (s.players[0].largeMeeples = -1)],
    ['large meeples as a string', (s) => (s.players[0].largeMeeples = '1')],
    ['large meeples as true', (s) => (s.players[0].largeMeeples = true)],
    ['no largeMeeples field', (s) => delete s.players[0].largeMeeples],
    [
      'a large meeple deployed in a game without Inns & Cathedrals',
      (s) => {
        s.expansions = ['abbot'];
        s.players = s.players.slice(0, 5);
        for (const p of s.players) p.largeMeeples = 0;
      },
    ],
    ['a seventh player', (s) => s.players.push({ name: 'Player 7', score: 0, meeples: 7, abbots: 1, largeMeeples: 1 })],
  ])('states: %s is invalid-state', (_, change) => {
    const s = copy(withLarge);
    change(s);
    expect(validateState(s)[0]?.code).toBe('invalid-state');
    expect(codeOf(() => loadState(s))).toBe('invalid-state');
    // Only the loaders read a state from elsewhere.
    expect(codeOf(() => legalTurns(s as never))).toBe('not-loaded');
  });

  it('a raw parsed Inns & Cathedrals state is never frozen, and plays like the original', () => {
    const i = game.states.indexOf(withLarge);
    const raw = copy(withLarge) as unknown as GameState;
    expect(codeOf(() => applyMove(raw, game.moves[i] as never))).toBe('not-loaded');
    const loaded = loadState(raw);
    expect(applyMove(loaded, game.moves[i] as never)).toEqual(game.states[i + 1]);
    expect(Object.isFrozen(raw)).toBe(false);
    expect(legalTurns(loaded)).toEqual(legalTurns(withLarge));
    expect(scoreFinal(loaded)).toEqual(scoreFinal(withLarge));
  });
});

describe('Traders & Builders: odd inputs give typed errors, never a crash', () => {
  const game = playTradersHeavy({ players: 3, seed: 'odd', expansions: ['traders-builders', 'abbot'] }, 17);
  const withBoth = game.states.find(
    (s) => s.status === 'playing' && s.meeples.some((m) => m.kind === 'builder') && s.meeples.some((m) => m.kind === 'pig'),
  ) as GameState;
  const second = game.states.find((s) => s.extraTurn === 'builder') as GameState;
  const copy = (s: GameState) => JSON.parse(JSON.stringify(s)) as Record<string, any>;

  it("the test game has builders and pigs on the board and a builder's second tile", () => {
    expect(withBoth).toBeDefined();
    expect(second).toBeDefined();
  });

  it('options: the expansion named wrongly or twice; any order, recorded last', () => {
    for (const expansions of [
      ['traders-builders', 'traders-builders'],
      ['traders'],
      ['Traders & Builders'],
      'traders-builders',
      [['traders-builders']],
    ]) {
      expect(
        codeOf(() => createGame({ players: 2, seed: 1, expansions } as never)),
        JSON.stringify(expansions),
      ).toBe('invalid-expansion');
    }
    expect(createGame({ players: 2, seed: 1, expansions: ['traders-builders', 'inns-cathedrals', 'river', 'abbot'] }).expansions).toEqual([
      'river',
      'abbot',
      'inns-cathedrals',
      'traders-builders',
    ]);
    // Six players only with Inns & Cathedrals (rules-facts §d), not with Traders & Builders alone.
    expect(codeOf(() => createGame({ players: 6, seed: 1, expansions: ['traders-builders'] }))).toBe('invalid-players');
  });

  it('moves: a builder or pig of the wrong shape is malformed; where or when it may not go, a typed refusal', () => {
    const s = withBoth;
    const m = legalTurns(s)[0] as unknown as Record<string, unknown>;
    for (const bad of [
      { ...m, meeple: { at: 'N', kind: 'Builder' } },
      { ...m, meeple: { at: 'N', kind: 3 } },
      { ...m, meeple: { at: 'N', kind: 'pig', extra: 1 } },
      { ...m, meeple: { at: 'N', kind: 'pigs' } },
      { ...m, recall: 'builder' },
      { ...m, recall: 'pig' },
    ]) {
      expect(validateMove(s, bad as never)?.code, JSON.stringify(bad)).toBe('malformed-move');
      expect(codeOf(() => applyMove(s, bad as never))).toBe('malformed-move');
    }
    // Without the expansion there is no builder or pig at all: U east of the start tile, on its road or field.
    const base = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    expect(validateMove(base, { x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'builder' } })?.code).toBe('figure-not-allowed');
    expect(validateMove(base, { x: 1, y: 0, rotation: 0, meeple: { at: 'NNW', kind: 'pig' } })?.code).toBe('figure-not-allowed');
    expect(validateMove(base, { x: 1, y: 0, rotation: 0, meeple: { at: 'NNW', kind: 'pig' } })?.message).toContain(
      'Traders & Builders is not in play',
    );
    // With it: on the road east of the start tile nobody stands yet, so neither may join it (rules-facts §e).
    const tb = createGame({ players: 2, seed: 1, drawOrder: ['U'], expansions: ['traders-builders'] });
    expect(validateMove(tb, { x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'builder' } })?.code).toBe('no-own-meeple');
    expect(validateMove(tb, { x: 1, y: 0, rotation: 0, meeple: { at: 'NNW', kind: 'pig' } })?.code).toBe('no-own-meeple');
    // A builder on a field and a pig on a road are refused whatever stands there.
    expect(validateMove(tb, { x: 1, y: 0, rotation: 0, meeple: { at: 'NNW', kind: 'builder' } })?.code).toBe('figure-not-allowed');
    expect(validateMove(tb, { x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'pig' } })?.code).toBe('figure-not-allowed');
  });

  it.each<[string, (s: any) => void]>([
    ['builders that are not a whole number', (s) => (s.players[0].builders = 0.5)],
    ['negative builders', (s) => (s.players[0].builders = -1)],
    ['builders as a string', (s) => (s.players[0].builders = '1')],
    ['builders as true', (s) => (s.players[0].builders = true)],
    ['no builders field', (s) => delete s.players[0].builders],
    ['pigs that are not a whole number', (s) => (s.players[1].pigs = 0.5)],
    ['pigs as a string', (s) => (s.players[1].pigs = '0')],
    ['no pigs field', (s) => delete s.players[1].pigs],
    ['no goods field', (s) => delete s.players[0].goods],
    ['goods that are a number', (s) => (s.players[0].goods = 3)],
    ['goods as null', (s) => (s.players[0].goods = null)],
    ['goods without cloth', (s) => delete s.players[0].goods.cloth],
    ['negative goods tokens', (s) => (s.players[0].goods.wine = -1)],
    ['fractional goods tokens', (s) => (s.players[0].goods.grain = 0.5)],
    ['goods tokens as a string', (s) => (s.players[0].goods.cloth = '0')],
    ['extraTurn as true', (s) => (s.extraTurn = true)],
    ['extraTurn as a number', (s) => (s.extraTurn = 1)],
    ['an unknown extraTurn', (s) => (s.extraTurn = 'dragon')],
    ['no extraTurn field, and no builderTurn of 0.2.0', (s) => delete s.extraTurn],
    ['builderTurn beside extraTurn, as a string', (s) => (s.builderTurn = 'yes')],
    ['builderTurn beside extraTurn, as null', (s) => (s.builderTurn = null)],
    [
      'a builder deployed in a game without Traders & Builders',
      (s) => {
        s.expansions = ['abbot'];
        for (const p of s.players) Object.assign(p, { builders: 0, pigs: 0, goods: { wine: 0, grain: 0, cloth: 0 } });
      },
    ],
  ])('states: %s is invalid-state', (_, change) => {
    for (const base of [withBoth, second]) {
      const s = copy(base);
      change(s);
      expect(validateState(s)[0]?.code).toBe('invalid-state');
      expect(codeOf(() => loadState(s))).toBe('invalid-state');
      // Only the loaders read a state from elsewhere.
      expect(codeOf(() => legalTurns(s as never))).toBe('not-loaded');
    }
  });

  it("a raw parsed Traders & Builders state (builders and pigs out, or a builder's second part) is never frozen, and plays like the original", () => {
    for (const st of [withBoth, second]) {
      const i = game.states.indexOf(st);
      const raw = copy(st) as unknown as GameState;
      const loaded = loadState(raw);
      expect(applyMove(loaded, game.moves[i] as never)).toEqual(game.states[i + 1]);
      expect(Object.isFrozen(raw)).toBe(false);
      expect(legalTurns(loaded)).toEqual(legalTurns(st));
      expect(scoreFinal(loaded)).toEqual(scoreFinal(st));
    }
  });
});
