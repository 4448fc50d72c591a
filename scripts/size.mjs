// Bundle-size budgets of the built package, as a consumer's bundler sees them.
//   npm run size        (builds first; exits 1 when an import is over its budget)
//
// Each row bundles one import of the package from dist/ with esbuild (minified, ESM, for the
// browser, Immer included) and compresses it with brotli at its highest quality: the figure
// size-limit's small-lib preset reports. Small helpers must also stay free of the kernel and of
// Immer: importing a constant must not pull in the rules.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

const KB = 1000;
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const BOTH = ['kernel', 'Immer'];
const KERNEL = ['kernel'];
/** The kernel, Immer and the loader (loadState and its check of a state from elsewhere). */
const ALL = [...BOTH, 'loader'];
const BASE_GAME = '{ createGame, legalMoves, applyMove, scoreFinal }';
/** Each expansion, with a tile id only its own tiles carry (a marker that survives minification). */
const EXPANSION_MARKERS = {
  river: 'RV-lake',
  abbot: '-garden',
  'inns-cathedrals': 'IC-Q',
  'traders-builders': 'TB-X',
  tower: 'TO-CccC',
};
const EVERY_EXPANSION = Object.keys(EXPANSION_MARKERS);
/** The budget of the base game's four functions with one expansion registered, in kB. */
const EXPANSION_BUDGET = { river: 35.7, abbot: 35.2, 'inns-cathedrals': 35.7, 'traders-builders': 35.8, tower: 38.8 };
const importName = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const NEITHER = [];

/** [what is imported, from where, budget in kB, what it holds of the kernel and Immer: both, the kernel alone, or neither] */
const rows = [
  // 0.3.0: the rule modules (registry, compile step, hooks) cost about 2.4 kB brotli; replaying the
  // last move's events, older states' module fields and the frontier's neighbour tables 1 kB more;
  // the house rules, registered modules in every bundle that plays, about 0.3 kB each.
  // Then recording every draw and checking a saved state's draws by drawing them again: 1.2 kB.
  // Then set-up positions: every loader checks a set-up board (1.8 kB to the four functions below,
  // 2.6 kB to the engine); setupGame and setupOf in the main entry 2 kB more.
  // Then the final scoring finding each figure's feature once, and the farm graph's roots kept for
  // the bots' evaluation (a quarter faster): 0.1 kB everywhere.
  // Then hostile input: every input read once as plain data within LIMITS, bounded messages, checked
  // engine helpers and move codes, bots' options read without getters: 1.7 to 2.9 kB an entry.
  // Then speed (0.4.0): branch-free placement codes, corners read from the frontier, a clone's
  // arrays attached by named stores, the pure API's state written by hand with its sort and freeze:
  // about 1 kB an entry. Drawing a random move without listing (sampleSpan, sampleAt): 0.5 kB.
  // Then a turn as steps: the kernel's step machine and one enumerator a step (smaller), the move
  // types and checks of each step, whole turns (legalTurns; the engine's TurnCode, legalTurns,
  // playTurn, encodeTurn, decodeTurn): the engine 0.2 kB more, the bots 0.4 kB.
  // Then modules own their tiles, words and pictures: the catalogue of every tile, the modules'
  // words (tile names, the text board) and looks (figures, tile symbols, kinds of feature) read
  // from lists of each module's parts apart from its rules (rules/catalogue.ts, words.ts,
  // looks.ts), so that a bundle that plays carries neither pictures nor words: the rules bundles
  // 0.1 kB smaller, the notation and the element 0.5 kB smaller (features read without names), the
  // tile pictures 1.3 kB larger (generic symbols and areas, every module's look).
  // Then The Tower (issue "Room to grow"), the first module with a move of its own after the tile:
  // its 18 tiles and their names, the kernel's module actions and steps, the API's reading and
  // writing of module moves, module state (GameState.modules) and module events: 4.5 to 5.7 kB an
  // entry that plays, 0.6 kB to the tile pictures. Every module costs every app that plays until
  // an app imports only the modules it uses (the same issue, item 8). Then module moves in the
  // notation and records (0.6 kB to the notation and the element) and the towers drawn over the
  // board (ModuleLook.board, 0.3 kB to the pictures). Then positions holding the modules' parts
  // (The Tower's set-up of towers and prisoners, with its sentences: ModuleApi.setUp and position)
  // and Engine.moveOf and codeOf: 0.4 to 1 kB an entry, in every bundle that plays until item 8.
  // Then describeMove (a move in words; a module's from ModuleApi.say) in the notation, and the
  // board element's module actions and steps: 0.6 kB to the notation, 0.9 kB to the element. Then
  // perft counting a turn with its module steps and a ransom before the action: 0.2 kB to the engine.
  // Then a game's records holding its own modules' fields only (issue "Room to grow", item 8's first
  // step: the roster of a game's modules, reading states before 0.3.0 that held every module's
  // fields): 0.3 to 0.5 kB an entry that plays.
  // Then what an app imports is what it ships (the same issue, item 8): the expansions are
  // registered by the app (useExpansions), so that an entry alone carries none of them, and each
  // expansion adds its own rules, tiles, words and pictures (the rows after the base game's).
  // "everything" of the main entry holds them all (allExpansions).
  // Then only the loaders read a state from elsewhere (the same issue, item 8): the four functions
  // no longer carry the loader (45.0 to 36.1 kB), nor the board pictures the kernel (49.7 to 17.3 kB).
  // Then the four functions freeze what they build with the library's own walk (freezeBuilt, as the
  // states already were), not Immer's freeze: 32.8 kB. Views, set-ups and the engine's states keep Immer.
  // Then a saved state replayed once, drawing its draws, and each field's form, load check and view
  // declared in tables (the same issue, item 3): 0.3 to 0.5 kB to every entry with a loader. Then
  // the pure API's speed (item 7: listed moves interned in a growing table of codes, the last
  // state's kernel entry kept, for…in in the freeze): 0.2 to 0.3 kB an entry that plays.
  // Then The River's piles declared by its module (TileSetDef.piles): the main entry 61.3 kB.
  ['everything', '.', 62.8, [...ALL, ...EVERY_EXPANSION]],
  ['everything', './engine', 50.2, ALL],
  // The bots entry: analyse and analyseAsync, and Engine.fromView, 1.2 kB.
  ['everything', './bots', 57, ALL],
  // The notation (moves, records, positions): its own entry, so that a game site that does not write games
  // down does not carry it.
  ['everything', './notation', 57.7, ALL],
  // The base game's four functions, then the same with each expansion registered: what it adds.
  [BASE_GAME, '.', 33.7, KERNEL],
  ...EVERY_EXPANSION.map((name) => [
    `${BASE_GAME.slice(0, -2)}, useExpansions, ${importName(name)} }`,
    '.',
    EXPANSION_BUDGET[name],
    [...KERNEL, name],
  ]),
  // Pictures: tile geometry and SVG need no rules; a board picture reads a state the library made
  // or loaded, through the kernel it keeps: neither the kernel's making nor the loader, nor Immer.
  ['{ tileGeometry, renderTileSvg }', './render', 13.5, NEITHER],
  ['everything', './render', 17.8, NEITHER],
  // The board element for tutorials: positions, moves, pictures.
  ['everything', './element', 64.6, ALL],
  ['{ EDGES }', '.', 1, NEITHER],
  ['{ EDGES, HALF_EDGES, SPOTS, ROTATIONS, EXPANSIONS }', '.', 1, NEITHER],
  ['{ CarcassonneError, IllegalMoveError, OptionsError, StateError }', '.', 1, NEITHER],
  ['{ tileDefinition }', '.', 5, NEITHER],
  ['{ tileDefinition, tileIds, TILE_SETS }', '.', 5, NEITHER],
];

// Markers that survive minification: Immer's draft symbol and a name in the kernel's buffer layout.
const MARKERS = { Immer: 'immer-state', kernel: 'frontDemand', loader: 'placements must start with the start tile', ...EXPANSION_MARKERS };

/** The dist file an export condition of the package points an `import` at. */
const distFile = (subpath) => new URL(`.${pkg.exports[subpath].import.default.slice(1)}`, new URL('../', import.meta.url)).pathname;

let failed = 0;
const sizes = new Map();
console.log(`${'import'.padEnd(84)} ${'min'.padStart(8)} ${'brotli'.padStart(8)} ${'budget'.padStart(8)}`);
for (const [names, subpath, budget, holds] of rows) {
  const from = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
  const code = names === 'everything' ? `export * from '${from}';` : `export ${names} from '${from}';`;
  const result = await build({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    // Resolve the package to its built files, never to the sources (tsconfig paths are ignored).
    tsconfigRaw: '{}',
    alias: Object.fromEntries(
      Object.keys(pkg.exports)
        .filter((k) => k !== './package.json')
        .map((k) => [k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`, distFile(k)]),
    ),
  });
  const bytes = result.outputFiles[0].contents;
  const text = result.outputFiles[0].text;
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const problems = [];
  if (brotli > budget * KB) problems.push(`over budget by ${((brotli - budget * KB) / KB).toFixed(2)} kB`);
  for (const [what, marker] of Object.entries(MARKERS)) {
    const has = text.includes(marker);
    if (!holds.includes(what) && has) problems.push(`pulls in the ${what}`);
    if (holds.includes(what) && !has) problems.push(`the ${what} marker "${marker}" is missing: this check no longer sees it`);
  }
  failed += problems.length > 0 ? 1 : 0;
  if (subpath === '.') sizes.set(names, brotli);
  const label = `${from} ${names}`;
  console.log(
    `${label.padEnd(84)} ${`${(bytes.length / KB).toFixed(1)} kB`.padStart(8)} ${`${(brotli / KB).toFixed(2)} kB`.padStart(8)} ${`${budget} kB`.padStart(8)}${problems.length > 0 ? `  FAIL: ${problems.join('; ')}` : ''}`,
  );
}
// What each expansion adds to the base game's four functions.
const base = sizes.get(BASE_GAME);
console.log(
  `\nwhat an expansion adds to ${BASE_GAME}: ${EVERY_EXPANSION.map((name) => `${name} +${((sizes.get(`${BASE_GAME.slice(0, -2)}, useExpansions, ${importName(name)} }`) - base) / KB).toFixed(2)} kB`).join(', ')}`,
);
if (failed > 0) {
  console.error(`\n${failed} import${failed === 1 ? '' : 's'} over budget or pulling in what they must not`);
  process.exit(1);
}
console.log('\nevery import within its budget');
