// The playground: a person plays against the bots (or against each other, hot seat) in a page,
// with nothing but the package's ES modules. The page holds the whole state; the board it draws
// is the view of the person to move (or of the first person at the table while bots think), so
// the page never shows the bag's order, and the bots decide on their own views.
// Online (examples/online/server.mjs), the server holds the state and the page only ever has its
// own player's view: it draws it, lists its moves, and sends the one chosen.
import {
  allExpansions,
  applyMove,
  createGame,
  EXPANSIONS,
  legalMoves,
  legalPlacements,
  loadView,
  movesAt,
  playerView,
  scoreFinal,
  useExpansions,
} from 'carcassonne-engine';
import { analyse, levelBot } from 'carcassonne-engine/bots';
import { describeMove, makeRecord, replayRecord } from 'carcassonne-engine/notation';
import { renderSvg } from 'carcassonne-engine/render';

// The playground offers every expansion, so it registers them all (an app registers those it plays).
useExpansions(...allExpansions);

const $ = (selector) => document.querySelector(selector);
const FIGURE_NAMES = { follower: 'follower', large: 'large meeple', abbot: 'abbot', builder: 'builder', pig: 'pig' };

/**
 * The game: its state, who sits where (`bot`: null for a person, else a level 1–4), its history,
 * the log; online, `state` is this player's latest view and `online` the connection and seat.
 */
let game = null;
/** The placement a person is choosing: cell, its rotations, the one shown, the moves it allows. */
let pick = null;
let thinking = false;

// ---- set-up form ----------------------------------------------------------------------------

function seatRow(i, seat) {
  const row = document.createElement('div');
  row.className = 'seat';
  row.innerHTML = `<input aria-label="name of player ${i + 1}" value="${seat.name}">
    <select aria-label="who plays player ${i + 1}">
      <option value="human">person</option>
      <option value="1">bot, level 1</option><option value="2">bot, level 2</option>
      <option value="3">bot, level 3</option><option value="4">bot, level 4</option>
    </select>`;
  row.querySelector('select').value = seat.bot === null ? 'human' : String(seat.bot);
  return row;
}

function seatsFromForm() {
  return [...document.querySelectorAll('#seats .seat')].map((row, i) => {
    const who = row.querySelector('select').value;
    return { name: row.querySelector('input').value.trim() || `Player ${i + 1}`, bot: who === 'human' ? null : Number(who) };
  });
}

function fillForm(seats) {
  const box = $('#seats');
  for (const row of box.querySelectorAll('.seat')) row.remove();
  for (const [i, seat] of seats.entries()) box.append(seatRow(i, seat));
}

function setUpForm() {
  fillForm([
    { name: 'You', bot: null },
    { name: 'Bot', bot: 2 },
  ]);
  $('#expansions').append(
    ...EXPANSIONS.map((name) => {
      const label = document.createElement('label');
      label.innerHTML = `<input type="checkbox" value="${name}"> ${name} `;
      return label;
    }),
  );
  $('#add-seat').addEventListener('click', () => {
    const seats = seatsFromForm();
    if (seats.length < 6) fillForm([...seats, { name: `Bot ${seats.length}`, bot: 2 }]);
  });
  $('#remove-seat').addEventListener('click', () => {
    const seats = seatsFromForm();
    if (seats.length > 2) fillForm(seats.slice(0, -1));
  });
  $('#new-game').addEventListener('submit', (event) => {
    event.preventDefault();
    const seats = seatsFromForm();
    const expansions = [...document.querySelectorAll('#expansions input:checked')].map((i) => i.value);
    const typed = $('#seed').value.trim();
    // No seed typed: a random one, never shown (the seed gives away the order of the bag).
    const seed = typed === '' ? crypto.getRandomValues(new Uint32Array(1))[0] : typed;
    try {
      start(createGame({ players: seats.map((s) => s.name), seed, expansions, edition: $('#edition').value }), seats);
      $('#setup').open = false;
    } catch (error) {
      $('#status').textContent = error.message;
    }
  });
}

// ---- the game ---------------------------------------------------------------------------------

function start(state, seats, online = null) {
  game?.online?.socket.close();
  game = { state, seats, history: [], log: [], online };
  pick = null;
  $('#save').disabled = false;
  draw();
  next();
}

const humanToMove = () =>
  game !== null &&
  game.state.status === 'playing' &&
  (game.online === null
    ? game.seats[game.state.currentPlayer]?.bot === null
    : game.state.currentPlayer === game.online.seat && !game.online.sending);

/** Whose view the board shows: the person to move, else the first person at the table, else a spectator. */
function viewer() {
  if (game.online !== null) return game.online.seat;
  if (humanToMove()) return game.state.currentPlayer;
  const first = game.seats.findIndex((s) => s.bot === null);
  return first >= 0 ? first : 'spectator';
}

function play(move) {
  pick = null;
  $('#hint-text').textContent = '';
  if (game.online !== null) {
    // The server plays it (or says why not) and sends the new view.
    game.online.sending = true;
    game.online.socket.send(JSON.stringify({ type: 'move', id: ++game.online.sent, move }));
    return;
  }
  const before = game.state;
  game.history.push(before);
  game.state = applyMove(before, move);
  logMove(before, game.state, move);
}

/** A line for the log: who placed what where, what figure, what it scored. */
function logMove(before, after, move) {
  const mover = before.players[before.currentPlayer].name;
  const scored = after.scored.slice(before.scored.length);
  // A step of its own (a rule module's: a capture, an exchange) places no tile.
  const where =
    move.tile === undefined
      ? describeMove(before, move)
      : `${move.tile} at ${move.x},${move.y}${move.rotation ? ` turned ${move.rotation}°` : ''}`;
  const figure = move.meeple
    ? `, ${FIGURE_NAMES[move.meeple.kind ?? 'follower']} on ${move.meeple.at}`
    : move.recall
      ? ', abbot taken back'
      : move.action
        ? `, ${describeMove(before, move.action)}`
        : '';
  const points = scored.map(
    (s) =>
      `${s.note} (${
        s.awarded
          .map((a, i) => (a > 0 ? `${after.players[i].name} +${a}` : ''))
          .filter(Boolean)
          .join(', ') || 'no one'
      })`,
  );
  game.log.push(`${mover}: ${where}${figure}${points.length ? `; ${points.join('; ')}` : ''}`);
  if (after.status === 'finished') {
    game.log.push(
      `Game over: ${scoreFinal(after)
        .winners.map((w) => after.players[w].name)
        .join(' and ')} won`,
    );
  }
}

/** Lets the bots move, one at a time, until a person is to move or the game is over. */
function next() {
  draw();
  if (game.online !== null || game.state.status !== 'playing' || humanToMove() || thinking) return;
  thinking = true;
  setTimeout(() => {
    thinking = false;
    if (game.state.status !== 'playing' || humanToMove()) return draw();
    const seat = game.seats[game.state.currentPlayer];
    // A bot decides on its own view: it never sees the bag's order.
    const move = levelBot(playerView(game.state, game.state.currentPlayer), { level: seat.bot, timeMs: 300 });
    play(move);
    next();
  }, 30);
}

// ---- choosing a move by clicks ------------------------------------------------------------------

function choose(x, y) {
  const rotations = legalPlacements(game.state)
    .filter((p) => p.x === x && p.y === y)
    .map((p) => p.rotation);
  if (rotations.length === 0) return;
  pick = { x, y, rotations, r: 0 };
  draw();
}

function pickMoves() {
  return movesAt(game.state, { x: pick.x, y: pick.y, rotation: pick.rotations[pick.r] });
}

function actionButtons() {
  const box = $('#actions');
  box.replaceChildren();
  // A rule module's step (The Tower's capture or exchange): its moves as buttons.
  if (pick === null && humanToMove() && !['tile', 'action'].includes(game.state.step)) {
    for (const move of legalMoves(game.state)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = describeMove(game.state, move);
      b.addEventListener('click', () => {
        play(move);
        next();
      });
      box.append(b);
    }
    return;
  }
  if (pick === null) return;
  for (const move of pickMoves()) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.spot = move.meeple?.at ?? '';
    b.textContent = move.meeple
      ? `${FIGURE_NAMES[move.meeple.kind ?? 'follower']} on ${move.meeple.at}`
      : move.recall
        ? 'take the abbot back'
        : move.action
          ? describeMove(game.state, move.action)
          : 'no figure';
    b.addEventListener('click', () => {
      play(move);
      next();
    });
    box.append(b);
  }
}

$('#board').addEventListener('click', (event) => {
  if (!humanToMove() || thinking) return;
  const spot = event.target.closest('.spot');
  if (spot !== null && pick !== null) {
    const moves = pickMoves().filter((m) => m.meeple?.at === spot.dataset.spot);
    // A spot click deploys the first figure that may stand there; the buttons offer the others.
    if (moves.length > 0) {
      play(moves[0]);
      next();
    }
    return;
  }
  if (event.target.closest('.ghost') !== null && pick !== null) return rotate();
  const cell = event.target.closest('.legal');
  if (cell !== null) choose(Number(cell.dataset.x), Number(cell.dataset.y));
});

function rotate() {
  if (pick === null) return;
  pick.r = (pick.r + 1) % pick.rotations.length;
  draw();
}
$('#rotate').addEventListener('click', rotate);
$('#cancel').addEventListener('click', () => {
  pick = null;
  draw();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'r' && event.target === document.body) rotate();
  if (event.key === 'Escape') {
    pick = null;
    draw();
  }
});

$('#hint').addEventListener('click', () => {
  if (!humanToMove()) return;
  const analysis = analyse(playerView(game.state, game.state.currentPlayer), { timeMs: 400 });
  const best = analysis.moves[0];
  if (best === undefined) return;
  const m = best.move;
  $('#hint-text').textContent =
    `Hint: ${m.tile} at ${m.x},${m.y} turned ${m.rotation}°, ${m.meeple ? `${FIGURE_NAMES[m.meeple.kind ?? 'follower']} on ${m.meeple.at}` : 'no figure'} (about ${Math.round(best.value * 100)}% to win, ${analysis.iterations} playouts).`;
  choose(m.x, m.y);
  if (pick !== null) {
    pick.r = Math.max(0, pick.rotations.indexOf(m.rotation));
    draw();
  }
});

$('#undo').addEventListener('click', () => {
  // Back to the last position where a person was to move (before their last move).
  while (game.history.length > 0) {
    game.state = game.history.pop();
    game.log.pop();
    if (humanToMove()) break;
  }
  pick = null;
  draw();
});

// ---- records ----------------------------------------------------------------------------------

$('#save').addEventListener('click', () => {
  const text = makeRecord(game.state);
  $('#record').value = text;
  const link = $('#download');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.hidden = false;
});

$('#load').addEventListener('click', () => {
  $('#record-error').textContent = '';
  try {
    const state = replayRecord($('#record').value);
    if (!('seed' in state)) throw new Error('this record has no seed: it can be read, not played on');
    const seats = state.players.map((p, i) => ({ name: p.name, bot: game?.seats[i]?.bot ?? (i === 0 ? null : 2) }));
    start(state, seats);
  } catch (error) {
    $('#record-error').textContent = error.message;
  }
});

// ---- online ------------------------------------------------------------------------------------

function onlineStatus(text, code = '') {
  $('#online-status').textContent = text;
  $('#online-status').dataset.code = code;
}

/** Joins the server at `url` (examples/online/server.mjs) as `name`; the game starts when every seat is taken. */
function joinOnline(url, name) {
  let socket;
  try {
    socket = new WebSocket(url);
  } catch (error) {
    return onlineStatus(error.message, 'bad-address');
  }
  onlineStatus('Connecting…');
  const online = { socket, seat: null, sent: 0, sending: false };
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'join', name })));
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    switch (message.type) {
      case 'welcome':
        online.seat = message.seat;
        onlineStatus(`You sit at seat ${message.seat + 1}.`);
        break;
      case 'waiting':
        $('#status').textContent = `Waiting for players: ${message.seats.map((n) => n ?? '(a free seat)').join(', ')}.`;
        $('#status').dataset.state = 'waiting';
        break;
      case 'view': {
        const view = loadView(message.view);
        online.sending = false;
        onlineStatus(`You sit at seat ${online.seat + 1}.`);
        if (game?.online !== online) {
          start(
            view,
            view.players.map((p) => ({ name: p.name, bot: null })),
            online,
          );
          $('#setup').open = false;
        } else {
          if (message.last !== null) logMove(game.state, view, message.last);
          game.state = view;
          pick = null;
          draw();
        }
        break;
      }
      case 'error':
        // Refused: nothing changed on the server; the turn is still to play.
        online.sending = false;
        onlineStatus(`Refused (${message.code}): ${message.message}`, message.code);
        draw();
        break;
    }
  });
  socket.addEventListener('close', () => {
    if (game?.online === online || online.seat === null) onlineStatus('The connection is closed.', 'closed');
  });
}

$('#server-url').value = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/play`;
$('#join').addEventListener('submit', (event) => {
  event.preventDefault();
  joinOnline($('#server-url').value.trim(), $('#online-name').value.trim());
});

// ---- drawing ----------------------------------------------------------------------------------

function draw() {
  if (game === null) return;
  const state = game.state;
  const human = humanToMove() && !thinking;
  const options = { scores: true, coordinates: true, tileSize: 72, legal: human && pick === null };
  if (pick !== null) {
    const rotation = pick.rotations[pick.r];
    options.ghost = { tile: state.currentTile ?? '', x: pick.x, y: pick.y, rotation };
    options.spots = [...new Set(pickMoves().flatMap((m) => (m.meeple ? [m.meeple.at] : [])))].map((at) => ({ x: pick.x, y: pick.y, at }));
  }
  const shown = state.status === 'finished' ? state : playerView(state, viewer());
  $('#board').innerHTML = renderSvg(shown, options);
  const final = state.status === 'finished' ? scoreFinal(state) : null;
  $('#scoreboard').replaceChildren(
    ...state.players.map((p, i) => {
      const li = document.createElement('li');
      li.dataset.player = String(i);
      li.dataset.score = String(p.score);
      li.textContent = `${p.name}: ${p.score}${final?.winners.includes(i) ? ' (winner)' : ''}`;
      return li;
    }),
  );
  $('#log').replaceChildren(
    ...[...game.log].reverse().map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  const name = state.players[state.currentPlayer]?.name;
  $('#status').textContent =
    state.status === 'finished'
      ? `Game over. ${final.winners.map((w) => state.players[w].name).join(' and ')} won with ${Math.max(...final.scores)} points.`
      : human
        ? `${name}, your move: place ${state.currentTile ?? 'a tile of your hand'}.`
        : `${name} is thinking…`;
  $('#status').dataset.state = state.status === 'finished' ? 'finished' : human ? 'your-move' : 'waiting';
  $('#prompt').textContent =
    pick === null
      ? 'Click a dashed cell to place the tile there.'
      : 'Click the tile to turn it; click a numbered ring to put a figure there, or choose below.';
  actionButtons();
  $('#rotate').disabled = pick === null || pick.rotations.length < 2;
  $('#cancel').disabled = pick === null;
  $('#hint').disabled = !human;
  $('#undo').disabled = game.online !== null || !game.history.some((_, i) => game.seats[game.history[i].currentPlayer]?.bot === null);
}

setUpForm();
