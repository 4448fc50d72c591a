// <carcassonne-board> (carcassonne-engine/element) in headless Chromium, from dist with an import
// map: a puzzle a reader solves by clicks (the move event says solved), a wrong answer, "Try again",
// a board that only shows a position, and a position that cannot be read (its error is shown).
// Screenshot: .tmp/board-element.png.
//
//   npm run build && node tests/browser/board-element.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { exitWith, launchChromium, ROOT, shot } from './support.mjs';

const immer = path.join(
  path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('immer/package.json')),
  'dist/immer.production.mjs',
);
const page = `<!doctype html><meta charset="utf-8"><title>board element</title>
<script type="importmap">{"imports":{"carcassonne-engine/element":"/dist/element.js","immer":"/immer.mjs"}}</script>
<h2>Close the city with a knight</h2>
<carcassonne-board id="puzzle" interactive coordinates tile-size="56"
  position="game {&quot;players&quot;:[&quot;Ann&quot;,&quot;Bob&quot;]} / board D 0,0 / turn p0 E"
  solution="E 0,-1 r180 knight S"></carcassonne-board>
<carcassonne-board id="shown" tile-size="40" position="board D 0,0; U -1,0 r0; V 1,0 r90 p1 thief W / turn p0 K"></carcassonne-board>
<carcassonne-board id="broken" position="board Q9 0,0"></carcassonne-board>
<script type="module">
  import { defineBoardElement } from 'carcassonne-engine/element';
  window.events = [];
  document.querySelector('#puzzle').addEventListener('move', (e) => window.events.push({ notation: e.detail.notation, solved: e.detail.solved }));
  document.querySelector('#broken').addEventListener('error', (e) => window.events.push({ error: e.detail.code }));
  defineBoardElement();
  defineBoardElement(); // twice: the second does nothing
  window.ready = true;
</script>`;

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const file = url === '/immer.mjs' ? immer : url.startsWith('/dist/') ? path.join(ROOT, 'dist', path.basename(url)) : null;
  if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  let body;
  try {
    body = readFileSync(file ?? '');
  } catch {
    return res.writeHead(404).end();
  }
  res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await launchChromium();
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};
try {
  const tab = await browser.newPage({ viewport: { width: 900, height: 900 } });
  tab.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction(() => window.ready === true);
  const puzzle = tab.locator('#puzzle');
  const message = () => puzzle.locator('.message').textContent();

  check((await tab.locator('#shown .legal').count()) === 0, 'a board without interactive offers cells');
  check((await tab.locator('#shown .figure').count()) === 1, 'the shown position lacks its thief');
  check((await tab.locator('#broken .message').textContent()).length > 10, 'a bad position shows no error');
  check((await puzzle.locator('.legal').count()) > 1, 'the puzzle offers no cells');

  // The right answer: the cell north of the start tile, then the knight on the city (spot S).
  await puzzle.locator('.legal[data-x="0"][data-y="-1"]').click();
  await puzzle.locator('.spot[data-spot="S"]').click();
  check((await message()) === 'Solved!', `the solution says "${await message()}"`);
  await tab.screenshot({ path: shot('board-element.png') });

  // Try again, then a wrong answer: the same cell with no figure.
  await puzzle.locator('button.reset').click();
  check((await puzzle.locator('.legal').count()) > 1, 'Try again did not put the position back');
  await puzzle.locator('.legal[data-x="0"][data-y="-1"]').click();
  await puzzle.locator('button.none').click();
  check((await message()) === 'That is not the solution.', `a wrong move says "${await message()}"`);

  const events = await tab.evaluate(() => window.events);
  check(
    JSON.stringify(events) ===
      JSON.stringify([
        { error: 'unknown-tile' },
        { notation: 'E 0,-1 r180 knight S', solved: true },
        { notation: 'E 0,-1 r180', solved: false },
      ]),
    `events ${JSON.stringify(events)}`,
  );
  console.log(
    `board element: solved by clicks, a wrong move told apart, a bad position shown as its error; events ${JSON.stringify(events)}; screenshot .tmp/board-element.png`,
  );
} finally {
  await browser.close();
  server.close();
}
exitWith(failures);
