import type { FarmerRule } from 'carcassonne-engine';

/** A custom farmer rule for tests: 1 point per field tile to each majority farmer (pure). */
export const perTile: FarmerRule = (input) => {
  const points = new Array<number>(input.players).fill(0);
  const breakdown = input.fields.map((f) => {
    const best = Math.max(...f.meeples);
    const holders = f.meeples.flatMap((m, i) => (m === best && m > 0 ? [i] : []));
    const awarded = f.meeples.map((_, i) => (holders.includes(i) ? f.tiles.length : 0));
    for (const [i, a] of awarded.entries()) points[i] = (points[i] ?? 0) + a;
    return {
      id: f.id,
      tiles: f.tiles,
      fields: [f.id],
      cities: [],
      meeples: f.meeples,
      holders,
      points: f.tiles.length,
      awarded,
      note: `${f.tiles.length} tiles`,
    };
  });
  return { points, breakdown };
};
