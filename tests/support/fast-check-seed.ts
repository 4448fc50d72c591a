import fc from 'fast-check';

// Every property runs from a fixed seed, so that `npm test` gives the same result each time. To
// explore further, run with PROPERTY_SEED=random (a fresh seed, printed with any failure) and more
// runs (PROPERTY_RUNS), as `npm run fuzz` does. A failure reported as { seed, path } replays with
// PROPERTY_SEED=<seed> PROPERTY_PATH=<path> and `-t` naming the one test.
const FIXED_SEED = 20261125;

const wanted = process.env.PROPERTY_SEED;
const seed = wanted === undefined ? FIXED_SEED : wanted === 'random' ? (Date.now() ^ (Math.random() * 2 ** 31)) | 0 : Number(wanted);
if (!Number.isInteger(seed)) throw new Error(`PROPERTY_SEED must be a whole number or "random", not ${wanted}`);
const path = process.env.PROPERTY_PATH;
fc.configureGlobal({ seed, ...(path === undefined ? {} : { path }) });
