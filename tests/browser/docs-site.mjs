// The docs site (docs/api, built by `npm run docs`) served as static files on 127.0.0.1 and read
// in headless Chromium: every guide shows its pictures, every link of a guide to the site leads to
// a page, and the playground linked from the guides starts a game and takes a move by clicks.
// Screenshots: .tmp/docs-guide.png, .tmp/docs-playground.png.
//
//   npm run docs && node tests/browser/docs-site.mjs
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { TYPES } from '../../examples/playground/serve.mjs';
import { exitWith, launchChromium, ROOT, shot } from './support.mjs';

const SITE = path.join(ROOT, 'docs/api');

const server = createServer(async (req, res) => {
  let p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (p.endsWith('/')) p += 'index.html';
  const file = path.join(SITE, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const failures = [];
const guides = ['Getting_started', 'Writing_a_frontend', 'Writing_a_bot', 'Writing_a_tutorial', 'The_rules_as_implemented', 'Notation'];
let pictures = 0;
let links = 0;
try {
  const documents = readdirSync(path.join(SITE, 'documents')).map((f) => f.replace(/\.html$/, ''));
  for (const name of guides) if (!documents.includes(name)) failures.push(`no page for the guide ${name}`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  const checked = new Set();
  for (const name of guides) {
    await page.goto(`${base}documents/${name}.html`);
    await page.waitForLoadState('load');
    const images = await page.$$eval('.tsd-panel img, .col-content img', (all) =>
      all.map((i) => ({ src: i.src, ok: i.complete && i.naturalWidth > 0 })),
    );
    for (const image of images) if (!image.ok) failures.push(`${name}: the picture ${image.src} does not load`);
    pictures += images.length;
    if (['Getting_started', 'Writing_a_frontend', 'Writing_a_bot', 'Writing_a_tutorial'].includes(name) && images.length === 0) {
      failures.push(`${name} shows no picture`);
    }
    const hrefs = await page.$$eval('.col-content a[href]', (all) => all.map((a) => a.href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(base).origin) continue;
      url.hash = '';
      if (checked.has(url.href)) continue;
      checked.add(url.href);
      const answer = await fetch(url);
      if (answer.status !== 200) failures.push(`${name}: the link ${url.pathname} answers ${answer.status}`);
      links++;
    }
    if (name === 'Writing_a_frontend') await page.screenshot({ path: shot('docs-guide.png') });
  }

  // The playground, as a reader of the guide reaches it.
  await page.goto(`${base}documents/Getting_started.html`);
  await page.click('a[href$="playground.html"]');
  await page.waitForURL(/playground\/index\.html$/);
  await page.click('#start');
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'your-move');
  await page.click('#board .legal');
  await page.click('#actions button.move[data-spot=""]');
  await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 2);
  await page.screenshot({ path: shot('docs-playground.png') });
  console.log(
    `docs site: ${guides.length} guides, ${pictures} pictures loaded, ${links} links checked; the playground linked from the guides played a move; screenshots .tmp/docs-guide.png, .tmp/docs-playground.png`,
  );
} finally {
  await browser.close();
  server.close();
}
exitWith(failures);
