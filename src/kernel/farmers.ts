import type { FarmerInput, FarmerResult, FarmerRule, FarmerRuleName, FarmerScore, FeatureId } from '../api/types.js';
import { majority } from './scoring.js';

function holdersOf(meeples: readonly number[]): number[] {
  const best = majority(meeples);
  const out: number[] = [];
  if (best === 0) return out;
  meeples.forEach((m, i) => {
    if (m === best) out.push(i);
  });
  return out;
}

function completeCities(input: FarmerInput): Set<FeatureId> {
  return new Set(input.cities.filter((c) => c.complete).map((c) => c.id));
}

function sum(points: number[], awarded: readonly number[]): void {
  awarded.forEach((a, i) => {
    points[i] = (points[i] ?? 0) + a;
  });
}

/**
 * Current rules (third-edition rules, all printings since 2002/03, default): each field is scored
 * on its own; its majority farmers score 3 for every distinct completed city bordering it. A
 * city can score again through another field, for the same player too.
 */
export const farm3: FarmerRule = (input) => farmRule(input, 3, false);

/**
 * Second-edition rules: as `farm3`, except that a player scores a given city at most once,
 * however many of the player's fields border it. Fields are taken in board order; a city is
 * credited to the first field through which the player scores it.
 */
export const farm3Once: FarmerRule = (input) => farmRule(input, 3, true);

function farmRule(input: FarmerInput, perCity: number, oncePerPlayer: boolean): FarmerResult {
  const complete = completeCities(input);
  const credited: Set<FeatureId>[] = Array.from({ length: input.players }, () => new Set());
  const points = new Array<number>(input.players).fill(0);
  const breakdown: FarmerScore[] = [];
  for (const field of input.fields) {
    const cities = field.cities.filter((c) => complete.has(c));
    const holders = holdersOf(field.meeples);
    const value = perCity * cities.length;
    const awarded = new Array<number>(input.players).fill(0);
    for (const h of holders) {
      const fresh = oncePerPlayer ? cities.filter((c) => !credited[h]?.has(c)) : cities;
      for (const c of fresh) credited[h]?.add(c);
      awarded[h] = perCity * fresh.length;
    }
    sum(points, awarded);
    const once = oncePerPlayer && awarded.some((a, i) => holders.includes(i) && a !== value);
    breakdown.push({
      id: field.id,
      tiles: field.tiles,
      fields: [field.id],
      cities,
      meeples: field.meeples,
      holders,
      points: value,
      awarded,
      note:
        `field bordering ${cities.length} completed ${cities.length === 1 ? 'city' : 'cities'}: ${perCity}×${cities.length}` +
        (once ? ' (a city already scored by the same player counts once)' : ''),
    });
  }
  return { points, breakdown };
}

/**
 * First-edition rules: each completed city is scored once; the players with the most farmers in
 * all the fields bordering it (each field counted once) score 4.
 */
export const city4: FarmerRule = (input) => {
  const points = new Array<number>(input.players).fill(0);
  const breakdown: FarmerScore[] = [];
  for (const city of input.cities) {
    if (!city.complete) continue;
    const fields = input.fields.filter((f) => f.cities.includes(city.id));
    const meeples = new Array<number>(input.players).fill(0);
    for (const f of fields) f.meeples.forEach((m, i) => (meeples[i] = (meeples[i] ?? 0) + m));
    const holders = holdersOf(meeples);
    const awarded = meeples.map((_, i) => (holders.includes(i) ? 4 : 0));
    sum(points, awarded);
    breakdown.push({
      id: city.id,
      tiles: city.tiles,
      fields: fields.map((f) => f.id),
      cities: [city.id],
      meeples,
      holders,
      points: 4,
      awarded,
      note: `completed city supplied by ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}: 4 to the most farmers`,
    });
  }
  return { points, breakdown };
};

/** Fields score nothing. */
export const noFarmers: FarmerRule = (input) => ({ points: new Array<number>(input.players).fill(0), breakdown: [] });

/** The built-in farmer rules by name. */
export const farmerRules: Readonly<Record<FarmerRuleName, FarmerRule>> = {
  'city-4': city4,
  'farm-3-once': farm3Once,
  'farm-3': farm3,
  none: noFarmers,
};
