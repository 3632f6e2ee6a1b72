// Applies the migrations to every local D1 database wrangler.jsonc declares: `migrations/` to DB, and
// `migrations-days/` to each day database (docs/scale.md, "A year at 1 M finishers a day"). Local only.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';

const root = join(import.meta.dirname, '..');
const config = parseJsonc(readFileSync(join(root, 'wrangler.jsonc'), 'utf8'), [], {
  allowTrailingComma: true,
});
for (const { binding } of config.d1_databases ?? []) {
  const r = spawnSync('wrangler', ['d1', 'migrations', 'apply', binding, '--local'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
