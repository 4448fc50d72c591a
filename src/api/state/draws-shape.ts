import { isInt, isRecord } from '../../core/guards.js';

// The form of a saved state's `draws` (what they say is checked by drawing them: replay-drawn.ts).

/** Whether `draws` is a list of draw records (a view's hidden tiles `null` when `nulls`), else why not. */
export function drawsShapeProblem(draws: unknown, players: number, nulls: boolean): string | null {
  if (draws === null) return null;
  if (!Array.isArray(draws)) return 'draws must be a list of the tiles drawn, or null';
  for (let i = 0; i < draws.length; i++) {
    const d = draws[i];
    if (
      !isRecord(d) ||
      !isInt(d.turn) ||
      d.turn < 0 ||
      !isInt(d.player) ||
      d.player < 0 ||
      d.player >= players ||
      !(typeof d.tile === 'string' || (nulls && d.tile === null)) ||
      typeof d.kept !== 'boolean'
    ) {
      return `draws[${i}] is not a draw { turn, player, tile, kept }`;
    }
    if (i > 0 && (d.turn as number) < ((draws[i - 1] as { turn: number }).turn as number))
      return `draws[${i}] is drawn before draws[${i - 1}]`;
  }
  return null;
}
