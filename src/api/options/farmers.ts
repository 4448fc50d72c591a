import {
  city4Core,
  type FarmCore,
  type FarmGraph,
  farm3Core,
  farm3OnceCore,
  newFarmScratch,
  noFarmCore,
  type FieldScoring,
  type Kernel,
  K_FIELD,
} from '../../kernel/index.js';
import { OptionsError } from '../../core/errors.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import { LIMITS, STATE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import { featureIdOf } from '../play/events.js';
import { figuresOf } from '../../rules/declared.js';
import { figureOrder } from '../../rules/roster.js';
import type { FarmerCity, FarmerField, FarmerInput, FarmerResult, FarmerRule, FarmerRuleName, FarmerScore, FeatureId } from '../types.js';

/**
 * The figures that mark a field (RuleModule figures' `marksField`: Traders & Builders' pig) among
 * the registered modules: the field of `FarmerField` that lists who has one (their supply key), and
 * their word.
 */
function markers(): { readonly name: string; readonly key: string; readonly word: string }[] {
  return figuresOf()
    .filter((f) => f.marksField === true)
    .map((f) => ({ name: f.name, key: f.supplyKey, word: f.word }));
}

/** How a line says that `players` have a figure marking the field: "a pig" or "pigs". */
function markWord(players: number): string {
  const word = markers()[0]?.word ?? 'mark';
  return players === 1 ? `a ${word}` : `${word}s`;
}

/** The numeric graph of a farmer input: cities indexed in input order (unknown ids appended, incomplete). */
function graphOf(input: FarmerInput): { graph: FarmGraph; cityIds: FeatureId[] } {
  const P = input.players;
  const cityIds = input.cities.map((c) => c.id);
  const index = new Map<FeatureId, number>(cityIds.map((id, i) => [id, i]));
  const cityStart = new Int32Array(input.fields.length + 1);
  const list: number[] = [];
  const weight = new Int32Array(input.fields.length * P);
  const marks = new Uint8Array(input.fields.length * P);
  const keys = markers().map((m) => m.key);
  input.fields.forEach((f, fi) => {
    const marked = keys.map((key) => (f as unknown as Record<string, readonly number[] | undefined>)[key]);
    for (let p = 0; p < P; p++) {
      weight[fi * P + p] = f.meeples[p] ?? 0;
      marks[fi * P + p] = marked.some((m) => (m?.[p] ?? 0) > 0) ? 1 : 0;
    }
    for (const id of f.cities) {
      let c = index.get(id);
      if (c === undefined) {
        c = cityIds.length;
        cityIds.push(id);
        index.set(id, c);
      }
      list.push(c);
    }
    cityStart[fi + 1] = list.length;
  });
  const complete = new Uint8Array(cityIds.length);
  input.cities.forEach((c, i) => {
    complete[i] = c.complete ? 1 : 0;
  });
  const graph: FarmGraph = {
    players: P,
    fields: input.fields.length,
    cities: cityIds.length,
    weight,
    marks,
    cityStart,
    cityList: Int32Array.from(list),
    complete,
  };
  return { graph, cityIds };
}

/** Players with the most strength (at least 1). */
function holdersOf(strength: Int32Array): number[] {
  const top = Math.max(0, ...strength);
  const out: number[] = [];
  for (let p = 0; top > 0 && p < strength.length; p++) if (strength[p] === top) out.push(p);
  return out;
}

/** A field-centred rule as a `FarmerRule`: one line per field with farmers. */
function fieldRuleOf(input: FarmerInput, core: FarmCore, perCity: number, oncePerPlayer: boolean): FarmerResult {
  const { graph, cityIds } = graphOf(input);
  const points = new Int32Array(input.players);
  const breakdown: FarmerScore[] = [];
  core(
    graph,
    points,
    (f, value, awarded, strength) => {
      const field = input.fields[f];
      if (field === undefined) return;
      const cities: FeatureId[] = [];
      for (let i = graph.cityStart[f] as number; i < (graph.cityStart[f + 1] as number); i++) {
        const c = graph.cityList[i] as number;
        if (graph.complete[c] === 1) cities.push(cityIds[c] as FeatureId);
      }
      const holders = holdersOf(strength);
      const markedBy = holders.filter((h) => (graph.marks[f * input.players + h] as number) === 1);
      const once =
        oncePerPlayer && holders.some((h) => awarded[h] !== (perCity + (graph.marks[f * input.players + h] as number)) * cities.length);
      const markNote =
        markedBy.length === 0 || cities.length === 0
          ? ''
          : `; with ${markWord(markedBy.length)} (player ${markedBy.join(', ')}): ${perCity + 1}×${cities.length}`;
      breakdown.push({
        id: field.id,
        tiles: field.tiles,
        fields: [field.id],
        cities,
        meeples: field.meeples,
        holders,
        points: value,
        awarded: Array.from(awarded),
        note:
          `field bordering ${cities.length} completed ${cities.length === 1 ? 'city' : 'cities'}: ${perCity}×${cities.length}` +
          markNote +
          (once ? ' (a city already scored by the same player counts once)' : ''),
      });
    },
    newFarmScratch(input.players, graph.cities),
  );
  return { points: Array.from(points), breakdown };
}

/**
 * Current rules (third-edition rules, all printings since 2002/03, default): each field is scored
 * on its own; its majority farmers score 3 for every distinct completed city bordering it (4 with
 * their pig in the field, Traders & Builders). A city can score again through another field, for
 * the same player too.
 */
const farm3Rule: FarmerRule = (input) => fieldRuleOf(input, farm3Core, 3, false);

/**
 * Second-edition rules: as `farm3`, except that a player scores a given city at most once,
 * however many of the player's fields border it. Fields are taken in board order; a city is
 * credited to the first field through which the player scores it.
 */
const farm3OnceRule: FarmerRule = (input) => fieldRuleOf(input, farm3OnceCore, 3, true);

/**
 * First-edition rules: each completed city is scored once; the players with the most farmers in
 * all the fields bordering it (each field counted once) score 4, or 5 with their pig in one of
 * those fields (Traders & Builders).
 */
const city4Rule: FarmerRule = (input): FarmerResult => {
  const { graph } = graphOf(input);
  const points = new Int32Array(input.players);
  const breakdown: FarmerScore[] = [];
  city4Core(
    graph,
    points,
    (c, value, awarded, strength) => {
      const city = input.cities[c];
      if (city === undefined) return;
      const fields = input.fields.filter((f) => f.cities.includes(city.id));
      const markedBy = holdersOf(strength).filter((h) => awarded[h] === 5);
      breakdown.push({
        id: city.id,
        tiles: city.tiles,
        fields: fields.map((f) => f.id),
        cities: [city.id],
        meeples: Array.from(strength),
        holders: holdersOf(strength),
        points: value,
        awarded: Array.from(awarded),
        note:
          `completed city supplied by ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}: 4 to the most farmers` +
          (markedBy.length === 0 ? '' : `, 5 with ${markWord(1)} (player ${markedBy.join(', ')})`),
      });
    },
    newFarmScratch(input.players, graph.cities),
  );
  return { points: Array.from(points), breakdown };
};

/** Fields score nothing. */
const noFarmersRule: FarmerRule = (input) => ({ points: new Array<number>(input.players).fill(0), breakdown: [] });

// The built-in rules for callers: the input read as plain data and checked first (a custom rule
// may pass anything on), so that junk gets OptionsError `invalid-argument` and a huge input is
// refused before any work. The kernel calls them on inputs it made.
export const farm3: FarmerRule = (input) => farm3Rule(farmerInput(input));
export const farm3Once: FarmerRule = (input) => farm3OnceRule(farmerInput(input));
export const city4: FarmerRule = (input) => city4Rule(farmerInput(input));
export const noFarmers: FarmerRule = (input) => noFarmersRule(farmerInput(input));

/** `input` as a farmer rule's input, read and checked, or {@link OptionsError} `invalid-argument`. */
function farmerInput(input: unknown): FarmerInput {
  const read = readPlain(input, 'the farmer input', STATE_INPUT);
  const bad = (why: string) => new OptionsError([{ code: 'invalid-argument', message: `a farmer rule's input ${why}` }]);
  if (!read.ok) throw new OptionsError([{ code: 'invalid-argument', message: read.message }]);
  const v = read.value as Record<string, unknown>;
  if (!isRecord(v)) throw bad('is an object { players, fields, cities }');
  const players = v.players;
  if (!(isInt(players) && players >= 1 && players <= LIMITS.players))
    throw bad(`has players from 1 to ${LIMITS.players}, not ${show(players)}`);
  if (!Array.isArray(v.fields) || !Array.isArray(v.cities)) throw bad('has lists fields and cities');
  const positions = (t: unknown) => Array.isArray(t) && t.every((p) => isRecord(p) && isInt(p.x) && isInt(p.y));
  const perPlayer = (l: unknown, most: number) =>
    Array.isArray(l) && l.length === players && l.every((n) => isInt(n) && n >= 0 && n <= most);
  const cityIds = new Set<unknown>();
  for (const [i, c] of (v.cities as unknown[]).entries()) {
    if (
      !(
        isRecord(c) &&
        typeof c.id === 'string' &&
        positions(c.tiles) &&
        isInt(c.pennants) &&
        c.pennants >= 0 &&
        typeof c.complete === 'boolean'
      )
    ) {
      throw bad(`has cities[${i}] as { id, tiles: [{ x, y }], pennants, complete }, not ${show(c).slice(0, 80)}`);
    }
    cityIds.add(c.id);
  }
  for (const [i, f] of (v.fields as unknown[]).entries()) {
    const ok =
      isRecord(f) &&
      typeof f.id === 'string' &&
      positions(f.tiles) &&
      perPlayer(f.meeples, 1000) &&
      markers().every(({ key }) => f[key] === undefined || perPlayer(f[key], 1)) &&
      Array.isArray(f.cities) &&
      f.cities.every((id) => cityIds.has(id));
    if (!ok)
      throw bad(
        `has fields[${i}] as { id, tiles, meeples: one count a player, ${markers()
          .map(({ key }) => `${key}?, `)
          .join('')}cities: ids of listed cities }, not ${show(f).slice(0, 80)}`,
      );
  }
  return v as unknown as FarmerInput;
}

/**
 * The built-in farmer rules by name.
 *
 * @example
 * ```ts
 * import { createGame, farmerRules, type FarmerRule } from 'carcassonne-engine';
 *
 * console.log(Object.keys(farmerRules)); // → [ 'city-4', 'farm-3-once', 'farm-3', 'none' ]
 * // A house rule built on a built-in one: the current rule, doubled.
 * const double: FarmerRule = (input) => {
 *   const { points, breakdown } = farmerRules['farm-3'](input);
 *   return { points: points.map((p) => 2 * p), breakdown: breakdown.map((l) => ({ ...l, points: 2 * l.points, awarded: l.awarded.map((a) => 2 * a) })) };
 * };
 * console.log(createGame({ players: 2, seed: 1, rules: { farmers: double } }).rules.farmers); // → custom
 * ```
 */
export const farmerRules: Readonly<Record<FarmerRuleName, FarmerRule>> = {
  'city-4': city4,
  'farm-3-once': farm3Once,
  'farm-3': farm3,
  none: noFarmers,
};

/** The numeric form of a built-in rule, which the kernel calls directly in playouts; `undefined` for a custom rule. */
export function farmCoreOf(rule: FarmerRule): FarmCore | undefined {
  if (rule === farm3 || rule === farm3Rule) return farm3Core;
  if (rule === farm3Once || rule === farm3OnceRule) return farm3OnceCore;
  if (rule === city4 || rule === city4Rule) return city4Core;
  if (rule === noFarmers || rule === noFarmersRule) return noFarmCore;
  return undefined;
}

/** The figure kinds of kernel k's game that mark a field (`markers` in the game), by code, with their supply key. */
function markersOf(k: Kernel): { readonly code: number; readonly key: string }[] {
  const marks = k.rules.ruleset.figures.marksField;
  return markers()
    .map((m) => ({ code: figureOrder().indexOf(m.name), key: m.key }))
    .filter((m) => m.code >= 0 && marks[m.code] !== 0);
}

/** The input of a farmer rule: every field with a farmer, and every city those fields border, in age order. */
export function farmerInputOf(k: Kernel): FarmerInput {
  const fieldRoots: number[] = [];
  for (let i = 0; i < k.nMeeples; i++) {
    const r = k.find(k.mSeg[i] as number);
    if (k.kindOf(r) === K_FIELD && !fieldRoots.includes(r)) fieldRoots.push(r);
  }
  fieldRoots.sort((a, b) => k.oldest(a) - k.oldest(b));
  const id = (r: number) => featureIdOf(k.ref(r));
  const cityRoots: number[] = [];
  const markerKinds = markersOf(k);
  const fields: FarmerField[] = fieldRoots.map((r) => {
    const cities = k.borderingCities(r);
    for (const c of cities) if (!cityRoots.includes(c)) cityRoots.push(c);
    // Per figure kind of the game that marks a field (its supply key): who has one here.
    const marked: Record<string, number[]> = {};
    for (const { code, key } of markerKinds) {
      const who = new Array<number>(k.players).fill(0);
      for (let j = 0; j < k.nMeeples; j++) if (k.mKind[j] === code && k.find(k.mSeg[j] as number) === r) who[k.mOwner[j] as number] = 1;
      marked[key] = who;
    }
    return { id: id(r), tiles: k.tilePositions(r), meeples: Array.from(k.strength(r)), ...marked, cities: cities.map(id) };
  });
  cityRoots.sort((a, b) => k.oldest(a) - k.oldest(b));
  const cities: FarmerCity[] = cityRoots.map((c) => ({
    id: id(c),
    tiles: k.tilePositions(c),
    pennants: k.pennantsOf(c),
    complete: k.openOf(c) === 0,
  }));
  return { players: k.players, fields, cities };
}

/**
 * A farmer rule as the kernel's final scoring of fields: a built-in rule runs its numeric form in
 * playouts (no allocation); otherwise, and whenever the lines are wanted, the rule itself runs on
 * the farmer input and its lines go to the log as they are.
 */
export function fieldScoring(rule: FarmerRule): FieldScoring {
  const core = farmCoreOf(rule);
  // The kernel's own input needs no checking: a built-in rule runs unwrapped.
  const run =
    rule === farm3
      ? farm3Rule
      : rule === farm3Once
        ? farm3OnceRule
        : rule === city4
          ? city4Rule
          : rule === noFarmers
            ? noFarmersRule
            : rule;
  return (k, into, log) => {
    if (log === null && core !== undefined) {
      core(k.farmGraph(), into, null, k.farmScratch);
      return;
    }
    const result = run(farmerInputOf(k));
    for (let p = 0; p < k.players; p++) into[p] = (into[p] as number) + (result.points[p] ?? 0);
    if (log !== null) log.push({ type: 'lines', lines: result.breakdown });
  };
}
