import type { Worker } from 'bullmq';
import type { ArenaGame, ArenaMatch, ArenaStats } from '../../scripts/arena-lib.mjs';
export const QUEUE: string;
export interface Connection {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  maxRetriesPerRequest: null;
}
export function connectionOf(address: string): Connection;
export function batchesOf(games: number, batch: number): { first: number; count: number }[];
export function startWorker(options: { connection: Connection; concurrency?: number }): Promise<Worker>;
export function runMatch(options: {
  connection: Connection;
  match: string;
  games: number;
  batch?: number;
  settings: ArenaMatch;
  keep?: boolean;
  onGame?: (game: ArenaGame) => void;
  onProgress?: (done: number, games: number) => void;
}): Promise<{ stats: ArenaStats[]; players: Record<string, number> }>;
export function table(stats: readonly ArenaStats[]): string[];
