// Plays whole games in headless Chromium from the package's built ES modules, in two pages served
// on http://127.0.0.1:
//   - "import map": the dist files loaded as they are, with nothing but an import map (no bundler);
//   - "bundled": the same game bundled for the browser with esbuild, as an app's bundler would.
// Each page must finish its game with no page error and give the very state Node gives for the
// same game (game.mjs), byte for byte.
//
//   node tests/browser/play-in-browser.mjs [package directory]    (default: this repository, built)
//
// The package directory may be an installed copy, e.g. node_modules/carcassonne-engine of a project
// that installed the packed tarball. Chromium is Debian's (/usr/bin/chromium, or $CHROMIUM), driven
// by playwright-core, which never downloads a browser.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { playGame } from './game.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(process.argv[2] ?? path.join(HERE, '../..'));
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const entry = (subpath) => path.join(pkgDir, pkg.exports[subpath].import.default);
for (const sub of ['.', './engine', './bots']) {
  if (!existsSync(entry(sub))) throw new Error(`${entry(sub)} is missing: build the package first (npm run build)`);
}
const immerDir = path.dirname(createRequire(path.join(pkgDir, 'package.json')).resolve('immer/package.json'));
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// The import map a page without a bundler needs, taken from the README ("In the browser") as
// written there: the page serves the package and Immer where an npm install puts them.
const readme = readFileSync(path.join(HERE, '../../README.md'), 'utf8');
const htmlBlock = /```html\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## In the browser')))?.[1] ?? '';
const importMap = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(htmlBlock)?.[1] ?? 'null');
if (importMap?.imports?.['carcassonne-engine'] === undefined || importMap.imports.immer === undefined) {
  throw new Error('README.md has no import map for carcassonne-engine and immer under "## In the browser"');
}
const play = `
  window.result = null;
  try {
    window.result = playGame(api, bots, engine);
  } catch (e) {
    window.failure = String(e && e.stack || e);
  }`;
const pages = {
  '/': `<!doctype html><meta charset="utf-8"><title>import map</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module">
  import * as api from 'carcassonne-engine';
  import * as engine from 'carcassonne-engine/engine';
  import * as bots from 'carcassonne-engine/bots';
  import { playGame } from '/game.mjs';
  ${play}
</script>`,
  '/readme': htmlBlock,
  '/bundled': `<!doctype html><meta charset="utf-8"><title>bundled</title><script type="module" src="/bundle.js"></script>`,
};

const bundled = await build({
  stdin: {
    contents: `import * as api from 'carcassonne-engine';
import * as engine from 'carcassonne-engine/engine';
import * as bots from 'carcassonne-engine/bots';
import { playGame } from './game.mjs';
${play}`,
    resolveDir: HERE,
    loader: 'js',
  },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  // As a bundler does for a production build; the package itself never reads process.
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfigRaw: '{}',
  alias: { 'carcassonne-engine': entry('.'), 'carcassonne-engine/engine': entry('./engine'), 'carcassonne-engine/bots': entry('./bots') },
  // The package says "sideEffects": false, so esbuild drops the entries' bare imports of shared
  // chunks (the chunks are still reached through the names imported from them). esbuild reports
  // each dropped import only for files outside node_modules, as dist/ is when this test reads the
  // repository's own build; an app's bundler, reading the installed package, reports nothing.
  logOverride: { 'ignored-bare-import': 'silent' },
});
if (bundled.warnings.length > 0) throw new Error(`bundling the package warns: ${bundled.warnings.map((w) => w.text).join('; ')}`);
const files = {
  '/game.mjs': readFileSync(path.join(HERE, 'game.mjs')),
  '/bundle.js': bundled.outputFiles[0].contents,
};

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json', '.html': 'text/html' };
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const send = (status, body, type) => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
    res.end(body);
  };
  if (url.pathname in pages) return send(200, pages[url.pathname], 'text/html');
  if (url.pathname === '/favicon.ico') return send(204, '', 'image/x-icon');
  if (url.pathname in files) return send(200, files[url.pathname], 'text/javascript');
  for (const [prefix, root] of [
    ['/node_modules/carcassonne-engine/', pkgDir],
    ['/node_modules/immer/', immerDir],
  ]) {
    if (!url.pathname.startsWith(prefix)) continue;
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname.slice(prefix.length - 1))}`);
    if (file.startsWith(root + path.sep) && existsSync(file))
      return send(200, readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
  }
  send(404, 'not found', 'text/plain');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const api = await import(pathToFileURL(entry('.')).href);
const engine = await import(pathToFileURL(entry('./engine')).href);
const bots = await import(pathToFileURL(entry('./bots')).href);
const expected = playGame(api, bots, engine);

const profile = mkdtempSync(path.join(tmpdir(), 'carcassonne-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/** Opens a page, collecting every page error, console error and failed request. */
async function open(route) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} for ${r.url()}`));
  await page.goto(base + route);
  return { page, errors };
}

let failed = 0;
try {
  {
    // The README's page, verbatim: it plays a game with the greedy bot and shows the board.
    const { page, errors } = await open('/readme');
    const board = await page
      .waitForFunction(() => /scores \d+ : \d+/.test(document.querySelector('#board')?.textContent ?? ''), null, { timeout: 60_000 })
      .then(() => page.evaluate(() => document.querySelector('#board')?.textContent ?? ''))
      .catch(() => '');
    if (errors.length > 0 || !board.includes('# city')) {
      failed++;
      console.log(`FAIL  the README's page: ${[...errors, board === '' ? 'no board shown' : ''].filter(Boolean).join('; ')}`);
    } else {
      console.log(`ok    the README's page, verbatim: ${board.trim().split('\n').at(-1)}`);
    }
    await page.close();
  }
  for (const [name, route] of [
    ['import map, no bundler', '/'],
    ['bundled with esbuild', '/bundled'],
  ]) {
    const started = Date.now();
    const { page, errors } = await open(route);
    await page
      .waitForFunction(() => window.result !== undefined && (window.result !== null || window.failure !== undefined), null, {
        timeout: 120_000,
      })
      .catch(() => {});
    const { result, failure } = await page.evaluate(() => ({ result: window.result, failure: window.failure }));
    const problems = [...errors, ...(failure === undefined ? [] : [failure])];
    if (result === null || result === undefined) problems.push('the game did not finish');
    else {
      if (result.state !== expected.state) problems.push('the final state differs from the one Node gives for the same game');
      if (result.board !== expected.board) problems.push('renderAscii differs from Node');
      if (result.playout.join() !== expected.playout.join()) problems.push('the engine playout differs from Node');
    }
    const took = ((Date.now() - started) / 1000).toFixed(1);
    if (problems.length > 0) {
      failed++;
      console.log(`FAIL  ${name}: ${problems.join('; ')}`);
    } else {
      console.log(
        `ok    ${name}: ${result.moves} moves, scores ${result.scores.join('/')}, engine playout ${result.playout.join('/')}, the same state as Node (${took} s)`,
      );
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
if (failed > 0) process.exit(1);
