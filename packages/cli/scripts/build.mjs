/**
 * Bundles the `golf` command (`src/main.ts` and the engine it imports) into one plain JavaScript file,
 * `dist/golf.mjs`, so that `node` starts it without compiling TypeScript on every call. Run by the root's
 * `postinstall` (ready right after `pnpm install`), by `pnpm --filter @golf/cli build`, and by `bin/golf.mjs`
 * whenever a source is newer than the bundle.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const cliDir = join(import.meta.dirname, '..');
export const bundlePath = join(cliDir, 'dist', 'golf.mjs');

export async function buildBundle() {
  await build({
    entryPoints: [join(cliDir, 'src', 'main.ts')],
    outfile: bundlePath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildBundle();
