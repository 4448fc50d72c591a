/**
 * The farmer rules, written once over a numeric farm graph: fields with farmers, the cities they
 * border, and who has how many farmers where. The kernel builds the graph in typed arrays for
 * playouts (no allocation); `farmers.ts` builds it from a `FarmerInput` and describes each line.
 */
export interface FarmGraph {
  readonly players: number;
  fields: number;
  cities: number;
  /** [f * players + p] strength of player p in field f. */
  readonly weight: Int32Array;
  /** [f * players + p] 1 when player p has a figure that marks field f (RuleModule figures' marksField: +1 a city). */
  readonly marks: Uint8Array;
  /** The cities of field f are cityList[cityStart[f] .. cityStart[f + 1]), distinct. */
  readonly cityStart: Int32Array;
  readonly cityList: Int32Array;
  /** [c] 1 when city c is complete. */
  readonly complete: Uint8Array;
}

/** Working space of a farm rule, sized for the graph. */
export interface FarmScratch {
  /** [players] */
  readonly awarded: Int32Array;
  /** [players] */
  readonly strength: Int32Array;
  /** [players * cities] */
  readonly credited: Int32Array;
}

/**
 * Called once per line of the scoring: `subject` is a field (field-centred rules) or a city
 * (city-centred), `value` the line's points, `awarded` the points each player gets from it and
 * `strength` the strengths that decided it.
 */
export type FarmLine = (subject: number, value: number, awarded: Int32Array, strength: Int32Array) => void;

/** A farm rule: adds each player's points to `points`; reports each line to `line` when given. */
export type FarmCore = (g: FarmGraph, points: Int32Array, line: FarmLine | null, scratch: FarmScratch) => void;

export function newFarmScratch(players: number, cities: number): FarmScratch {
  return { awarded: new Int32Array(players), strength: new Int32Array(players), credited: new Int32Array(players * cities) };
}

/** The best strength, 0 when nobody has a farmer. */
function best(strength: Int32Array, players: number): number {
  let b = 0;
  for (let p = 0; p < players; p++) if ((strength[p] as number) > b) b = strength[p] as number;
  return b;
}

/**
 * Field by field: the majority farmers of each field score `perCity` for every distinct completed
 * city it borders, one more with their pig in the field (Traders & Builders: 4 instead of 3). With
 * `oncePerPlayer`, a player scores a given city at most once: through the first of their scoring
 * fields (in graph order) that borders it and holds their pig, else through the first that borders
 * it.
 */
function fieldRule(
  g: FarmGraph,
  points: Int32Array,
  line: FarmLine | null,
  scratch: FarmScratch,
  perCity: number,
  oncePerPlayer: boolean,
): void {
  const P = g.players;
  const { awarded, strength, credited } = scratch;
  if (oncePerPlayer) {
    // credited[p * cities + c]: 1 + the field through which player p scores city c, or 0.
    credited.fill(0, 0, P * g.cities);
    creditCities(g, strength, credited, true);
    creditCities(g, strength, credited, false);
  }
  for (let f = 0; f < g.fields; f++) {
    for (let p = 0; p < P; p++) strength[p] = g.weight[f * P + p] as number;
    const top = best(strength, P);
    const from = g.cityStart[f] as number;
    const to = g.cityStart[f + 1] as number;
    let complete = 0;
    for (let i = from; i < to; i++) complete += g.complete[g.cityList[i] as number] as number;
    awarded.fill(0);
    for (let p = 0; p < P; p++) {
      if (top === 0 || strength[p] !== top) continue;
      let fresh = complete;
      if (oncePerPlayer) {
        fresh = 0;
        for (let i = from; i < to; i++) if (credited[p * g.cities + (g.cityList[i] as number)] === f + 1) fresh++;
      }
      const value = (perCity + (g.marks[f * P + p] as number)) * fresh;
      awarded[p] = value;
      points[p] = (points[p] as number) + value;
    }
    if (line !== null) line(f, perCity * complete, awarded, strength);
  }
}

/**
 * Credits each completed city, per player, to the first field (in graph order) through which the
 * player scores it: with `marksOnly`, only fields the player's figure marks (a first pass, so that a
 * city bordering such a field scores 4 for its mark).
 */
function creditCities(g: FarmGraph, strength: Int32Array, credited: Int32Array, marksOnly: boolean): void {
  const P = g.players;
  for (let f = 0; f < g.fields; f++) {
    for (let p = 0; p < P; p++) strength[p] = g.weight[f * P + p] as number;
    const top = best(strength, P);
    if (top === 0) continue;
    for (let p = 0; p < P; p++) {
      if (strength[p] !== top || (marksOnly && g.marks[f * P + p] === 0)) continue;
      for (let i = g.cityStart[f] as number; i < (g.cityStart[f + 1] as number); i++) {
        const c = g.cityList[i] as number;
        if (g.complete[c] === 1 && credited[p * g.cities + c] === 0) credited[p * g.cities + c] = f + 1;
      }
    }
  }
}

/** Current rules: every field scores 3 a completed city for its majority farmers. */
export const farm3Core: FarmCore = (g, points, line, scratch) => fieldRule(g, points, line, scratch, 3, false);
/** Second edition: as farm3Core, each city at most once per player (through a field with their pig when there is one). */
export const farm3OnceCore: FarmCore = (g, points, line, scratch) => fieldRule(g, points, line, scratch, 3, true);

/**
 * First edition: each completed city is scored once; the players with the most farmers in all the
 * fields bordering it (each field counted once) score 4. A pig (Traders & Builders, a rule written
 * for the 3-point scoring) adds its one point a city here too: a winner with a pig in one of those
 * fields scores 5.
 */
export const city4Core: FarmCore = (g, points, line, scratch) => {
  const P = g.players;
  const { awarded, strength, credited } = scratch;
  for (let c = 0; c < g.cities; c++) {
    if (g.complete[c] === 0) continue;
    strength.fill(0);
    credited.fill(0, 0, P);
    for (let f = 0; f < g.fields; f++) {
      let borders = false;
      for (let i = g.cityStart[f] as number; i < (g.cityStart[f + 1] as number); i++) if (g.cityList[i] === c) borders = true;
      if (!borders) continue;
      for (let p = 0; p < P; p++) {
        strength[p] = (strength[p] as number) + (g.weight[f * P + p] as number);
        if (g.marks[f * P + p] === 1) credited[p] = 1;
      }
    }
    const top = best(strength, P);
    for (let p = 0; p < P; p++) {
      awarded[p] = top > 0 && strength[p] === top ? 4 + (credited[p] as number) : 0;
      points[p] = (points[p] as number) + (awarded[p] as number);
    }
    if (line !== null) line(c, 4, awarded, strength);
  }
};

/** Fields score nothing. */
export const noFarmCore: FarmCore = () => {};
