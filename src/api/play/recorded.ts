import { type Kernel, type KernelRules, PHASE_ACTION } from '../../kernel/index.js';
import type { Remake } from '../state/kernels.js';
import { withCustomRule } from '../options/game-rules.js';
import { actionOfTurn, codeOfAction, codeOfTile } from './legality.js';
import type { Spot } from '../../core/geometry.js';
import type { GameState, MeepleKind, ModuleMove, PlacedTile } from '../types.js';

// The kernel of a state this library made, made again from the state's own record: the moves its
// placements list, played from the kernel of an earlier state of the same game (its start, or the
// state it was loaded as). Nothing is checked: the states were checked when made.

/** Where a state's record stood when its kernel was at hand: its placements, and what of the last one was played. */
interface Mark {
  readonly placements: number;
  /** The module moves of the last placement played. */
  readonly steps: number;
  /** Whether the last placement waited for the rest of its turn (the state's step was not 'tile'). */
  readonly waiting: boolean;
}

const markOf = (s: GameState): Mark => ({
  placements: s.placements.length,
  steps: s.placements.at(-1)?.steps?.length ?? 0,
  waiting: s.step !== 'tile',
});

/**
 * How the states of a game are made again: each from a copy of the game's kernel at state `first`
 * (`start()` makes one), with the moves its record lists after `first`'s. Holds `first`'s place in
 * the record, never a state.
 */
export function remakeFrom(start: () => Kernel, first: GameState): Remake {
  const mark = markOf(first);
  return (state: GameState, rules: KernelRules | null) => {
    const k = start();
    if (rules !== null) k.setRules(rules);
    withCustomRule(() => playRecorded(k, state, mark));
    return k;
  };
}

/** Plays on `k`, which stands at `from`, the rest of `state`'s record, drawing as the game drew. */
function playRecorded(k: Kernel, state: GameState, from: Mark): void {
  const placements = state.placements;
  const pending = state.step !== 'tile';
  for (let i = from.waiting ? from.placements - 1 : from.placements; i < placements.length; i++) {
    const p = placements[i] as PlacedTile;
    const resumed = from.waiting && i === from.placements - 1;
    const waits = pending && i === placements.length - 1;
    const steps = p.steps ?? [];
    const meeple = p.meeple === null ? {} : { meeple: p.meeple as { at: Spot; kind: MeepleKind } };
    const recall = p.recall === null ? {} : { recall: p.recall as MeepleKind };
    const turn = { x: p.x, y: p.y, rotation: p.rotation, ...meeple, ...recall };
    let next = resumed ? from.steps : 0;
    // A whole turn is played as its two steps: a figure deployed or taken back had its action step.
    if (!resumed) k.play(codeOfTile(k, { type: 'tile', x: p.x, y: p.y, rotation: p.rotation, tile: p.tile }), null);
    // The rule modules' moves in the order made (a ransom before the action, a capture after a
    // tower floor), then the figure deployed or taken back, or the pass, if the action step is open.
    while (next < steps.length) k.play(codeOfAction(k, steps[next++] as ModuleMove), null);
    if (k.phase === PHASE_ACTION && !waits) k.play(codeOfAction(k, actionOfTurn(turn)), null);
  }
}
