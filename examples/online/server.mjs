// Online play: a Node server that holds the whole game (its seed and the order of the bag
// included) and sends each player only that player's view, over WebSockets (the `ws` library).
// It also serves the playground, whose "Play online" box joins it from a browser.
//
//   npm run online                                  (builds dist, serves on port 8080, two seats)
//   node examples/online/server.mjs --players 3 --expansions inns-cathedrals --port 8080
//
// The protocol, one JSON object per WebSocket message (at most 16 KiB):
//   client → server
//     { type: 'join', name }          take the first free seat; the game starts when all are taken
//     { type: 'join', token }         take your seat back after a lost connection
//     { type: 'watch' }               follow the game as a spectator
//     { type: 'move', id, move }      a move (`Move` of the API); `id` comes back in the answer
//   server → client
//     { type: 'welcome', seat, token }            your seat, and the token to take it back
//     { type: 'waiting', seats }                  names of the seats taken so far (null: free)
//     { type: 'view', view, last, final }         your view after each move; `last` the move just
//                                                 made (null at the start), `final` the final
//                                                 score (`scoreFinal`) once the game is over
//     { type: 'accepted', id }                    your move was played
//     { type: 'error', id, code, message }        refused: nothing changed, the game goes on
// Error codes: those of `IllegalMoveError` for a move the rules refuse (`not-adjacent`,
// `wrong-tile`, `edge-mismatch`, …), and 'malformed-message', 'not-joined', 'already-joined',
// 'table-full', 'unknown-token', 'not-started', 'not-your-turn', 'game-finished' ('server-error'
// should never be seen).
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { allExpansions, OptionsError, playerView, scoreFinal, useExpansions, validateOptions } from 'carcassonne-engine';
import { WebSocketServer } from 'ws';
import { servePlayground } from '../playground/serve.mjs';
import { createServer } from '../server-client.mjs';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

/** The largest message a client may send, in bytes; a longer one closes its connection (code 1009). */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * A table: the seats, and the game once every seat is taken. Knows nothing of sockets: `receive`
 * takes the text a connection sent and says what to answer it and whether everyone's view changed.
 */
export function createTable({ seats, options = {} }) {
  const names = Array.from({ length: seats }, () => null);
  const tokens = Array.from({ length: seats }, () => null);
  // No seed given: a random one, which stays on the server.
  const seed = options.seed ?? randomBytes(8).toString('hex');
  // Checked now, not when the last player sits down.
  const problems = validateOptions({ ...options, seed, players: seats });
  if (problems.length > 0) throw new OptionsError(problems);
  /** The game (examples/server-client.mjs), made when the last seat is taken. */
  let game = null;
  let last = null;

  const error = (code, message, id) => ({ type: 'error', ...(id === undefined ? {} : { id }), code, message });
  const viewFor = (viewer) => ({
    type: 'view',
    view: playerView(game.state, viewer),
    last,
    final: game.state.status === 'finished' ? scoreFinal(game.state) : null,
  });
  /** The message for one connection (a seat or `'spectator'`) now. */
  const show = (viewer) => (game === null ? { type: 'waiting', seats: [...names] } : viewFor(viewer));

  function join(seat, { name, token }) {
    if (typeof seat === 'number') return { seat, replies: [error('already-joined', `you sit at seat ${seat}`)], broadcast: false };
    if (token !== undefined) {
      const at = tokens.indexOf(typeof token === 'string' ? token : null);
      if (at < 0) return { seat, replies: [error('unknown-token', 'no seat has this token')], broadcast: false };
      return { seat: at, replies: [{ type: 'welcome', seat: at, token }, show(at)], broadcast: false };
    }
    const at = names.indexOf(null);
    if (at < 0) return { seat, replies: [error('table-full', 'every seat is taken: watch instead')], broadcast: false };
    const clean = typeof name === 'string' ? name.trim().slice(0, 40) : '';
    names[at] = clean === '' ? `Player ${at + 1}` : clean;
    tokens[at] = randomUUID();
    if (!names.includes(null)) game = createServer({ ...options, seed, players: [...names] });
    return { seat: at, replies: [{ type: 'welcome', seat: at, token: tokens[at] }], broadcast: true };
  }

  function move(seat, played, id) {
    const refuse = (code, message) => ({ replies: [error(code, message, id)], broadcast: false });
    if (typeof seat !== 'number') return refuse('not-joined', 'join a seat before you move');
    if (game === null) return refuse('not-started', 'the game starts when every seat is taken');
    const answer = game.play(seat, played);
    if (!answer.ok) return refuse(answer.code, answer.message);
    // What everyone is told: the placement as the state records it (tile, cell, rotation, player,
    // figure), never the message as the client wrote it.
    last = game.state.placements.at(-1);
    return { replies: [{ type: 'accepted', ...(id === undefined ? {} : { id }) }], broadcast: true };
  }

  return {
    /** The whole game (null until every seat is taken): the server's alone. */
    get state() {
      return game?.state ?? null;
    },
    show,
    /**
     * Handles one message from a connection sitting at `seat` (null: none yet). Returns
     * `{ seat, replies, broadcast }`: the connection's seat after it, the messages for it, and
     * whether everyone should be sent what they now see.
     */
    receive(seat, text) {
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return { seat, replies: [error('malformed-message', 'a message is one JSON object')], broadcast: false };
      }
      if (message === null || typeof message !== 'object' || Array.isArray(message)) {
        return { seat, replies: [error('malformed-message', 'a message is one JSON object with a type')], broadcast: false };
      }
      const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : undefined;
      switch (message.type) {
        case 'join':
          return join(seat, message);
        case 'watch':
          return { seat: 'spectator', replies: [show('spectator')], broadcast: false };
        case 'move':
          return { seat, ...move(seat, message.move, id) };
        default:
          return {
            seat,
            replies: [error('malformed-message', `unknown message type ${JSON.stringify(String(message.type)).slice(0, 40)}`, id)],
            broadcast: false,
          };
      }
    },
  };
}

/**
 * Starts the server: the playground over HTTP and the game on the WebSocket path `/play`, on
 * `host` (the loopback address unless told otherwise). `options` are `createGame`'s, less
 * `players` (given by `seats`); checked before anything listens. Resolves to `{ url, wsUrl,
 * table, close }`.
 */
export async function startOnlineServer({ seats = 2, options = {}, port = 0, host = '127.0.0.1', packageDir } = {}) {
  const table = createTable({ seats, options });
  const http = await servePlayground({ port, host, packageDir });
  const wss = new WebSocketServer({ server: http.server, path: '/play', maxPayload: MAX_MESSAGE_BYTES });
  /** Each open connection and where it sits: a seat number, 'spectator', or null. */
  const sitting = new Map();
  const send = (socket, message) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  wss.on('connection', (socket) => {
    sitting.set(socket, null);
    socket.on('message', (data, binary) => {
      let answer;
      try {
        answer = table.receive(sitting.get(socket), binary ? '' : data.toString());
      } catch (error) {
        // Not expected (every message is checked); the server answers and stays up.
        console.error(error);
        return send(socket, { type: 'error', code: 'server-error', message: 'the server could not handle this message' });
      }
      sitting.set(socket, answer.seat);
      for (const reply of answer.replies) send(socket, reply);
      if (!answer.broadcast) return;
      for (const [other, seat] of sitting) if (seat !== null && other !== socket) send(other, table.show(seat));
      send(socket, table.show(answer.seat));
    });
    socket.on('close', () => sitting.delete(socket));
    // A message over the limit or a broken frame: ws closes that connection (1009, 1002); the
    // server goes on.
    socket.on('error', () => {});
  });
  return {
    url: http.url,
    wsUrl: `${http.url.replace(/^http/, 'ws')}play`,
    table,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sitting.keys()) socket.terminate();
        wss.close(() => {
          http.server.close(() => resolve());
        });
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
  const options = {
    ...(args.expansions ? { expansions: args.expansions.split(',') } : {}),
    ...(args.edition ? { edition: args.edition } : {}),
    ...(args.seed ? { seed: args.seed } : {}),
  };
  const server = await startOnlineServer({
    seats: Number(args.players ?? 2),
    options,
    port: Number(args.port ?? process.env.PORT ?? 8080),
  });
  console.log(`playground: ${server.url} (open "Play online" and join ${server.wsUrl})`);
}
