// A seeded game between random players (or bots): prints the final board, every scored feature
// and the final scores.  Usage: npm run demo -- [--seed 42] [--players 3]
//   [--edition first|second|current] [--tile-set base|pnp-demo] [--bots greedy,mcts]
//   [--expansions river,abbot,inns-cathedrals,traders-builders] [--river-start removed|shuffled|first-land]
import { applyMove, createGame, legalMoves, renderAscii, scoreFinal } from 'carcassonne-engine';
import { greedyBot, mctsBot, randomBot } from 'carcassonne-engine/bots';

const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
// A seed that looks like a number is taken as one (the seed 7 and the seed "7" are different games).
const seed = args.seed === undefined ? 2026 : /^-?\d+$/.test(args.seed) ? Number(args.seed) : args.seed;
const players = Number(args.players ?? 2);
const names = ['Ada', 'Brendan', 'Chiara', 'Dmitri', 'Eun-ji', 'Farid'].slice(0, players);

// A tiny seeded generator, so the random players are reproducible too.
let x = [...String(seed)].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
const random = () => {
  x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
  return x / 2 ** 32;
};

let state = createGame({
  players: names,
  seed,
  edition: args.edition ?? 'current',
  tileSet: args['tile-set'] ?? 'base',
  expansions: args.expansions === undefined ? [] : args.expansions.split(','),
  rules: args['river-start'] === undefined ? {} : { riverStartTile: args['river-start'] },
});
// --bots names one bot per seat (cycled); without it every seat plays uniformly random moves.
const BOTS = { random: randomBot, greedy: greedyBot, mcts: mctsBot };
const seats = args.bots === undefined ? [] : args.bots.split(',');
for (const b of seats) {
  if (!(b in BOTS)) throw new Error(`unknown bot "${b}" (bots: ${Object.keys(BOTS).join(', ')})`);
}
while (state.status === 'playing') {
  const bot = seats.length > 0 ? BOTS[seats[state.currentPlayer % seats.length]] : null;
  if (bot !== null) {
    state = applyMove(state, bot(state));
    continue;
  }
  const moves = legalMoves(state);
  state = applyMove(state, moves[Math.floor(random() * moves.length)]);
}

const result = scoreFinal(state);
const who = (list) => (list.length === 0 ? 'nobody' : list.map((i) => names[i]).join(' and '));
const expansions = state.expansions.length === 0 ? '' : ` with ${state.expansions.join(' and ')}`;
console.log(`Carcassonne, ${state.tileSet} tiles${expansions}, ${state.edition} rules (farmers: ${state.rules.farmers}), seed ${seed}\n`);
console.log(renderAscii(state));
const secondTiles = state.placements.filter((p, i) => i > 1 && p.player !== null && p.player === state.placements[i - 1].player).length;
const doubles = state.expansions.includes('traders-builders') ? `, ${secondTiles} of them second tiles given by builders` : '';
console.log(`\n${state.placements.length} tiles placed${doubles}, ${state.discarded.length} discarded.\n`);
console.log('Scored features:');
for (const e of result.breakdown) {
  if (e.holders.length === 0 || e.points === 0) continue;
  const phase = e.phase === 'play' ? `turn ${String(e.turn + 1).padStart(2)}` : 'final  ';
  // A pig (Traders & Builders) gives its owner more than the line's points: show each amount then.
  const amounts = new Set(e.holders.map((h) => e.awarded[h]));
  const to =
    amounts.size === 1
      ? `${String(e.awarded[e.holders[0]]).padStart(3)} to ${who(e.holders)}`
      : `    ${e.holders.map((h) => `${e.awarded[h]} to ${names[h]}`).join(', ')}`;
  console.log(`  ${phase}  ${e.kind.padEnd(8)} ${e.id.padEnd(10)} ${to}  (${e.note})`);
}
console.log('\nFinal scores:');
const goods = (p) =>
  state.expansions.includes('traders-builders') ? `   goods: ${p.goods.wine} wine, ${p.goods.grain} grain, ${p.goods.cloth} cloth` : '';
for (const [i, n] of names.entries()) console.log(`  ${n.padEnd(8)} ${String(result.scores[i]).padStart(4)}${goods(state.players[i])}`);
console.log(`\nWinner: ${who(result.winners)}`);
