// A seeded game between the bots: every scoring as it happens, the final board, the final scoring
// and the scores.
//   npm run demo
//   npm run demo -- --seed 7 --players 3 --bots mcts,greedy,random --playouts 300
//   npm run demo -- --expansions river,abbot,inns-cathedrals,traders-builders --edition first
//   npm run demo -- --tile-set pnp-demo --river-start first-land --quiet
//   npm run demo -- --rules '{"incomplete":"none"}'
//   npm run demo -- --rules '{"hand":{"size":3,"visible":false},"fillingHole":"extra-turn"}'
// --bots names one bot per seat, cycled (random, greedy, mcts); --rules adds rules (house rules
// among them) as JSON; --quiet prints only the end.
import { allExpansions, applyMove, createGame, renderAscii, scoreFinal, useExpansions } from 'carcassonne-engine';
import { greedyBot, mctsBot, randomBot } from 'carcassonne-engine/bots';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
const quiet = process.argv.includes('--quiet');
// A seed that looks like a number is taken as one (the seed 7 and the seed "7" are different games).
const seed = args.seed === undefined ? 36 : /^-?\d+$/.test(args.seed) ? Number(args.seed) : args.seed;
const seats = (args.bots ?? 'mcts,greedy').split(',');
const players = Number(args.players ?? Math.max(2, seats.length));
const playouts = Number(args.playouts ?? 400);
const BOTS = {
  random: (s) => randomBot(s),
  greedy: (s) => greedyBot(s),
  mcts: (s) => mctsBot(s, { iterations: playouts }),
};
for (const b of seats) {
  if (!(b in BOTS)) {
    console.error(`unknown bot "${b}" (bots: ${Object.keys(BOTS).join(', ')})`);
    process.exit(2);
  }
}
const botOf = (p) => seats[p % seats.length];
const names = ['Ada', 'Brendan', 'Chiara', 'Dmitri', 'Eun-ji', 'Farid'].slice(0, players);

const started = performance.now();
let state = createGame({
  players: names,
  seed,
  edition: args.edition ?? 'current',
  tileSet: args['tile-set'] ?? 'base',
  expansions: args.expansions === undefined ? [] : args.expansions.split(','),
  rules: {
    ...(args['river-start'] === undefined ? {} : { riverStartTile: args['river-start'] }),
    ...(args.rules === undefined ? {} : JSON.parse(args.rules)),
  },
});

const who = (list) => (list.length === 0 ? 'nobody' : list.map((i) => names[i]).join(' and '));
/** "8 to Ada", or each amount when a pig makes them differ. */
const awards = (e) => {
  if (e.holders.length === 0 || e.points === 0) return 'nobody scores';
  const amounts = new Set(e.holders.map((h) => e.awarded[h]));
  return amounts.size === 1
    ? `${e.awarded[e.holders[0]]} to ${who(e.holders)}`
    : e.holders.map((h) => `${e.awarded[h]} to ${names[h]}`).join(', ');
};
const scoreline = (scores) => names.map((n, i) => `${n} ${scores[i]}`).join(', ');
const expansions = state.expansions.length === 0 ? '' : ` with ${state.expansions.join(', ')}`;
const line = seats
  .slice(0, Math.min(seats.length, players))
  .map((b, i) => `${names[i]} (${b}${b === 'mcts' ? `, ${playouts} playouts a move` : ''})`)
  .join(' against ');
console.log(`Carcassonne: ${line}${players > seats.length ? ', seats cycled' : ''}`);
const asked = args.rules === undefined ? '' : `, rules ${JSON.stringify(JSON.parse(args.rules))}`;
console.log(
  `${state.tileSet} tiles${expansions}, ${state.edition} rules (farmers: ${state.rules.farmers})${asked}, seed ${JSON.stringify(seed)}\n`,
);

while (state.status === 'playing') {
  const player = state.currentPlayer;
  state = applyMove(state, BOTS[botOf(player)](state));
  if (quiet) continue;
  for (const e of state.events) {
    if (e.type !== 'feature-scored' || e.score.phase !== 'play') continue;
    const s = e.score;
    const turn = `turn ${String(s.turn + 1).padStart(2)}`;
    console.log(
      `${turn}  ${names[player].padEnd(8)} ${s.note.padEnd(52)} ${awards(s).padEnd(14)} (${scoreline(state.players.map((p) => p.score))})`,
    );
  }
}

const result = scoreFinal(state);
console.log(`\n${renderAscii(state)}\n`);
const second = state.placements.filter((p, i) => i > 1 && p.player !== null && p.player === state.placements[i - 1].player).length;
const doubles = state.expansions.includes('traders-builders') ? `, ${second} of them second tiles given by builders` : '';
console.log(`${state.placements.length} tiles placed${doubles}, ${state.discarded.length} discarded.\n`);
console.log('Final scoring:');
for (const e of result.breakdown) {
  if (e.phase !== 'final' || (e.holders.length === 0 && e.kind !== 'goods')) continue;
  console.log(`  ${e.kind.padEnd(8)} ${e.id.padEnd(10)} ${awards(e).padEnd(22)} (${e.note})`);
}
console.log('\nFinal scores:');
const goods = (p) =>
  state.expansions.includes('traders-builders') ? `   goods: ${p.goods.wine} wine, ${p.goods.grain} grain, ${p.goods.cloth} cloth` : '';
for (const [i, n] of names.entries())
  console.log(`  ${n.padEnd(8)} ${String(result.scores[i]).padStart(4)}  ${botOf(i).padEnd(6)}${goods(state.players[i])}`);
console.log(`\nWinner: ${who(result.winners)} (played in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
