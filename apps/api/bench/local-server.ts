/**
 * The benches' local server: wrangler's dev server started through its API (no devtools inspector, which records
 * every D1 call; no file watching, so edits elsewhere cannot restart it mid-run) on a fresh temporary state, with
 * the bindings of wrangler.jsonc (D1, the attempt objects, the audit queue and its consumer, the archive bucket)
 * and the migrations applied with the CLI. Everything stays on the loopback interface; no account is needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { unstable_startWorker } from 'wrangler';

export const root = join(import.meta.dirname, '..');
export const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
// Nothing reaches the internet: no Cloudflare request metadata, no metrics (for the CLI and the in-process server).
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
// Wrangler logs every queue delivery at the info level: a line per batch.
process.env.WRANGLER_LOG ??= 'warn';
export const benchEnv = { ...process.env };

export type DevWorker = Awaited<ReturnType<typeof unstable_startWorker>>;

/** wrangler.jsonc as data. */
export const wranglerConfig = (): Record<string, unknown> =>
  parse(readFileSync(join(root, 'wrangler.jsonc'), 'utf8')) as Record<string, unknown>;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs wrangler's CLI on the bench's config and state; throws with its output when it fails. */
export function wranglerCli(work: string, args: readonly string[]): string {
  const r = spawnSync(
    wrangler,
    [...args, '--local', '-c', join(work, 'wrangler.json'), '--persist-to', join(work, 'state')],
    {
      cwd: work,
      // The CLI prints its results through the same logger: at its own level here.
      env: { ...benchEnv, WRANGLER_LOG: 'log' },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  if (r.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * Starts the Worker on `port` with state under `work`: `vars` are its variables, `seed` runs against the migrated
 * databases before the server starts; `days` are day databases after `DB` (docs/scale.md), each its own local D1
 * with `migrations-days/`, and the Worker's `DAY_DATABASES`.
 */
export async function startLocalWorker(
  port: number,
  work: string,
  vars: Record<string, string>,
  seed?: () => void,
  days: readonly { readonly from: string; readonly binding: string }[] = [],
): Promise<DevWorker> {
  const assets = join(work, 'assets');
  mkdirSync(assets, { recursive: true });
  const base = wranglerConfig();
  const config = join(work, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({
      ...base,
      $schema: undefined,
      name: 'golf-daily-bench',
      // The product's Worker with the work behind each request counted (bench/metered-worker.ts).
      main: join(root, 'bench', 'metered-worker.ts'),
      triggers: undefined,
      assets: {
        directory: assets,
        not_found_handling: 'single-page-application',
        run_worker_first: ['/api/*'],
      },
      d1_databases: [
        {
          binding: 'DB',
          database_name: 'golf-daily',
          database_id: 'bench',
          migrations_dir: join(root, 'migrations'),
        },
        ...days.map(({ binding }) => ({
          binding,
          database_name: `golf-daily-${binding.toLowerCase()}`,
          database_id: `bench-${binding.toLowerCase()}`,
          migrations_dir: join(root, 'migrations-days'),
        })),
      ],
      vars: days.length === 0 ? vars : { ...vars, DAY_DATABASES: JSON.stringify(days) },
    }),
  );
  for (const binding of ['DB', ...days.map((d) => d.binding)])
    wranglerCli(work, ['d1', 'migrations', 'apply', binding]);
  seed?.();
  const worker = await unstable_startWorker({
    config,
    dev: {
      inspector: false,
      watch: false,
      persist: join(work, 'state'),
      logLevel: (process.env.BENCH_LOG ?? 'warn') as 'warn',
      server: { hostname: '127.0.0.1', port },
    },
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the server did not start in 120 s')), 120_000).unref(),
  );
  await Promise.race([worker.ready, timeout]);
  return worker;
}
