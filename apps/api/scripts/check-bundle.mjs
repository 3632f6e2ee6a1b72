// Builds the Worker exactly as a deploy would (`wrangler deploy --dry-run`, no account needed) and fails when its
// compressed size is over the Workers Free plan's limit (3 MB after compression), so a change that would make
// the Worker undeployable on the free plan fails CI. Prints the figures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FREE_PLAN_LIMIT = 3 * 1024 * 1024;
const root = join(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'golf-bundle-'));
// The assets folder must exist for the build; `pnpm start` and CI build the web into it first.
mkdirSync(join(root, '..', 'web', 'build'), { recursive: true });
try {
  const build = spawnSync(
    join(root, 'node_modules', '.bin', 'wrangler'),
    ['deploy', '--dry-run', '--outdir', out],
    {
      cwd: root,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    throw new Error('wrangler deploy --dry-run failed');
  }
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(out).filter(
    (f) => f.endsWith('.js') || f.endsWith('.mjs') || f.endsWith('.wasm'),
  )) {
    const bytes = readFileSync(join(out, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `worker bundle: ${kib(raw)}, ${kib(gzip)} gzipped; the free plan allows ${kib(FREE_PLAN_LIMIT)} compressed`,
  );
  if (gzip > FREE_PLAN_LIMIT) {
    console.error('the Worker is over the free plan size limit');
    process.exitCode = 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
