import { describe, expect, it } from 'vitest';
import { type Expansion, applyMove, createGame, legalMoves, loadState, loadView, playerView, useExpansions } from '../../src/index.js';
import { tablesFor } from '../../src/kernel/tables.js';
import { compileRuleset } from '../../src/rules/compile.js';
import type { RuleModule } from '../../src/rules/module.js';
import { RULE_MODULES } from '../../src/rules/registry.js';
import { handsIn } from '../../src/rules/tiles.js';
import { TILE_SETS } from '../../src/tiles/sets.js';
import { tileDef } from '../../src/rules/catalogue.js';
import { pocket } from '../support/rules/pocket/index.js';

// Hands of tiles are the rule of the module that has them (RuleModule.handSize, handsHidden and
// its hooks' `hand`): the kernel keeps the hands and calls the module to deal and draw them.

const base = RULE_MODULES[0] as RuleModule;
const pocketExpansion = { name: 'pocket', rules: pocket } as unknown as Expansion;
const tables = () => tablesFor(TILE_SETS.base, tileDef);

describe('hands of tiles, dealt by their module', () => {
  it('compileRuleset refuses hands without the hook that deals them, and two modules dealing hands', () => {
    const bare: RuleModule = { name: 'bare', title: 'Bare', handSize: () => 2 };
    const message = 'rule modules: hands of tiles (handSize) need one module to deal them (hooks.hand)';
    expect(() => compileRuleset([base, bare], tables(), {})).toThrow(message);
    const stray: RuleModule = { name: 'stray', title: 'Stray', hooks: () => ({ hand: pocket.hooks().hand }) };
    expect(() => compileRuleset([base, stray], tables(), {})).toThrow(message);
    const twin: RuleModule = { ...pocket, name: 'twin' };
    expect(() => compileRuleset([base, pocket, twin], tables(), {})).toThrow(message);
  });

  it("handsIn reads the size and the hiding from the game's modules: the house rule's option, or a module of its own", () => {
    expect(handsIn([], { hand: null })).toEqual({ size: 0, hidden: false });
    expect(handsIn([], { hand: { size: 3, visible: true } })).toEqual({ size: 3, hidden: false });
    expect(handsIn([], { hand: { size: 1, visible: false } })).toEqual({ size: 1, hidden: true });
  });

  it('a module with a rule of its own plays through the pure API: two tiles each, dealt once, never drawn up', () => {
    useExpansions(pocketExpansion);
    expect(handsIn(['pocket'], {})).toEqual({ size: 2, hidden: true });
    let state = createGame({ players: 3, seed: 5, expansions: ['pocket' as never] });
    expect(state.hands?.map((h) => h.length)).toEqual([2, 2, 2]);
    expect(state.tilesLeft.length).toBe(71 - 6);
    // Each hand is hidden from the other players.
    expect(playerView(state, 1).hands).toEqual([[null, null], state.hands?.[1], [null, null]]);
    let turns = 0;
    while (state.status === 'playing') {
      const before = state.hands?.flat().length ?? 0;
      const moves = legalMoves(state);
      state = applyMove(state, moves[(turns * 7) % moves.length] as (typeof moves)[number]);
      // No tile is ever drawn after the deal.
      expect(state.hands?.flat().length ?? 0).toBeLessThanOrEqual(before);
      expect(state.tilesLeft.length).toBe(65);
      turns++;
    }
    // Six tiles placed (or passed over when they fit nowhere): the game ended with every hand empty.
    expect(state.placements.length).toBeLessThanOrEqual(7);
    expect(state.placements.length).toBeGreaterThan(3);
    expect(state.hands?.flat().length ?? 0).toBe(0);
  });

  it("a module's hand rule loads: saved states replay their draws through it, and views expect nothing of its hands", () => {
    useExpansions(pocketExpansion);
    let state = createGame({ players: 3, seed: 5, expansions: ['pocket' as never] });
    const json = (v: unknown) => JSON.parse(JSON.stringify(v));
    for (let turn = 0; ; turn++) {
      // The house rule would have drawn the hands back up to two tiles, and ended the game with the bag.
      expect(loadState(json(state))).toEqual(state);
      for (let viewer = 0; viewer < 3; viewer++) expect(loadView(json(playerView(state, viewer)))).toEqual(playerView(state, viewer));
      if (state.status === 'finished') break;
      const moves = legalMoves(state);
      state = applyMove(state, moves[(turn * 7) % moves.length] as (typeof moves)[number]);
    }
    expect(state.tilesLeft.length).toBe(65);
    // A hand the draws do not give is refused.
    const forged = json(state);
    forged.status = 'playing';
    expect(() => loadState(forged)).toThrow('status is "playing", but the game is over: no tile is left');
  });
});
