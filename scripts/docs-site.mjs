// The last step of `npm run docs`: puts the playground into the site (docs/api/playground/), with
// the package's ES modules and Immer beside it, so that the guides' link to it opens a page that
// plays from any static host. Run after typedoc (which empties docs/api) and the build.
//
//   npm run docs
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(ROOT, 'docs/api/playground');
mkdirSync(path.join(out, 'dist'), { recursive: true });
for (const name of ['index.html', 'app.js', 'style.css']) {
  copyFileSync(path.join(ROOT, 'examples/playground', name), path.join(out, name));
}
// The ES modules only (the page imports nothing else): entries and their shared chunks.
const modules = readdirSync(path.join(ROOT, 'dist')).filter((f) => f.endsWith('.js'));
for (const name of modules) copyFileSync(path.join(ROOT, 'dist', name), path.join(out, 'dist', name));
const immer = path.join(
  path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('immer/package.json')),
  'dist/immer.production.mjs',
);
copyFileSync(immer, path.join(out, 'immer.mjs'));
console.log(`docs/api/playground: the playground with ${modules.length} modules of dist/ and Immer`);
