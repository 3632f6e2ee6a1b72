#!/usr/bin/env node
// Prints the gzip size of the JavaScript the first page (`/`) loads, from the build output: every address of the
// build's JavaScript that build/index.html names (its start script imports and, once the page is painted, preloads:
// src/postbuild/paint-first.ts), plus the route nodes of `/` (root layout and page) with their
// static imports, from the Vite manifest. Run after `vite build`.
// `/` is prerendered, so its first paint needs none of it (its CSS is in the HTML); this is what it runs to draw
// today's cards and take the first move. Exits 1 when over the budget (SIZE_BUDGET_KB, default 80; measured
// 76.9 KB in 8 files with the six languages and the chunks of the code the first pages share, vite.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const web = resolve(import.meta.dirname, '..');
const build = join(web, 'build');
const manifestPath = join(web, '.svelte-kit/output/client/.vite/manifest.json');
const generatedDir = '.svelte-kit/generated/build/client-optimized';
const generated = join(web, generatedDir);
const budgetKb = Number(process.env.SIZE_BUDGET_KB ?? 80);

if (!existsSync(join(build, 'index.html'))) {
  console.error('no build/index.html: run `vite build` first');
  process.exit(2);
}

const html = readFileSync(join(build, 'index.html'), 'utf8');
const files = new Set();
const add = (url) => {
  if (url.endsWith('.js')) files.add(url.replace(/^\.?\//, ''));
};
// Every quoted address of the build's JavaScript: a module script's `src`, a preload link's `href`, an `import()`,
// the list the start script preloads.
for (const m of html.matchAll(/"(\.?\/_app\/immutable\/[^"]+\.js)"/g)) add(m[1]);
const fromHtml = files.size;

// The nodes of `/`: its layout and page, found in the generated client app's route dictionary.
if (existsSync(manifestPath) && existsSync(join(generated, 'app.js'))) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const app = readFileSync(join(generated, 'app.js'), 'utf8');
  const route = /"\/":\s*\[([^\]]*)\]/.exec(app);
  const nodes = new Set([0]);
  for (const n of route?.[1].match(/-?\d+/g) ?? []) nodes.add(Math.abs(Number(n)));
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const n of nodes) visit(`${generatedDir}/nodes/${n}.js`);
}

let raw = 0;
let gz = 0;
const rows = [];
for (const f of [...files].sort()) {
  const path = join(build, f);
  if (!existsSync(path)) continue;
  const buf = readFileSync(path);
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push([f, buf.length, g]);
}
const kb = (n) => (n / 1024).toFixed(1);
for (const [f, r, g] of rows) console.log(`${kb(g).padStart(7)} KB gz ${kb(r).padStart(7)} KB  ${f}`);
console.log(
  `first page JS: ${kb(gz)} KB gzip (${kb(raw)} KB raw) in ${rows.length} files (${fromHtml} named in index.html); budget ${budgetKb} KB`,
);
process.exit(gz / 1024 > budgetKb ? 1 : 0);
