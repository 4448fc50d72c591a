import { citiesOfField, nextRootMark } from './features.js';
import { figureRoots, strengthAmong } from './figures.js';
import { nextGeneration } from './scratch.js';
import { K_FIELD } from './tables.js';
import type { FarmGraph } from './farm-graph.js';
import type { Kernel } from './kernel.js';

/** The fields with figures and the cities they border, as a numeric graph in scratch arrays (fields in figure order). */
export function farmGraph(k: Kernel): FarmGraph {
  const sc = k.scratch;
  const g = sc.farm;
  const P = k.players;
  const fieldGen = nextRootMark(k);
  sc.gens.city = nextGeneration(sc.cityMark, sc.gens.city);
  const cityGen = sc.gens.city;
  const marks = k.rules.ruleset.figures.marksField;
  let fields = 0;
  let cities = 0;
  let n = 0;
  const roots = figureRoots(k);
  for (let i = 0; i < k.nMeeples; i++) {
    const r = roots[i] as number;
    if (k.kind[r] !== K_FIELD || sc.rootMark[r] === fieldGen) continue;
    sc.rootMark[r] = fieldGen;
    sc.farmFieldRoots[fields] = r;
    const w = strengthAmong(k, r, roots, i);
    for (let p = 0; p < P; p++) g.weight[fields * P + p] = w[p] as number;
    for (let p = 0; p < P; p++) g.marks[fields * P + p] = 0;
    for (let j = i; j < k.nMeeples; j++) {
      if (roots[j] === r && marks[k.mKind[j] as number] !== 0) g.marks[fields * P + (k.mOwner[j] as number)] = 1;
    }
    const found = citiesOfField(k, r, sc.fieldRoots, sc.fieldFirstSeg);
    for (let kd = 0; kd < found; kd++) {
      const cr = sc.fieldRoots[kd] as number;
      if (sc.cityMark[cr] !== cityGen) {
        sc.cityMark[cr] = cityGen;
        sc.cityIndex[cr] = cities;
        sc.farmCityRoots[cities] = cr;
        g.complete[cities++] = k.open[cr] === 0 ? 1 : 0;
      }
      g.cityList[n++] = sc.cityIndex[cr] as number;
    }
    g.cityStart[++fields] = n;
  }
  g.cityStart[0] = 0;
  g.fields = fields;
  g.cities = cities;
  sc.gens.farm = (sc.gens.farm + 1) >>> 0;
  return g;
}
