// The kernel keeps, at each feature's root, the players holding a figure that counts for majority
// there (`owners`), per player and feature kind how many such figures they have (`held`), and for
// the kinds with one figure per player where it stands (`sole`), as figures are deployed, features
// merge, and figures go home (completion, the abbot's recall). Each must always equal what a scan
// of the figures on the board gives.
import { describe, expect, it } from 'vitest';
import type { GameOptions } from 'carcassonne-engine';
import { ACTION_RECALL, moveAction, moveSpot } from '../../src/core/move-code.js';
import { Engine } from '../../src/engine/engine.js';
import { kernelOf } from '../../src/engine/playout.js';
import { seededRandom } from '../../src/engine/randomness.js';

const CONFIGURATIONS: readonly GameOptions[] = [
  { players: 2, seed: 'owners base' },
  { players: 3, seed: 'owners abbot', expansions: ['abbot'] },
  { players: 2, seed: 'owners traders', expansions: ['traders-builders'] },
  { players: 6, seed: 'owners all', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] },
];

type Internals = {
  owners: Uint8Array;
  held: Int16Array;
  kind: Uint8Array;
  nSeg: number;
  nMeeples: number;
  mSeg: Int16Array;
  mOwner: Uint8Array;
  mKind: Uint8Array;
  sole: Int16Array;
  rules: { ruleset: { figures: { weight: Int8Array; perPlayer: Int16Array; kinds: number } } };
  find(s: number): number;
};

/** Problems found comparing owners and held with a scan of the figures. */
function mismatches(k: Internals, players: number): string[] {
  const owners = new Map<number, number>();
  const held = new Int16Array(players * 8);
  for (let i = 0; i < k.nMeeples; i++) {
    if ((k.rules.ruleset.figures.weight[k.mKind[i] as number] as number) <= 0) continue;
    const r = k.find(k.mSeg[i] as number);
    owners.set(r, (owners.get(r) ?? 0) | (1 << (k.mOwner[i] as number)));
    const h = (k.mOwner[i] as number) * 8 + (k.kind[r] as number);
    held[h] = (held[h] as number) + 1;
  }
  const problems: string[] = [];
  for (let s = 0; s < k.nSeg; s++) {
    if (k.find(s) !== s) continue;
    if ((k.owners[s] as number) !== (owners.get(s) ?? 0))
      problems.push(`root ${s}: owners ${k.owners[s]}, figures say ${owners.get(s) ?? 0}`);
  }
  for (let j = 0; j < held.length; j++) if (k.held[j] !== held[j]) problems.push(`held[${j}] ${k.held[j]}, figures say ${held[j]}`);
  // The segment under each player's abbot, builder or pig (one per player), or -1.
  const F = k.rules.ruleset.figures;
  for (let f = 0; f < F.kinds; f++) {
    if (F.perPlayer[f] !== 1) continue;
    for (let pl = 0; pl < players; pl++) {
      let seg = -1;
      for (let i = 0; i < k.nMeeples; i++) if (k.mOwner[i] === pl && k.mKind[i] === f) seg = k.mSeg[i] as number;
      if (k.sole[f * players + pl] !== seg)
        problems.push(`sole of kind ${f}, player ${pl}: ${k.sole[f * players + pl]}, figures say ${seg}`);
    }
  }
  return problems;
}

describe('owners, held and sole follow the figures', () => {
  for (const options of CONFIGURATIONS) {
    it(`after every move of random games: ${JSON.stringify(options.expansions ?? [])}, ${options.players} players`, () => {
      const start = Engine.create(options);
      const random = seededRandom(String(options.seed));
      const buffer = new Int32Array(start.maxMoves);
      let checked = 0;
      let returned = 0;
      let recalled = 0;
      for (let g = 0; g < 20; g++) {
        const e = start.clone();
        e.shuffleTilesLeft(random);
        const k = kernelOf(e) as unknown as Internals;
        while (e.status === 'playing') {
          const before = k.nMeeples;
          const n = e.legalMoves(buffer);
          const code = buffer[Math.floor(random() * n)] as number;
          e.play(code);
          if (k.nMeeples < before + (moveSpot(code) >= 0 ? 1 : 0)) returned++;
          if (moveAction(code) === ACTION_RECALL) recalled++;
          expect(mismatches(k, options.players as number)).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
      // Figures went home during play (and abbots were taken back), so the counts came down as well as up.
      expect(returned).toBeGreaterThan(5);
      if (options.expansions?.includes('abbot')) expect(recalled).toBeGreaterThan(0);
    });
  }
});
