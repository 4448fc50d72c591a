import { describe, expect, it } from 'vitest';
import { tablesFor } from '../../src/kernel/tables.js';
import { compileRuleset } from '../../src/rules/compile.js';
import type { RuleModule } from '../../src/rules/module.js';
import { RULE_MODULES } from '../../src/rules/registry.js';
import { TILE_SETS } from '../../src/tiles/sets.js';
import { tileDef } from '../../src/rules/catalogue.js';

// What the compile step refuses in a module, before any game is played with it.

const base = RULE_MODULES[0] as RuleModule;
const tables = () => tablesFor(TILE_SETS.base, tileDef);
const compile = (m: RuleModule) => () => compileRuleset([base, m], tables(), {});

describe('compileRuleset refuses a module', () => {
  it('whose placement constraint cannot say why it refuses a placement', () => {
    const mute: RuleModule = {
      name: 'mute',
      title: 'Mute',
      hooks: (ctx) => ({
        placement: { applies: new Uint8Array(ctx.tables.types), rotations: () => 15, check: () => 0, placed: () => {} },
      }),
    };
    expect(compile(mute)).toThrow('rule module mute: a placement constraint needs explainPlacement');
  });

  it('whose explanation gives an error code it does not declare', () => {
    const loose: RuleModule = {
      name: 'loose',
      title: 'Loose',
      errors: ['loose-declared'],
      hooks: (ctx) => ({
        placement: { applies: new Uint8Array(ctx.tables.types), rotations: () => 15, check: () => 1, placed: () => {} },
      }),
      explainPlacement: () => ({ code: 'loose-undeclared', message: 'no' }),
    };
    const ruleset = compileRuleset([base, loose], tables(), {});
    expect(() => ruleset.explainPlacement[0]?.(undefined as never, 1)).toThrow(
      'rule module loose: error code loose-undeclared is not in its errors',
    );
  });

  it('with a figure taken back by its kind but more than one of it per player', () => {
    const many: RuleModule = {
      name: 'many',
      title: 'Many',
      figures: [
        {
          name: 'monk',
          supplyKey: 'monks',
          word: 'monk',
          places: 'only on a cloister',
          perPlayer: 2,
          weight: 1,
          stands: ['cloister'],
          joins: 'free',
          recall: true,
        },
      ],
    };
    expect(compile(many)).toThrow('rule modules: monk may be taken back, so each player has exactly one');
  });
});

describe('room in the move codes', () => {
  it('every spot and every figure kind of the registry fits its field of a move code', async () => {
    const { MOVE_FIGURE_LIMIT, MOVE_SPOT_LIMIT } = await import('../../src/core/move-code.js');
    const { SPOT_COUNT } = await import('../../src/core/geometry.js');
    const { figuresOf } = await import('../../src/rules/declared.js');
    expect(SPOT_COUNT).toBeLessThanOrEqual(MOVE_SPOT_LIMIT);
    expect(figuresOf().length).toBeLessThanOrEqual(MOVE_FIGURE_LIMIT);
  });
});
