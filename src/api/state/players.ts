import { freezeBuilt } from '../../core/freeze.js';
import { isInt, isRecord } from '../../core/guards.js';
import type { Kernel } from '../../kernel/index.js';
import { figuresOf, tokenDefs } from '../../rules/declared.js';
import { type Roster, rosterOf } from '../../rules/roster.js';
import { figureWord, tokenRecords } from '../options/figure-kinds.js';
import { isPoints } from '../options/lines.js';
import type { MeepleKind, PlayerState } from '../types.js';

// A player's record (GameState.players[i], and without its name GameState.setup.players[i]),
// declared once: its form, how the kernel writes it, and what differs from the kernel on load. Its
// fields: name, score, one count a figure kind of the game in supply (by its modules' supply keys),
// and one record a kind of token the game's modules have (see Roster).

const count = (v: unknown): boolean => isInt(v) && v >= 0;

/** Whether `p` has a player record's form (`named`: with its name; a set-up's records have none). */
export function isPlayerRecord(p: unknown, named: boolean, roster: Roster): boolean {
  return (
    isRecord(p) &&
    (!named || typeof p.name === 'string') &&
    isPoints(p.score) &&
    roster.supply.every((key) => count(p[key])) &&
    roster.tokens.every((tk) => isRecord(p[tk.key]) && tk.kinds.every((g) => count((p[tk.key] as Record<string, unknown>)[g])))
  );
}

/** The form of a player record, as the messages say it. */
export function playerForm(roster: Roster): string {
  const tokens = roster.tokens.map((tk) => ` and ${tk.key} tokens { ${tk.kinds.join(', ')} }`).join('');
  return `a name, a whole score, whole counts of ${roster.supply.join(', ')}${tokens}`;
}

/** The keys of a player record of a game with these modules, in the order the library writes them. */
export const playerKeys = (roster: Roster): string[] => ['name', 'score', ...roster.supply, ...roster.tokens.map((tk) => tk.key)];

/** Player i's record as kernel k has it. */
export function playerRecord(k: Kernel, i: number, name: string): PlayerState {
  const record: Record<string, unknown> = { name, score: k.score[i] as number };
  const roster = rosterOf(k);
  roster.supply.forEach((key, j) => {
    record[key] = k.inSupply(i, roster.own[j] as number);
  });
  Object.assign(record, tokenRecords(k, i));
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
  const roster = rosterOf(k);
  const keys = roster.supply;
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j] as string;
    const figure = roster.own[j] as number;
    if (record[key] === k.inSupply(i, figure)) continue;
    changed[key] = k.inSupply(i, figure);
    any = true;
  }
  for (const tk of roster.tokens) {
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
export const amount = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What in player i's recorded record differs from kernel k's: a sentence each. */
export function playerDifferences(recorded: Readonly<Record<string, unknown>>, k: Kernel, i: number): string[] {
  const out: string[] = [];
  if (recorded.score !== k.score[i])
    out.push(`player ${i} has ${amount(recorded.score as number, 'point')}, but the placements score ${k.score[i]}`);
  const roster = rosterOf(k);
  roster.supply.forEach((key, j) => {
    const figure = roster.own[j] as number;
    const want = k.inSupply(i, figure);
    const word = figureWord(roster.names[figure] as MeepleKind);
    if (recorded[key] !== want)
      out.push(`player ${i} has ${amount(recorded[key] as number, word)} in supply, but the placements leave ${want}`);
  });
  for (const tk of roster.tokens) {
    tk.kinds.forEach((name, g) => {
      const have = (recorded[tk.key] as Record<string, unknown>)[name];
      const want = k.tokensOf(i, tk.first + g);
      if (have !== want) out.push(`player ${i} has ${amount(have as number, `${name} token`)}, but the cities they completed hold ${want}`);
    });
  }
  // The fields of registered modules the game does not have (states of 0.2.0 wrote them empty).
  for (const f of figuresOf()) {
    const n = recorded[f.supplyKey];
    if (!roster.supply.includes(f.supplyKey) && isInt(n) && n > 0)
      out.push(`player ${i} has ${amount(n, f.word)} in supply, but the placements leave 0`);
  }
  for (const tk of tokenDefs()) {
    const held = recorded[tk.key];
    if (roster.tokens.some((own) => own.key === tk.key) || !isRecord(held)) continue;
    for (const name of tk.kinds) {
      const n = held[name];
      if (isInt(n) && n > 0) out.push(`player ${i} has ${amount(n, `${name} token`)}, but the cities they completed hold 0`);
    }
  }
  return out;
}
