// What the browser scripts share: Debian's Chromium, the .tmp/ folder for screenshots, playing
// the playground by clicks, and the end of a script (failures listed, exit code 1).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Headless Chromium: `/usr/bin/chromium` (Debian's), or `$CHROMIUM`; never a downloaded one. */
export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });

/** The folder screenshots go to (.tmp/), made if need be; `shot('x.png')` is a path in it. */
export function shot(name) {
  const dir = path.join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** Waits until the playground lets the person move or says the game is over; true when it is over. */
export async function waitTurn(page) {
  await page.waitForFunction(() => ['your-move', 'finished'].includes(document.querySelector('#status').dataset.state));
  return (await page.getAttribute('#status', 'data-state')) === 'finished';
}

/**
 * Plays the playground's person to the end of the game by clicks: each turn a dashed cell (a
 * different one turn by turn), a click on the tile to turn it when `rotate(turn)`, then a numbered
 * ring on even turns (when there is one) or "no figure". `beforeTurn(turn)` runs when the person is
 * to move, `afterTurn(turns)` after the move; it returns how many moves it took back. Resolves
 * with the moves made and the clicks.
 */
export async function playByClicks(page, { beforeTurn = async () => {}, afterTurn = async () => 0, rotate = () => false } = {}) {
  let turns = 0;
  let clicks = 0;
  while (!(await waitTurn(page))) {
    await beforeTurn(turns);
    const cells = await page.$$('#board .legal');
    if (cells.length === 0) throw new Error('no dashed cell on a turn to move');
    await cells[turns % cells.length].click();
    clicks++;
    if (rotate(turns)) {
      await page.click('#board .ghost');
      clicks++;
    }
    const spots = await page.$$('#board .spot');
    if (spots.length > 0 && turns % 2 === 0) await spots[turns % spots.length].click();
    else await page.click('#actions button.move[data-spot=""]');
    clicks++;
    turns++;
    turns -= await afterTurn(turns);
  }
  return { turns, clicks };
}

/** Ends a script: lists the failures and exits with 1 when there are any. */
export function exitWith(failures) {
  if (failures.length === 0) return;
  console.error(failures.join('\n'));
  process.exit(1);
}
