// An online game, in one process: the server holds the game state (its seed and the order of the
// bag included) and sends each player only that player's view, as JSON; a client reads its view,
// and on its turn sends a move as JSON; the server checks the move and answers, and everyone gets
// a new view. Put a WebSocket where the function calls are and it is a game site.
//   npm run build && node examples/server-client.mjs
//   node examples/server-client.mjs --seed 7 --players 3 --rules '{"hand":{"size":3,"visible":false}}'
import { applyMove, createGame, legalTurns, loadView, playerView, previewMove, validateMove } from 'carcassonne-engine';

/** The server: the one place the whole state lives. */
export function createServer(options) {
  let state = createGame(options);
  return {
    /** What the server sends each player (and a spectator): views, never the state. */
    views: () => [...state.players.keys(), 'spectator'].map((viewer) => JSON.stringify(playerView(state, viewer))),
    /** A move from `player`, as the text that came over the wire; the answer goes back to them. */
    receive(player, text) {
      let move;
      try {
        move = JSON.parse(text);
      } catch {
        return { ok: false, code: 'malformed-move', message: 'a move is a JSON object' };
      }
      return this.play(player, move);
    },
    /** A move from `player`, already parsed: checked, and played if it is legal. */
    play(player, move) {
      if (state.status !== 'playing') return { ok: false, code: 'game-finished', message: 'the game is over' };
      if (player !== state.currentPlayer) {
        return { ok: false, code: 'not-your-turn', message: `${state.players[state.currentPlayer].name} is to move` };
      }
      const error = validateMove(state, move);
      if (error !== null) return { ok: false, code: error.code, message: error.message };
      state = applyMove(state, move);
      return { ok: true };
    },
    get state() {
      return state;
    },
  };
}

/**
 * A client: reads the view it was sent and, on its turn, picks the move whose preview gains it the
 * most points now (a follower deployed costs it half a point), or null when it is not to move.
 */
export function clientMove(sent, me) {
  const view = loadView(JSON.parse(sent));
  if (view.status !== 'playing' || view.currentPlayer !== me) return null;
  let best = null;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const move of legalTurns(view)) {
    const gain = previewMove(view, move).scores[me] - view.players[me].score - (move.meeple ? 0.5 : 0);
    if (gain > bestGain) {
      best = move;
      bestGain = gain;
    }
  }
  return JSON.stringify(best);
}

/** Plays a whole game between clients; `log` hears what happens. Returns the server's last state. */
export function playOnline(options, log = () => {}) {
  const server = createServer(options);
  let first = true;
  while (server.state.status === 'playing') {
    const views = server.views();
    const mover = server.state.currentPlayer;
    if (first) {
      // Someone out of turn, and a move that is no move at all: refused, and the game goes on.
      const other = (mover + 1) % server.state.players.length;
      log(`player ${other} out of turn:`, server.receive(other, clientMove(views[mover], mover)));
      log(`player ${mover} sends junk:`, server.receive(mover, '{"x": "north"}'));
      first = false;
    }
    const answer = server.receive(mover, clientMove(views[mover], mover));
    if (!answer.ok) throw new Error(`the server refused a legal move: ${answer.message}`);
  }
  return server.state;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
  const players = Number(args.players ?? 2);
  const options = {
    players,
    seed: args.seed === undefined ? 1 : /^-?\d+$/.test(args.seed) ? Number(args.seed) : args.seed,
    ...(args.rules === undefined ? {} : { rules: JSON.parse(args.rules) }),
  };
  const end = playOnline(options, (what, answer) => console.log(what, JSON.stringify(answer)));
  console.log(`game over after ${end.turn} moves: ${end.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
}
