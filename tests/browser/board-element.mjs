// <carcassonne-board> (carcassonne-engine/element) in headless Chromium, from dist with an import
// map: a puzzle a reader solves by clicks (the move event says solved), a wrong answer, "Try again",
// a board that only shows a position, a position that cannot be read (its error is shown), and a
// Tower puzzle whose turn goes on with a rule module's step (a floor, then a capture).
// Screenshots: .tmp/board-element.png, .tmp/board-element-tower.png (the capture step).
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
<script type="importmap">{"imports":{"carcassonne-engine":"/dist/index.js","carcassonne-engine/element":"/dist/element.js","immer":"/immer.mjs"}}</script>
<h2>Close the city with a knight</h2>
<carcassonne-board id="puzzle" interactive coordinates tile-size="56"
  position="game {&quot;players&quot;:[&quot;Ann&quot;,&quot;Bob&quot;]} / board D 0,0 / turn p0 E"
  solution="E 0,-1 r180 knight S"></carcassonne-board>
<carcassonne-board id="shown" tile-size="40" position="board D 0,0; U -1,0 r0; V 1,0 r90 p1 thief W / turn p0 K"></carcassonne-board>
<carcassonne-board id="broken" position="board Q9 0,0"></carcassonne-board>
<h2>The Tower: capture Bob's monk</h2>
<carcassonne-board id="tower" interactive tile-size="48"
  position="game {&quot;players&quot;:[&quot;Ann&quot;,&quot;Bob&quot;],&quot;expansions&quot;:[&quot;tower&quot;]} / board D 0,0; TO-F 0,1; B -1,1 p1 monk C / turn p0 B"
  solution="B 1,1 tower x=0 y=1 kind=floor &amp; capture x=-1 y=1 at=C"></carcassonne-board>
<script type="module">
  import { defineBoardElement } from 'carcassonne-engine/element';
  import { tower, useExpansions } from 'carcassonne-engine';
  useExpansions(tower); // the page's puzzles play The Tower
  window.events = [];
  document.querySelector('#puzzle').addEventListener('move', (e) => window.events.push({ notation: e.detail.notation, solved: e.detail.solved }));
  document.querySelector('#broken').addEventListener('error', (e) => window.events.push({ error: e.detail.code }));
  document.querySelector('#tower').addEventListener('move', (e) =>
    window.events.push({ notation: e.detail.notation, steps: e.detail.steps.length, solved: e.detail.solved }),
  );
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

  // The Tower: a cell, the floor (a button of the module's action), then the capture step's buttons.
  const tower = tab.locator('#tower');
  await tower.locator('.legal[data-x="1"][data-y="1"]').click();
  const floor = tower.locator('button.action');
  check((await floor.textContent()) === 'a tower floor on (0, 1)', `the floor's button says "${await floor.textContent()}"`);
  await floor.click();
  await tower.screenshot({ path: shot('board-element-tower.png') });
  const steps = await tower.locator('button.step').allTextContents();
  check(
    JSON.stringify(steps) === JSON.stringify(['capture nobody', 'capture the follower at (-1, 1) C']),
    `the capture step offers ${JSON.stringify(steps)}`,
  );
  await tower.locator('button.step', { hasText: 'capture the follower' }).click();
  check(
    (await tower.locator('.message').textContent()) === 'Solved!',
    `the Tower puzzle says "${await tower.locator('.message').textContent()}"`,
  );

  const events = await tab.evaluate(() => window.events);
  check(
    JSON.stringify(events) ===
      JSON.stringify([
        { error: 'unknown-tile' },
        { notation: 'E 0,-1 r180 knight S', solved: true },
        { notation: 'E 0,-1 r180', solved: false },
        { notation: 'B 1,1 tower x=0 y=1 kind=floor & capture x=-1 y=1 at=C', steps: 1, solved: true },
      ]),
    `events ${JSON.stringify(events)}`,
  );
  console.log(
    `board element: solved by clicks, a wrong move told apart, a bad position shown as its error; events ${JSON.stringify(events)}; screenshots .tmp/board-element.png, .tmp/board-element-tower.png`,
  );
} finally {
  await browser.close();
  server.close();
}
exitWith(failures);
