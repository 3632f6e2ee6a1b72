/**
 * `pnpm bench:api`: starts the local server (wrangler dev on a free loopback port, migrations applied to a fresh
 * temporary D1), plays N simulated players (default 100; `--players N`) through whole attempts at once, prints
 * requests per second and p50/p99 latency per route, checks that every finisher is ranked exactly once with the
 * right total, and stops the server. Players see only what the API shows them (the layouts and their draws).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCard, PRESETS, rankFits, rankOf } from '@golf/engine';
import { unstable_startWorker } from 'wrangler';
import type {
  AttemptView,
  CourseView,
  DrawView,
  HoleResultView,
  NewPlayer,
  StandingsView,
} from '../src/index.ts';

const root = join(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const PLAYERS = Number(arg('players') ?? process.env.BENCH_PLAYERS ?? 100);
const SECRET = 'bench-secret-not-for-production-0123456789';
const COMPATIBILITY_DATE = /"compatibility_date":\s*"([\d-]+)"/.exec(
  readFileSync(join(root, 'wrangler.jsonc'), 'utf8'),
)?.[1];
// Nothing reaches the internet: no Cloudflare request metadata, no metrics (for the CLI and the in-process server).
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
const env = { ...process.env };

function freePort(): Promise<number> {
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
async function startServer(port: number, work: string): Promise<DevWorker> {
  const persist = join(work, 'state');
  const assets = join(work, 'assets');
  mkdirSync(assets, { recursive: true });
  const config = join(work, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'golf-daily-bench',
      main: join(root, 'src', 'index.ts'),
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
      vars: { DAILY_SECRET: SECRET },
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

type DevWorker = Awaited<ReturnType<typeof unstable_startWorker>>;

const latencies = new Map<string, number[]>();
let requests = 0;
let proxyRetries = 0;
/** The app's own time per request (its Server-Timing header), without the client, the network and the dev proxy. */
const appTimes = new Map<string, number[]>();

async function call<T>(
  base: string,
  route: string,
  method: string,
  path: string,
  init: { token?: string; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.ip) headers['cf-connecting-ip'] = init.ip;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  let res: Response;
  let text: string;
  for (let attempt = 0; ; attempt++) {
    res = await fetch(base + path, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    text = await res.text();
    // wrangler dev's local proxy sometimes loses its connection to the worker under heavy concurrency and answers
    // this 503 without reaching it. The protocol makes every request safe to retry, so the client retries.
    if (res.status !== 503 || !text.includes('restarted mid-request') || attempt >= 5) break;
    proxyRetries++;
    await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
  }
  const ms = performance.now() - t0;
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${path}: ${res.status} answered non-JSON: ${text.slice(0, 300)}`);
  }
  requests++;
  const list = latencies.get(route) ?? [];
  list.push(ms);
  latencies.set(route, list);
  const app = Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  const appList = appTimes.get(route) ?? [];
  if (Number.isFinite(app)) appList.push(app);
  appTimes.set(route, appList);
  if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return { status: res.status, body };
}

function expectOk<T>(r: { status: number; body: T }, what: string): T {
  if (r.status < 200 || r.status > 299) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const card = (text: string): number => {
  const c = parseCard(text);
  if (!c.ok) throw new Error(text);
  return c.value;
};

/** One player's whole attempt: play the first column that fits, else draw, until each hole is over. */
async function playOne(base: string, date: string, i: number): Promise<{ id: string; total: number }> {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const player = expectOk(
    await call<NewPlayer>(base, 'POST /players', 'POST', '/api/players', {
      body: { name: `Bench ${i}` },
      ip,
    }),
    'player',
  );
  const token = player.token;
  const course = expectOk(await call<CourseView>(base, 'GET /daily', 'GET', '/api/daily'), 'course');
  expectOk(
    await call<AttemptView>(base, 'POST attempt', 'POST', `/api/daily/${date}/attempt`, { token, ip }),
    'start',
  );
  let total = 0;
  for (const layout of course.holes) {
    const columns = layout.columns.map((col) => col.map(card));
    let top = card(layout.waste);
    let stockLeft = layout.stockSize;
    let log = '';
    for (let step = 0; step < 60 && columns.some((c) => c.length > 0); step++) {
      const c = columns.findIndex(
        (col) => col.length > 0 && rankFits(PRESETS.classic, rankOf(top), rankOf(col[col.length - 1]!)),
      );
      if (c >= 0) {
        top = columns[c]!.pop()!;
        log += String(c + 1);
      } else if (stockLeft > 0) {
        const d = expectOk(
          await call<DrawView>(base, 'POST draw', 'POST', `/api/daily/${date}/attempt/draw`, {
            token,
            body: { hole: layout.hole, log: `${log}d` },
          }),
          'draw',
        );
        log += 'd';
        top = card(d.card);
        stockLeft = d.stockLeft;
      } else break;
    }
    const r = expectOk(
      await call<HoleResultView>(
        base,
        'POST hole',
        'POST',
        `/api/daily/${date}/attempt/holes/${layout.hole}`,
        { token, body: { log } },
      ),
      `hole ${layout.hole}`,
    );
    total = r.total;
  }
  expectOk(
    await call<StandingsView>(base, 'GET standings', 'GET', `/api/daily/${date}/standings?limit=10`, {
      token,
    }),
    'standings',
  );
  return { id: player.id, total };
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  // `--url http://127.0.0.1:8787` plays against a server that is already running (e.g. `pnpm start`) instead.
  const external = arg('url');
  const work = mkdtempSync(join(tmpdir(), 'golf-bench-'));
  const base = external ?? `http://127.0.0.1:${await freePort()}`;
  const t0 = performance.now();
  let server: DevWorker | undefined;
  let failed = false;
  try {
    if (external === undefined) server = await startServer(Number(new URL(base).port), work);
    console.log(`server ready on ${base} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const c0 = performance.now();
    const course = expectOk(await call<CourseView>(base, 'course creation', 'GET', '/api/daily'), 'course');
    console.log(
      `course ${course.date} created (seed, deals, perfect play) in ${(performance.now() - c0).toFixed(0)} ms`,
    );
    latencies.clear();
    appTimes.clear();
    requests = 0;

    const start = performance.now();
    const results = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) => playOne(base, course.date, i + 1)),
    );
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `\n${PLAYERS} players, ${requests} requests in ${seconds.toFixed(2)} s: ${(requests / seconds).toFixed(0)} requests/s`,
    );
    console.log(`requests retried after a 503 from wrangler dev's proxy: ${proxyRetries}`);
    console.log('route             count   p50 ms   p99 ms   (in the app: p50 ms  p99 ms)');
    const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(8);
    for (const [route, list] of [...latencies].sort()) {
      const sorted = list.slice().sort((a, b) => a - b);
      const app = (appTimes.get(route) ?? []).slice().sort((a, b) => a - b);
      const appP = (p: number) => (app.length > 0 ? percentile(app, p) : NaN);
      console.log(
        `${route.padEnd(16)} ${String(sorted.length).padStart(6)} ${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 99))}             ${fmt(appP(50))} ${fmt(appP(99))}`,
      );
    }

    // Every finisher is ranked exactly once, with the total the server answered at hole 9.
    const entries: StandingsView['entries'] = [];
    let board: StandingsView | undefined;
    for (let offset = 0; offset < 1_000_000; offset += 100) {
      board = expectOk(
        await call<StandingsView>(
          base,
          'GET standings',
          'GET',
          `/api/daily/${course.date}/standings?limit=100&offset=${offset}`,
        ),
        'standings',
      );
      entries.push(...board.entries);
      if (board.entries.length < 100) break;
    }
    const count = new Map<string, number>();
    for (const e of entries) count.set(e.playerId, (count.get(e.playerId) ?? 0) + 1);
    // Against a fresh database the standings hold exactly these players; a running server may hold others too.
    const fresh = external === undefined;
    const once = (!fresh || entries.length === PLAYERS) && results.every((r) => count.get(r.id) === 1);
    const wrong = results.filter((r) => entries.find((e) => e.playerId === r.id)?.total !== r.total);
    const ranksOk = entries.every((e) => e.rank === 1 + entries.filter((o) => o.total < e.total).length);
    const counts = !fresh || (board?.players === PLAYERS && board.playing === 0);
    const ok = once && wrong.length === 0 && ranksOk && counts;
    console.log(
      `\nstandings: ${board?.players} finishers, ${board?.playing} playing; every finisher ranked exactly once: ${once}; ` +
        `right totals: ${wrong.length === 0}; ranks 1 + lower totals: ${ranksOk}`,
    );
    failed = !ok;
  } finally {
    await server?.dispose();
    rmSync(work, { recursive: true, force: true });
  }
  if (failed) {
    console.log('FAILED');
    process.exitCode = 1;
  }
}

await main();
