// Serves the playground on http://127.0.0.1 with the package's ES modules as they are: no bundler,
// an import map in the page points at dist/ and at Immer.
//   npm run playground              (builds dist, then serves on port 8080, or PORT)
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '../..');
/** Content types of the files a static page needs. */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Where each URL path of the playground is read from. */
function fileOf(url, packageDir) {
  const p = decodeURIComponent(new URL(url, 'http://x').pathname);
  if (p === '/') return path.join(HERE, 'index.html');
  if (p === '/immer.mjs')
    return path.join(
      path.dirname(createRequire(path.join(packageDir, 'package.json')).resolve('immer/package.json')),
      'dist/immer.production.mjs',
    );
  if (p.startsWith('/dist/')) return path.join(packageDir, 'dist', path.normalize(p.slice(6)).replace(/^(\.\.[/\\])+/, ''));
  const name = path.normalize(p.slice(1)).replace(/^(\.\.[/\\])+/, '');
  return name.includes('/') || name.includes('\\') ? null : path.join(HERE, name);
}

/**
 * Starts the server; resolves to its URL, `close()` and the Node HTTP server (an online game
 * server attaches its WebSockets to it). `packageDir` is where dist/ is (default: this repository).
 */
export function servePlayground({ port = 0, host = '127.0.0.1', packageDir = ROOT } = {}) {
  const server = createServer(async (req, res) => {
    const file = fileOf(req.url ?? '/', packageDir);
    try {
      if (file === null) throw new Error('not here');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => resolve({ url: `http://${host}:${server.address().port}/`, close: () => server.close(), server }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await servePlayground({ port: Number(process.env.PORT ?? 8080) });
  console.log(`playground: ${url}`);
}
