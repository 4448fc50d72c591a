import { StateError } from '../../core/errors.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import type { FarmerInput, FarmerResult, FarmerRule, FarmerScore } from '../types.js';

// Scoring lines from outside the kernel, checked and copied: a custom farmer rule's result, and the
// field lines a saved state records.

const MAX_POINTS = 1_000_000;

export const isPoints = (v: unknown): v is number => isInt(v) && v >= 0 && v <= MAX_POINTS;

const isIntList = (v: unknown, length?: number): v is number[] =>
  Array.isArray(v) && (length === undefined || v.length === length) && v.every(isInt);

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

const isPositions = (v: unknown): boolean => Array.isArray(v) && v.every((p) => isRecord(p) && isInt(p.x) && isInt(p.y));

/** What is wrong with a scoring line (a farmer rule's line, or an entry of `scored`), or null. */
function lineProblem(line: unknown, players: number): string | null {
  if (!isRecord(line)) return 'a line that is not an object';
  if (typeof line.id !== 'string') return 'a line without an id';
  if (!isPositions(line.tiles)) return `line ${line.id}: tiles must be a list of { x, y }`;
  if (!isStringList(line.fields) || !isStringList(line.cities)) return `line ${line.id}: fields and cities must be lists of feature ids`;
  if (!isIntList(line.meeples, players)) return `line ${line.id}: meeples must hold one whole number per player`;
  if (!isIntList(line.holders) || line.holders.some((h) => h < 0 || h >= players)) return `line ${line.id}: holders must be player indices`;
  if (!isPoints(line.points)) return `line ${line.id}: points must be a whole number from 0 to ${MAX_POINTS}`;
  if (!isIntList(line.awarded, players) || !line.awarded.every(isPoints)) {
    return `line ${line.id}: awarded must hold one whole number of points (0 to ${MAX_POINTS}) per player`;
  }
  if (typeof line.note !== 'string') return `line ${line.id}: note must be a sentence`;
  return null;
}

/**
 * Wraps a custom farmer rule so that a wrong result is a typed error, never a wrong score or a
 * non-JSON state. The lines are copied field by field.
 */
export function guardFarmerRule(rule: FarmerRule): FarmerRule {
  return (input: FarmerInput): FarmerResult => {
    let result: FarmerResult;
    try {
      result = rule(input);
    } catch (e) {
      throw new StateError([
        { code: 'custom-rule-failed', message: `the custom farmer rule threw: ${e instanceof Error ? e.message : show(e)}` },
      ]);
    }
    const bad = (why: string) => new StateError([{ code: 'custom-rule-failed', message: `the custom farmer rule returned ${why}` }]);
    if (!isRecord(result) || !Array.isArray(result.points) || !Array.isArray(result.breakdown)) {
      throw bad('something other than { points, breakdown }');
    }
    if (result.points.length !== input.players || !result.points.every(isPoints)) {
      throw bad(`points that are not one whole number from 0 to ${MAX_POINTS} per player (${input.players} players)`);
    }
    const lines = fieldLines(result.breakdown as unknown[], input.players, bad);
    if (lines.points.some((s, i) => s !== result.points[i])) throw bad('points that differ from the sum of its breakdown');
    return { points: [...result.points], breakdown: lines.breakdown };
  };
}

/** Checked copies of lines scoring fields (only their known fields), and the points they add up to. */
export function fieldLines(raws: readonly unknown[], players: number, problem: (why: string, i: number) => Error): FarmerResult {
  const points = new Array<number>(players).fill(0);
  const breakdown = raws.map((raw, i): FarmerScore => {
    const why = lineProblem(raw, players);
    if (why !== null) throw problem(why, i);
    const { id, tiles, fields, cities, meeples, holders, points: value, awarded, note } = raw as FarmerScore;
    for (const [p, a] of awarded.entries()) points[p] = (points[p] as number) + a;
    const copy = {
      tiles: tiles.map(({ x, y }) => ({ x, y })),
      fields: [...fields],
      cities: [...cities],
      meeples: [...meeples],
      holders: [...holders],
    };
    return { id, ...copy, points: value, awarded: [...awarded], note };
  });
  return { points, breakdown };
}
