export interface ArenaGame {
  readonly g: number;
  readonly seats: readonly number[];
  readonly scores: readonly number[];
  readonly ms: readonly number[];
  readonly moves: readonly number[];
  readonly longest: readonly number[];
}
export interface ArenaStats {
  readonly name: string;
  readonly wins: number;
  readonly score: number;
  readonly games: number;
  readonly ms: number;
  readonly moves: number;
  readonly longest: number;
}
export function wilson(p: number, n: number): [number, number];
export function runArena(options: {
  games: number;
  names: readonly string[];
  seed?: string;
  iterations?: number;
  timeMs?: number;
  gameOptions?: Record<string, unknown>;
  /** Extra options of each bot, by its label in `names`. */
  botOptions?: Record<string, Record<string, unknown>>;
  workers?: number;
  workerFile?: string;
  onGame?: (result: ArenaGame, done: number) => void;
}): Promise<{ results: ArenaGame[]; stats: ArenaStats[]; seconds: number }>;
export function statsOf(names: readonly string[], results: readonly ArenaGame[]): ArenaStats[];
