import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: ws ships no types, and this test needs only a raw socket
import WebSocket from 'ws';
import { applyMove, createGame, type GameState, type TurnMove, type PlayerView, scoreFinal } from 'carcassonne-engine';
// @ts-expect-error: a plain JavaScript example, without types
import { connect, greedyMove, OnlineError, playToEnd } from '../../examples/online/client.mjs';
// @ts-expect-error: a plain JavaScript example, without types
import { createTable, MAX_MESSAGE_BYTES, startOnlineServer } from '../../examples/online/server.mjs';

// examples/online: the server holds the game, each WebSocket client gets its own view; played over
// the loopback address by scripted clients.

interface ViewMessage {
  type: 'view';
  view: PlayerView;
  last: {
    tile: string;
    x: number;
    y: number;
    rotation: TurnMove['rotation'];
    player: number;
    meeple: TurnMove['meeple'];
    recall: TurnMove['recall'];
  } | null;
  final: { scores: number[]; winners: number[] } | null;
}
interface Client {
  seat: number | 'spectator';
  token: string;
  latest: ViewMessage | null;
  received: { type: string; code?: string }[];
  sendText(text: string): void;
  move(move: unknown): Promise<ViewMessage>;
  waitFor(test: (m: ViewMessage) => boolean): Promise<ViewMessage>;
  next(type: string): Promise<{ type: string; code?: string; message?: string }>;
  close(): void;
}
interface Server {
  url: string;
  wsUrl: string;
  table: { readonly state: GameState | null };
  close(): Promise<void>;
}

const SEED = 'online-secret-seed';
let server: Server | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Awaits a refusal and gives its code. */
async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OnlineError);
    expect((error as Error).message.length).toBeGreaterThan(5);
    return (error as { code: string }).code;
  }
  throw new Error('the server accepted it');
}

describe('examples/online (WebSockets on 127.0.0.1)', () => {
  it('two scripted clients play a whole game; forged and illegal moves are refused with codes and the game goes on', async () => {
    const options = { seed: SEED, expansions: ['traders-builders'] as const };
    server = (await startOnlineServer({ seats: 2, options })) as Server;
    expect(server.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/play$/);
    const watcher: Client = await connect(server.wsUrl, { type: 'watch' });
    const ann: Client = await connect(server.wsUrl, { type: 'join', name: 'Ann' });
    expect(server.table.state).toBeNull();
    expect(await refused(ann.move({ x: 0, y: 1, rotation: 0 }))).toBe('not-started');
    let bob: Client = await connect(server.wsUrl, { type: 'join', name: 'Bob' });
    expect([ann.seat, bob.seat]).toEqual([0, 1]);
    expect(await refused(connect(server.wsUrl, { type: 'join', name: 'Cy' }))).toBe('table-full');
    expect(await refused(connect(server.wsUrl, { type: 'join', token: 'guess' }))).toBe('unknown-token');

    const codes: string[] = [];
    const turnOf = () => server?.table.state?.turn;
    let forged = false;
    let rejoined = false;
    const annPlays = playToEnd(ann, greedyMove, async (view: PlayerView) => {
      if (forged) return;
      forged = true;
      const turn = turnOf();
      const legal = greedyMove(view) as TurnMove;
      // Bob moves for Ann; Ann sends another tile, a cell off the board, a spot the tile has not,
      // a move that is no move, junk and an unknown message.
      codes.push(await refused(bob.move(legal)));
      codes.push(await refused(ann.move({ ...legal, tile: legal.tile === 'D' ? 'E' : 'D' })));
      codes.push(await refused(ann.move({ ...legal, x: 40, y: 40 })));
      codes.push(await refused(ann.move({ ...legal, meeple: { at: 'ZZ' } })));
      codes.push(await refused(ann.move('north')));
      ann.sendText('{ not json');
      codes.push((await ann.next('error')).code ?? '');
      ann.sendText(JSON.stringify({ type: 'dance' }));
      codes.push((await ann.next('error')).code ?? '');
      expect(turnOf()).toBe(turn);
    });
    const bobPlays = (async () => {
      const first = await playToEnd(bob, (view: PlayerView) => {
        if (view.turn >= 10 && !rejoined) throw new Error('drop');
        return greedyMove(view);
      }).catch((e: Error) => e);
      if (first instanceof Error) {
        // Bob's connection is lost mid-game; he takes his seat back with his token.
        expect(first.message).toBe('drop');
        rejoined = true;
        const token = bob.token;
        bob.close();
        bob = await connect(server?.wsUrl ?? '', { type: 'join', token });
        expect(bob.seat).toBe(1);
        return playToEnd(bob);
      }
      return first;
    })();
    const [annEnd, bobEnd] = (await Promise.all([annPlays, bobPlays])) as [ViewMessage, ViewMessage];
    expect(codes).toEqual([
      'not-your-turn',
      'wrong-tile',
      'not-adjacent',
      'unknown-spot',
      'malformed-move',
      'malformed-message',
      'malformed-message',
    ]);
    expect(rejoined).toBe(true);

    // Both ends agree with the server, and with the pure API replaying the moves everyone was told.
    const end = await watcher.waitFor((m) => m.view.status === 'finished');
    const state = server.table.state as GameState;
    expect(state.status).toBe('finished');
    expect(annEnd.final?.scores).toEqual(scoreFinal(state).scores);
    expect(bobEnd.final).toEqual(annEnd.final);
    expect(end.final).toEqual(annEnd.final);
    let replay = createGame({ ...options, players: ['Ann', 'Bob'] });
    const told = watcher.received.flatMap((m) =>
      (m as ViewMessage).type === 'view' && (m as ViewMessage).last ? [(m as ViewMessage).last] : [],
    );
    for (const last of told) {
      if (last === null) continue;
      const { x, y, rotation, tile, meeple, recall } = last;
      replay = applyMove(replay, { x, y, rotation, tile, ...(meeple ? { meeple } : {}), ...(recall ? { recall } : {}) });
    }
    expect(replay.status).toBe('finished');
    expect(scoreFinal(replay)).toEqual(scoreFinal(state));
    expect(told.length).toBe(state.placements.length - 1);

    // Nothing anyone was sent holds the seed or the order of the bag.
    for (const client of [ann, bob, watcher]) {
      for (const message of client.received) {
        expect(JSON.stringify(message)).not.toContain(SEED);
        const view = (message as ViewMessage).view;
        if (view !== undefined) {
          expect('seed' in view).toBe(false);
          expect(view.tilesLeft).toEqual([...view.tilesLeft].sort());
        }
      }
    }
    expect(watcher.latest?.view.viewer).toBe('spectator');
    for (const c of [ann, bob, watcher]) c.close();
  });

  it('a message longer than the limit closes that connection only', async () => {
    server = (await startOnlineServer({ seats: 2, options: { seed: 1 } })) as Server;
    const ann: Client = await connect(server.wsUrl, { type: 'join', name: 'Ann' });
    const socket = new WebSocket(server.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    const bob: Client = await connect(server.wsUrl, { type: 'join', name: 'Bob' });
    expect(bob.seat).toBe(1);
    const view = await ann.waitFor(() => true);
    expect(view.view.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    ann.close();
    bob.close();
  });
});

describe('examples/online createTable (no sockets)', () => {
  it('answers each message with a code, seats players in order and starts the game when the table is full', () => {
    const table = createTable({ seats: 2, options: { seed: 3 } });
    const codesOf = (answer: { replies: { code?: string; type: string }[] }) => answer.replies.map((r) => r.code ?? r.type);
    expect(codesOf(table.receive(null, JSON.stringify({ type: 'move', id: 1, move: { x: 0, y: 1, rotation: 0 } })))).toEqual([
      'not-joined',
    ]);
    expect(codesOf(table.receive(null, '[1, 2]'))).toEqual(['malformed-message']);
    const first = table.receive(null, JSON.stringify({ type: 'join', name: '  Ann  ' }));
    expect(first.seat).toBe(0);
    expect(codesOf(table.receive(0, JSON.stringify({ type: 'join', name: 'Ann again' })))).toEqual(['already-joined']);
    expect(table.show(0)).toEqual({ type: 'waiting', seats: ['Ann', null] });
    const second = table.receive(null, JSON.stringify({ type: 'join' }));
    expect(second).toMatchObject({ seat: 1, broadcast: true });
    expect(table.state.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Player 2']);
    expect(table.show(1).view.viewer).toBe(1);
    expect(() => createTable({ seats: 9, options: {} })).toThrow(expect.objectContaining({ code: 'invalid-players' }));
  });
});
