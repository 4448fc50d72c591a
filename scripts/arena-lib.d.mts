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
export interface ArenaMatch {
  names: readonly string[];
  seed?: string;
  iterations?: number;
  timeMs?: number;
  gameOptions?: Record<string, unknown>;
  /** Extra options of each bot, by its label in `names`. */
  botOptions?: Record<string, Record<string, unknown>>;
}
export function runArena(
  options: ArenaMatch & {
    games: number;
    workers?: number;
    workerFile?: string;
    onGame?: (result: ArenaGame, done: number) => void;
  },
): Promise<{ results: ArenaGame[]; stats: ArenaStats[]; seconds: number }>;
export interface ArenaJob {
  readonly g: number;
  readonly deal: number;
  readonly seats: readonly number[];
  readonly names: readonly string[];
  readonly seed: string;
  readonly gameOptions: Record<string, unknown>;
  readonly botOptions: Record<string, Record<string, unknown>>;
  readonly iterations?: number;
  readonly timeMs?: number;
}
export function arenaJob(g: number, match: ArenaMatch): ArenaJob;
export function addGame(stats: ArenaStats[], result: ArenaGame): void;
export function statsOf(names: readonly string[], results: readonly ArenaGame[]): ArenaStats[];
