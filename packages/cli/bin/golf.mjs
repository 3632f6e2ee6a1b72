#!/usr/bin/env node
/**
 * The `golf` command: runs the bundle `dist/golf.mjs` (see `scripts/build.mjs`), first rebuilding it when it is
 * missing or older than any source it is made from (the CLI's and the engine's `src`, their package files). The
 * check reads a few dozen file times, about a millisecond; the bundler is loaded only to rebuild.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const cliDir = join(import.meta.dirname, '..');
const bundle = join(cliDir, 'dist', 'golf.mjs');
const sources = [join(cliDir, 'src'), join(cliDir, '..', 'engine', 'src')];
const files = [join(cliDir, 'package.json'), join(cliDir, '..', 'engine', 'package.json'), join(cliDir, 'scripts', 'build.mjs')];

function newest() {
  let t = 0;
  const see = (f) => {
    const m = statSync(f).mtimeMs;
    if (m > t) t = m;
  };
  files.forEach(see);
  for (const dir of sources)
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) see(join(e.parentPath, e.name));
  return t;
}

let built = 0;
try {
  built = statSync(bundle).mtimeMs;
} catch {
  // No bundle yet.
}
if (built < newest()) {
  const { buildBundle } = await import('../scripts/build.mjs');
  await buildBundle();
}
await import('../dist/golf.mjs');
