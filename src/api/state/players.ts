import { freezeBuilt } from '../../core/freeze.js';
import { isInt, isRecord } from '../../core/guards.js';
import type { Kernel } from '../../kernel/index.js';
import { figureNames, figureWord, supplyKeys, tokenKinds, tokenRecords } from '../options/figure-kinds.js';
import { isPoints } from '../options/lines.js';
import type { MeepleKind, PlayerState } from '../types.js';

// A player's record (GameState.players[i], and without its name GameState.setup.players[i]),
// declared once: its form, how the kernel writes it, and what differs from the kernel on load. Its
// fields: name, score, one count a figure kind in supply (by the rule modules' supply keys), and one
// record a kind of token (Traders & Builders' goods).

const count = (v: unknown): boolean => isInt(v) && v >= 0;

/** Whether `p` has a player record's form (`named`: with its name; a set-up's records have none). */
export function isPlayerRecord(p: unknown, named: boolean): boolean {
  return (
    isRecord(p) &&
    (!named || typeof p.name === 'string') &&
    isPoints(p.score) &&
    supplyKeys().every((key) => count(p[key])) &&
    tokenKinds().every((tk) => isRecord(p[tk.key]) && tk.kinds.every((g) => count((p[tk.key] as Record<string, unknown>)[g])))
  );
}

/** The form of a player record, as the messages say it. */
export function playerForm(): string {
  const tokens = tokenKinds()
    .map((tk) => ` and ${tk.key} tokens { ${tk.kinds.join(', ')} }`)
    .join('');
  return `a name, a whole score, whole counts of ${supplyKeys().join(', ')}${tokens}`;
}

/** The keys of a player record, in the order the library writes them. */
export const playerKeys = (): string[] => ['name', 'score', ...supplyKeys(), ...tokenKinds().map((tk) => tk.key)];

/** Player i's record as kernel k has it. */
export function playerRecord(k: Kernel, i: number, name: string): PlayerState {
  const record: Record<string, unknown> = { name, score: k.score[i] as number };
  supplyKeys().forEach((key, figure) => {
    record[key] = k.inSupply(i, figure);
  });
  Object.assign(
    record,
    tokenRecords((g) => k.tokensOf(i, g)),
  );
  return record as unknown as PlayerState;
}

/**
 * Player i's record after a move on kernel k: `before` itself when nothing in it changed, else a
 * new frozen record sharing the token records that did not change.
 */
export function playerAfter(k: Kernel, i: number, before: PlayerState): PlayerState {
  const record = before as unknown as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  let any = false;
  if (before.score !== k.score[i]) {
    changed.score = k.score[i] as number;
    any = true;
  }
  const keys = supplyKeys();
  for (let figure = 0; figure < keys.length; figure++) {
    const key = keys[figure] as string;
    if (record[key] === k.inSupply(i, figure)) continue;
    changed[key] = k.inSupply(i, figure);
    any = true;
  }
  for (const tk of tokenKinds()) {
    const held = record[tk.key] as Record<string, number>;
    let differs = false;
    for (let g = 0; g < tk.kinds.length; g++) if (held[tk.kinds[g] as string] !== k.tokensOf(i, tk.first + g)) differs = true;
    if (!differs) continue;
    changed[tk.key] = freezeBuilt(Object.fromEntries(tk.kinds.map((name, g) => [name, k.tokensOf(i, tk.first + g)])));
    any = true;
  }
  return any ? (Object.freeze({ ...before, ...changed }) as PlayerState) : before;
}

/** `n` things, with the plural when n is not 1. */
const amount = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What in player i's recorded record differs from kernel k's: a sentence each. */
export function playerDifferences(recorded: Readonly<Record<string, unknown>>, k: Kernel, i: number): string[] {
  const out: string[] = [];
  if (recorded.score !== k.score[i])
    out.push(`player ${i} has ${amount(recorded.score as number, 'point')}, but the placements score ${k.score[i]}`);
  supplyKeys().forEach((key, figure) => {
    const want = k.inSupply(i, figure);
    const word = figureWord(figureNames()[figure] as MeepleKind);
    if (recorded[key] !== want)
      out.push(`player ${i} has ${amount(recorded[key] as number, word)} in supply, but the placements leave ${want}`);
  });
  for (const tk of tokenKinds()) {
    tk.kinds.forEach((name, g) => {
      const have = (recorded[tk.key] as Record<string, unknown>)[name];
      const want = k.tokensOf(i, tk.first + g);
      if (have !== want) out.push(`player ${i} has ${amount(have as number, `${name} token`)}, but the cities they completed hold ${want}`);
    });
  }
  return out;
}
