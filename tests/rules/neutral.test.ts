import { describe, expect, it } from 'vitest';
import { createKernel } from '../../src/kernel/index.js';
import { tablesFor } from '../../src/kernel/tables.js';
import { compileRuleset } from '../../src/rules/compile.js';
import type { ModuleContext, RuleModule } from '../../src/rules/module.js';
import { RULE_MODULES } from '../../src/rules/registry.js';
import { TILE_SETS } from '../../src/tiles/sets.js';
import { tileDef } from '../../src/rules/catalogue.js';
import { spotIndex } from '../../src/core/geometry.js';

// Figures without an owner (RuleModule.neutrals: Princess & Dragon's dragon and fairy will be
// such): the kernel keeps where each stands, copies it with itself, and keeps a figure beside
// another as the figure list changes.

const base = RULE_MODULES[0] as RuleModule;
const tables = () => tablesFor(TILE_SETS.base, tileDef);
let seen: ModuleContext | null = null;
const beasts: RuleModule = {
  name: 'beasts',
  title: 'Beasts',
  neutrals: [
    { name: 'dragon', word: 'dragon' },
    { name: 'fairy', word: 'fairy' },
  ],
  hooks: (ctx) => {
    seen = ctx;
    return {};
  },
};

/** A kernel of two players with the start tile D at (0, 0) and U east of it (its road continues D's), and the beasts' figures. */
function board() {
  const T = tables();
  const ruleset = compileRuleset([base, beasts], T, {});
  const k = createKernel(T, { smallCity: 4, meeples: 7, fields: null, ruleset }, 2);
  const u = k.placeTile(T.typeOf.U as number, 0, 1, 0);
  return { k, T, ruleset, u };
}

/** Deploys a follower of `owner` at `spot` of placement p. */
function follower(k: ReturnType<typeof board>['k'], p: number, spot: string, owner: number): void {
  const local = k.spotFeature(k.pType[p] as number, k.pRot[p] as number, spotIndex(spot as never));
  k.deploy(p, local, owner, 0);
}

describe('figures without an owner (RuleModule.neutrals)', () => {
  it('are numbered over the game’s modules, and start off the board', () => {
    const { k, ruleset } = board();
    expect(ruleset.neutrals).toEqual(['dragon', 'fairy']);
    expect([seen?.neutral('dragon'), seen?.neutral('fairy'), seen?.neutral('princess')]).toEqual([0, 1, -1]);
    expect([k.neutralTile(0), k.neutralTile(1), k.neutralBeside(1)]).toEqual([-1, -1, -1]);
    // A game without them has none.
    expect(compileRuleset([base], tables(), {}).neutrals).toEqual([]);
  });

  it('stand on a tile, or beside a figure there, and a copy of the kernel keeps them apart from the original', () => {
    const { k, u } = board();
    follower(k, 0, 'N', 0);
    follower(k, u, 'E', 1);
    k.placeNeutral(0, u);
    k.placeNeutral(1, u, 1);
    const copy = k.clone();
    expect([copy.neutralTile(0), copy.neutralTile(1), copy.neutralBeside(1)]).toEqual([u, u, 1]);
    k.liftNeutral(0);
    expect([k.neutralTile(0), copy.neutralTile(0)]).toEqual([-1, u]);
    copy.copyFrom(k);
    expect([copy.neutralTile(0), copy.neutralBeside(1)]).toEqual([-1, 1]);
  });

  it('beside a figure that leaves, stays on its tile beside none; beside a later figure, follows it down the list', () => {
    const { k, u } = board();
    follower(k, 0, 'N', 0); // figure 0, on the start tile
    follower(k, u, 'E', 1); // figure 1, on U
    follower(k, u, 'N', 0); // figure 2, on U
    k.placeNeutral(0, u, 2);
    k.placeNeutral(1, u, 1);
    k.takeFigure(0, true, null); // the start tile's follower goes home: the list shifts down
    expect([k.neutralBeside(0), k.neutralBeside(1)]).toEqual([1, 0]);
    expect([k.mOwner[k.neutralBeside(0)], k.mOwner[k.neutralBeside(1)]]).toEqual([0, 1]);
    k.takeFigure(0, true, null); // the figure the fairy stood beside
    expect([k.neutralTile(1), k.neutralBeside(1), k.neutralBeside(0)]).toEqual([u, -1, 0]);
  });

  it('figuresOnTile lists the figures standing on a tile, whatever their feature', () => {
    const { k, u } = board();
    const out = new Int32Array(8);
    expect(k.figuresOnTile(u, out)).toBe(0);
    follower(k, 0, 'N', 0);
    follower(k, u, 'E', 1);
    follower(k, u, 'N', 0);
    const n = k.figuresOnTile(u, out);
    expect(Array.from(out.subarray(0, n))).toEqual([1, 2]);
    expect(k.figuresOnTile(0, out)).toBe(1);
    // U's road continues D's: a follower put on the road at D stands on D, not on U.
    follower(k, 0, 'E', 1);
    expect(k.find(k.mSeg[3] as number)).toBe(k.find(k.mSeg[1] as number));
    expect(k.figuresOnTile(0, out)).toBe(2);
    expect(k.figuresOnTile(u, out)).toBe(2);
  });
});
