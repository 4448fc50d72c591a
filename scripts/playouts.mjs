// A fixed amount of work: random engine games of one configuration, the same games every run, for
// counting what they execute rather than timing them (this machine's speed drifts by 20%; counts do
// not). Run it twice under valgrind, with no games and with N, and divide the difference by N:
//
//   npm run build
//   valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes node --single-threaded \
//     scripts/playouts.mjs traders-builders 500
//   (the same with 0 games; then instructions, I1 misses, mispredicts per game = difference / 500)
//
// Arguments: the expansions joined by '+' ('base' for none), the number of games (default 1000),
// and optionally another built copy's directory to play instead of this one's dist/. Prints the
// number of moves played.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [config = 'base', count = '1000', dir] = process.argv.slice(2);
const games = Number(count);
if (!Number.isInteger(games) || games < 0) throw new Error(`the number of games is a whole number, not ${count}`);
const root = dir === undefined ? new URL('..', import.meta.url).pathname : path.resolve(dir);
const { Engine, randomPlayout, seededRandom } = await import(pathToFileURL(path.join(root, 'dist/engine.js')).href);
// Every expansion registered (a build from before useExpansions plays them all unasked).
const api = await import(pathToFileURL(path.join(root, 'dist/index.js')).href);
api.useExpansions?.(...api.allExpansions);
const expansions = config === 'base' ? [] : config.split('+');
const start = Engine.create({ players: 2, seed: 1, expansions });

function play(random, n) {
  let moves = 0;
  for (let g = 0; g < n; g++) {
    const e = start.clone();
    e.shuffleTilesLeft(random);
    moves += randomPlayout(e, random);
  }
  return moves;
}

// The same warm-up in every run, so that the difference of two runs is the games alone.
play(seededRandom('warm-up'), 300);
console.log(play(seededRandom('playouts'), games));
