// The playground joins the online server (examples/online/server.mjs) in headless Chromium and
// plays a whole game by clicks against a scripted Node client over WebSockets on 127.0.0.1. The
// page only ever has its own view; the scores it shows at the end must be the server's. One click
// move is forged (a cell off the board, sent over the page's socket by hand) to see the server's refusal shown and the
// game go on. Screenshot: .tmp/playground-online.png.
//
//   npm run build && node tests/browser/online.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitWith, launchChromium, playByClicks, ROOT, shot } from './support.mjs';

const { startOnlineServer } = await import(pathToFileURL(path.join(ROOT, 'examples/online/server.mjs')).href);
const { connect, playToEnd } = await import(pathToFileURL(path.join(ROOT, 'examples/online/client.mjs')).href);
const api = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);
// The page plays every expansion; this side reads its games, so it registers them too.
api.useExpansions(...api.allExpansions);

const server = await startOnlineServer({ seats: 2, options: { seed: 'online-ci', expansions: ['inns-cathedrals'] } });
const browser = await launchChromium();
const failures = [];
let robot = null;
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  // The test keeps a hand on the page's sockets, to send what the page itself never would.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.sockets.push(this);
      }
    };
  });
  await page.goto(server.url);
  await page.click('#online summary');
  await page.fill('#online-name', 'Clicker');
  await page.click('#join-button');
  await page.waitForFunction(() => document.querySelector('#online-status').textContent.includes('seat 1'));
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Waiting for players'));
  robot = await connect(server.wsUrl, { type: 'join', name: 'Robot' });
  const robotPlays = playToEnd(robot).catch((error) => error);

  let refusedShown = false;
  const { turns, clicks } = await playByClicks(page, {
    beforeTurn: async (turn) => {
      if (turn !== 2) return;
      // A move the page would never offer, sent over the page's own socket: refused, with its code.
      const before = server.table.state.turn;
      await page.evaluate(() => window.sockets[0].send(JSON.stringify({ type: 'move', id: 999, move: { x: 40, y: 40, rotation: 0 } })));
      await page.waitForFunction(() => document.querySelector('#online-status').dataset.code === 'not-adjacent');
      if (server.table.state.turn !== before) failures.push('a refused move changed the game');
      refusedShown = true;
    },
    afterTurn: async (turns) => {
      if (turns === 10) await page.screenshot({ path: shot('playground-online.png') });
      return 0;
    },
  });
  const robotEnd = await robotPlays;
  if (robotEnd instanceof Error) throw robotEnd;
  const shown = await page.$$eval('#scoreboard li', (l) => l.map((li) => Number(li.dataset.score)));
  const final = api.scoreFinal(server.table.state);
  if (shown.join() !== final.scores.join()) failures.push(`the page shows ${shown.join('/')}, the server ${final.scores.join('/')}`);
  if (robotEnd.final.scores.join() !== final.scores.join()) failures.push('the scripted client was sent other final scores');
  if (!refusedShown) failures.push('the refused move was not tried');
  console.log(
    `online: the playground played ${turns} moves by ${clicks} clicks against a scripted client over WebSockets (Inns & Cathedrals); final ${final.scores.join(' : ')} as the server scores it; a forged move refused (not-adjacent); screenshot .tmp/playground-online.png`,
  );
} finally {
  robot?.close();
  await browser.close();
  await server.close();
}
exitWith(failures);
