/**
 * The benches' local server: wrangler dev on a loopback port, through its API, on a fresh local D1 in a work
 * folder, with the migrations applied. Nothing reaches the internet.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { unstable_startWorker } from 'wrangler';

const root = join(import.meta.dirname, '..');
export const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
const SECRET = 'bench-secret-not-for-production-0123456789';
const COMPATIBILITY_DATE = /"compatibility_date":\s*"([\d-]+)"/.exec(
  readFileSync(join(root, 'wrangler.jsonc'), 'utf8'),
)?.[1];
// Nothing reaches the internet: no Cloudflare request metadata, no metrics (for the CLI and the in-process server).
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
export const env = { ...process.env };

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

/**
 * Wrangler's dev server, started through its API so it can run without the devtools inspector (which records
 * every D1 call) and without watching files (edits elsewhere in the repository cannot restart it mid-run).
 * Migrations are applied with the CLI to the same fresh local database.
 */
export async function startServer(
  port: number,
  work: string,
  seed?: (config: string, persist: string) => void,
): Promise<DevWorker> {
  const persist = join(work, 'state');
  const assets = join(work, 'assets');
  mkdirSync(assets, { recursive: true });
  const config = join(work, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'golf-daily-bench',
      main: join(root, 'src', 'worker.ts'),
      compatibility_date: COMPATIBILITY_DATE,
      send_metrics: false,
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
      ],
      durable_objects: { bindings: [{ name: 'ATTEMPTS', class_name: 'AttemptObject' }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['AttemptObject'] }],
      vars: { DAILY_SECRET: SECRET, SERVER_TIMING: '1' },
    }),
  );
  const migrate = spawnSync(
    wrangler,
    ['d1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', persist],
    {
      cwd: work,
      env,
      encoding: 'utf8',
    },
  );
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  seed?.(config, persist);
  const worker = await unstable_startWorker({
    config,
    dev: {
      inspector: false,
      watch: false,
      persist,
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

export type DevWorker = Awaited<ReturnType<typeof unstable_startWorker>>;
