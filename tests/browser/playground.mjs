// The playground (examples/playground), served on http://127.0.0.1 from the built package and
// played in headless Chromium by clicks only: a person (this script) against a level-1 bot, with
// Traders & Builders so that figures of several kinds appear. Each turn it clicks a dashed cell,
// turns the tile by clicking it, and clicks a numbered ring (a figure) or "no figure". At the end
// it saves the record, replays it with the pure API in Node and checks the scores the page shows
// against scoreFinal. It also tries undo and the hint. Screenshots go to .tmp/.
//
//   npm run build && node tests/browser/playground.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitWith, launchChromium, playByClicks, ROOT, shot, waitTurn } from './support.mjs';

const { servePlayground } = await import(pathToFileURL(path.join(ROOT, 'examples/playground/serve.mjs')).href);
const api = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);
// The page plays every expansion; this side reads its games, so it registers them too.
api.useExpansions(...api.allExpansions);
const notation = await import(pathToFileURL(path.join(ROOT, 'dist/notation.js')).href);

const server = await servePlayground();
const browser = await launchChromium();
const failures = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  await page.goto(server.url);
  await page.screenshot({ path: shot('playground-setup.png') });
  await page.fill('#seats .seat:nth-of-type(1) input', 'Tester');
  await page.selectOption('#seats .seat:nth-of-type(2) select', '1');
  await page.check('#expansions input[value="traders-builders"]');
  await page.fill('#seed', 'playground-ci');
  await page.click('#start');

  let undone = false;
  const { turns, clicks } = await playByClicks(page, {
    rotate: (turn) => turn % 3 === 1,
    beforeTurn: async (turn) => {
      if (turn !== 3 || undone) return;
      // The hint names a move; then play one move and take it back.
      await page.click('#hint');
      await page.waitForFunction(() => document.querySelector('#hint-text').textContent.startsWith('Hint:'));
      await page.click('#cancel');
    },
    afterTurn: async (turns) => {
      if (turns === 12) await page.screenshot({ path: shot('playground-game.png') });
      if (turns !== 4 || undone) return 0;
      await waitTurn(page);
      const before = await page.$$eval('#log li', (l) => l.length);
      await page.click('#undo');
      const after = await page.$$eval('#log li', (l) => l.length);
      if (after >= before) failures.push(`undo did not take the moves back (${before} log lines, then ${after})`);
      undone = true;
      return 1;
    },
  });
  await page.screenshot({ path: shot('playground-end.png'), fullPage: true });
  await page.click('#records summary');
  await page.click('#save');
  const record = await page.inputValue('#record');
  const shown = await page.$$eval('#scoreboard li', (l) => l.map((li) => Number(li.dataset.score)));
  const replayed = notation.replayRecord(record);
  const final = api.scoreFinal(replayed);
  if (replayed.status !== 'finished') failures.push('the saved record does not replay to a finished game');
  if (shown.join() !== final.scores.join())
    failures.push(`the page shows ${shown.join('/')}, the pure API scores ${final.scores.join('/')}`);
  const log = await page.$$eval('#log li', (l) => l.length);
  // Loading the record back gives the same finished board.
  await page.fill('#record', record);
  await page.click('#load');
  const reloaded = await page.$$eval('#scoreboard li', (l) => l.map((li) => Number(li.dataset.score)));
  if (reloaded.join() !== final.scores.join()) failures.push(`the loaded record shows ${reloaded.join('/')}`);
  await page.fill('#record', 'not a record');
  await page.click('#load');
  if ((await page.textContent('#record-error')) === '') failures.push('a bad record gave no error');
  console.log(
    `playground: ${turns} moves by ${clicks} clicks against a level-1 bot (Traders & Builders), final ${final.scores.join(' : ')} as the pure API scores the saved record; ${log} log lines; screenshots .tmp/playground-setup.png, playground-game.png, playground-end.png`,
  );
} finally {
  await browser.close();
  server.close();
}
exitWith(failures);
