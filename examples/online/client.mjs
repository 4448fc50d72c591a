// A scripted client of examples/online/server.mjs, in Node (the `ws` library): joins a seat, waits
// for its turn in the views the server sends, and sends moves. A refused message rejects with an
// `OnlineError` carrying the server's code; the game goes on.
//
//   node examples/online/client.mjs ws://127.0.0.1:8080/play Ann     (plays by the greedy choice)
import { fileURLToPath } from 'node:url';
import { legalTurns, loadView, previewMove } from 'carcassonne-engine';
import WebSocket from 'ws';

/** What the server refused, with its code (`not-your-turn`, `edge-mismatch`, …). */
export class OnlineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'OnlineError';
    this.code = code;
  }
}

/**
 * Connects to `url` and sends `hello` (`{ type: 'join', name }`, `{ type: 'join', token }` or
 * `{ type: 'watch' }`). Resolves once the server has answered it.
 */
export async function connect(url, hello) {
  const socket = new WebSocket(url);
  const client = {
    seat: hello.type === 'watch' ? 'spectator' : null,
    token: null,
    /** The last `view` message (null before the game starts). */
    latest: null,
    /** Every message received, in order. */
    received: [],
    /** Sends raw text, as a forger would. */
    sendText: (text) => socket.send(text),
    /** Sends a move; resolves once it is played and the new view is here, else rejects with OnlineError. */
    move(move) {
      const id = ++sent;
      socket.send(JSON.stringify({ type: 'move', id, move }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, accepted: false }));
    },
    /** Resolves with the first view message (the current one included) that `test` accepts. */
    waitFor(test) {
      if (client.latest !== null && test(client.latest)) return Promise.resolve(client.latest);
      return new Promise((resolve, reject) => watchers.push({ test, resolve, reject }));
    },
    /** Resolves with the next message of this type. */
    next: (type) => new Promise((resolve, reject) => nexts.push({ type, resolve, reject })),
    close: () => socket.close(),
  };
  let sent = 0;
  const pending = new Map();
  let watchers = [];
  let nexts = [];
  let greeted;
  const hello$ = new Promise((resolve, reject) => {
    greeted = { resolve, reject };
  });

  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    client.received.push(message);
    for (const n of nexts.filter((w) => w.type === message.type)) n.resolve(message);
    nexts = nexts.filter((w) => w.type !== message.type);
    switch (message.type) {
      case 'welcome':
        client.seat = message.seat;
        client.token = message.token;
        greeted.resolve(client);
        break;
      case 'waiting':
        if (client.seat === 'spectator') greeted.resolve(client);
        break;
      case 'view': {
        client.latest = message;
        if (client.seat === 'spectator') greeted.resolve(client);
        for (const [id, p] of pending) {
          if (p.accepted) {
            pending.delete(id);
            p.resolve(message);
          }
        }
        const ready = watchers.filter((w) => w.test(message));
        watchers = watchers.filter((w) => !ready.includes(w));
        for (const w of ready) w.resolve(message);
        break;
      }
      case 'accepted':
        if (pending.has(message.id)) pending.get(message.id).accepted = true;
        break;
      case 'error': {
        const error = new OnlineError(message.code, message.message);
        if (pending.has(message.id)) {
          pending.get(message.id).reject(error);
          pending.delete(message.id);
        } else greeted.reject(error);
        break;
      }
    }
  });
  socket.on('close', () => {
    const error = new OnlineError('closed', 'the connection is closed');
    for (const p of pending.values()) p.reject(error);
    for (const w of [...watchers, ...nexts]) w.reject(error);
    greeted.reject(error);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify(hello));
  return hello$;
}

/** The greedy choice: the move whose preview gains the most points now (a figure costs half a point). */
export function greedyMove(view) {
  let best = null;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const move of legalTurns(view)) {
    const gain = previewMove(view, move).scores[view.viewer] - view.players[view.viewer].score - (move.meeple ? 0.5 : 0);
    if (gain > bestGain) {
      best = move;
      bestGain = gain;
    }
  }
  return best;
}

/**
 * Plays `client`'s seat to the end: on each turn, `choose(view)` (a `PlayerView`) gives the move.
 * `beforeMove(view)` runs first on each turn (a test sends its forgeries there). Resolves with the
 * last view message (its `final` holds the final score).
 */
export async function playToEnd(client, choose = greedyMove, beforeMove = async () => {}) {
  for (;;) {
    const message = await client.waitFor((m) => m.view.status === 'finished' || m.view.currentPlayer === client.seat);
    if (message.view.status === 'finished') return message;
    const view = loadView(message.view);
    await beforeMove(view);
    await client.move(choose(view));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url = 'ws://127.0.0.1:8080/play', name = 'Greedy'] = process.argv.slice(2);
  const client = await connect(url, { type: 'join', name });
  console.log(`${name} sits at seat ${client.seat + 1}; the game starts when every seat is taken`);
  const end = await playToEnd(client);
  console.log(`game over: ${end.view.players.map((p, i) => `${p.name} ${end.final.scores[i]}`).join(', ')}`);
  client.close();
}
