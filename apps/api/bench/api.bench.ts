/**
 * `pnpm bench:api`: starts the local server (wrangler dev on a free loopback port, migrations applied to a fresh
 * temporary D1, the attempt objects on local SQLite) and plays simulated players through whole attempts: first
 * 100 at once, then 1,000 with at most 250 at once (`--players N` and `--concurrency C` run one round of your
 * own). For each round it prints requests per second, p50/p99 latency per route end to end and inside the app
 * (its Server-Timing, which only the bench turns on), D1 statements and attempt-object calls per player-day, and
 * checks that every finisher is ranked exactly once with the right total. It then times each route's CPU in
 * process (the same app and SQL on SQLite in memory) and stops the server. Players see only what the API shows them.
 * Everything stays on the loopback interface and every loop is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCard, PRESETS, rankFits, rankOf } from '@golf/engine';
import { freePort, startLocalWorker, wranglerCli, type DevWorker } from './local-server.ts';
import type {
  AttemptView,
  CourseView,
  DrawView,
  HoleResultView,
  NewPlayer,
  StandingsView,
} from '../src/index.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS: { players: number; concurrency: number }[] =
  arg('players') === undefined
    ? [
        { players: 100, concurrency: 100 },
        { players: 1000, concurrency: 250 },
      ]
    : [{ players: Number(arg('players')), concurrency: Number(arg('concurrency') ?? arg('players')) }];
const SECRET = 'bench-secret-not-for-production-0123456789';

/** The local Worker of this bench: SERVER_TIMING=1 for the app's own times and the counters route. */
const startServer = (port: number, work: string, seed?: () => void): Promise<DevWorker> =>
  startLocalWorker(port, work, { DAILY_SECRET: SECRET, SERVER_TIMING: '1' }, seed);

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
    // wrangler dev's local proxy sometimes loses its connection to the worker under heavy concurrency: it answers
    // a 503 without reaching it, or closes the socket. The protocol makes every request safe to retry (a draw or a
    // finish sent twice is an exact retry), so the client retries, at most 5 times.
    try {
      res = await fetch(base + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      text = await res.text();
    } catch (e) {
      if (attempt >= 5) throw e;
      proxyRetries++;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      continue;
    }
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

const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** A new player (once per player, not per day). */
async function createOne(base: string, i: number): Promise<NewPlayer> {
  return expectOk(
    await call<NewPlayer>(base, 'POST /players', 'POST', '/api/players', {
      body: { name: `Bench ${i}` },
      ip: ipOf(i),
    }),
    'player',
  );
}

/** One player's whole attempt: play the first column that fits, else draw, until each hole is over. */
async function playOne(
  base: string,
  date: string,
  i: number,
  player: NewPlayer,
): Promise<{ id: string; total: number }> {
  const ip = ipOf(i);
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

interface Counters {
  d1Reads: number;
  d1Writes: number;
  objectCalls: number;
}

/**
 * The local server's counts (bench/metered-worker.ts); null from a server that does not count (the product's own,
 * such as `pnpm start` behind `--url`).
 */
async function readCounters(base: string): Promise<Counters | null> {
  const res = await fetch(`${base}/api/dev/counters`);
  if (res.ok) return (await res.json()) as Counters;
  await res.body?.cancel();
  return null;
}

/** Runs `work` for 1..n with at most `limit` running at once. */
async function pool<T>(n: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) out[i] = await work(i + 1);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
  return out;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(8);

function printRoutes(): void {
  console.log('route             count   p50 ms   p99 ms   (in the app: p50 ms  p99 ms)');
  for (const [route, list] of [...latencies].sort()) {
    const sorted = list.slice().sort((a, b) => a - b);
    const app = (appTimes.get(route) ?? []).slice().sort((a, b) => a - b);
    const appP = (p: number) => (app.length > 0 ? percentile(app, p) : NaN);
    console.log(
      `${route.padEnd(16)} ${String(sorted.length).padStart(6)} ${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 99))}             ${fmt(appP(50))} ${fmt(appP(99))}`,
    );
  }
}

/** One round: `players` new players play the whole course, `concurrency` at a time; the standings are checked. */
async function round(
  base: string,
  date: string,
  first: number,
  players: number,
  concurrency: number,
  fresh: boolean,
) {
  latencies.clear();
  appTimes.clear();
  requests = 0;
  const created = await readCounters(base);
  const made = await pool(players, concurrency, (i) => createOne(base, first + i));
  const before = await readCounters(base);
  const creation = before && created && (before.d1Writes - created.d1Writes) / players;
  latencies.delete('POST /players');
  appTimes.delete('POST /players');
  requests = 0;
  const start = performance.now();
  const results = await pool(players, concurrency, (i) => playOne(base, date, first + i, made[i - 1]!));
  const seconds = (performance.now() - start) / 1000;
  const after = await readCounters(base);
  console.log(
    `\n${players} players (${concurrency} at once), ${requests} requests in ${seconds.toFixed(2)} s: ${(requests / seconds).toFixed(0)} requests/s`,
  );
  console.log(`requests retried after a 503 or a closed socket from wrangler dev's proxy: ${proxyRetries}`);
  printRoutes();
  const per = (n: number) => (n / players).toFixed(2);
  if (after === null || before === null || creation === null)
    console.log(
      `per player-day: requests ${per(requests)}; D1 statements and attempt-object calls not counted (this server ` +
        `does not answer /api/dev/counters: the bench's own local server does)`,
    );
  else
    console.log(
      `per player-day: D1 statements ${per(after.d1Reads + after.d1Writes - before.d1Reads - before.d1Writes)} ` +
        `(writes ${per(after.d1Writes - before.d1Writes)}, reads ${per(after.d1Reads - before.d1Reads)}), ` +
        `attempt-object calls ${per(after.objectCalls - before.objectCalls)}, requests ${per(requests)}; ` +
        `creating a player (once, not per day): ${creation.toFixed(2)} D1 writes`,
    );

  // Every finisher is ranked exactly once, with the total the server answered at hole 9.
  const entries: StandingsView['entries'] = [];
  let board: StandingsView | undefined;
  for (let offset = 0; offset < 1_000_000; offset += 100) {
    board = expectOk(
      await call<StandingsView>(
        base,
        'GET standings',
        'GET',
        `/api/daily/${date}/standings?limit=100&offset=${offset}`,
      ),
      'standings',
    );
    entries.push(...board.entries);
    if (board.entries.length < 100) break;
  }
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.playerId, (count.get(e.playerId) ?? 0) + 1);
  const once = (!fresh || entries.length === first + players) && results.every((r) => count.get(r.id) === 1);
  const wrong = results.filter((r) => entries.find((e) => e.playerId === r.id)?.total !== r.total);
  const ranksOk = entries.every((e) => e.rank === 1 + entries.filter((o) => o.total < e.total).length);
  const counts = !fresh || (board?.players === first + players && board.playing === 0);
  console.log(
    `standings: ${board?.players} finishers, ${board?.playing} playing; every finisher ranked exactly once: ${once}; ` +
      `right totals: ${wrong.length === 0}; ranks 1 + lower totals: ${ranksOk}`,
  );
  return once && wrong.length === 0 && ranksOk && counts;
}

/**
 * CPU per request: the same app and SQL on SQLite in memory in this process (attempt sessions too), players one
 * at a time so each request's CPU time is its own. Workers clocks do not advance during computation, so this is
 * measured here rather than in workerd.
 */
async function cpuPerRoute(players: number): Promise<void> {
  const { memoryApp } = await import('../src/testing.ts');
  const { fetch: appFetch } = memoryApp({ perfect: () => ({ strokes: 0, log: '', exact: false }) });
  const cpu = new Map<string, number[]>();
  const original = globalThis.fetch;
  // playOne calls the global fetch: point it at the in-process app and time each call's CPU.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const t0 = process.cpuUsage();
    const res = await appFetch(url.toString(), init);
    const body = await res.text();
    const used = process.cpuUsage(t0);
    const ms = (used.user + used.system) / 1000;
    const route = `${init?.method ?? 'GET'} ${url.pathname
      .replace(/\/\d{4}-\d{2}-\d{2}/, '/{date}')
      .replace(/\/[0-9a-f-]{36}/, '/{id}')
      .replace(/holes\/\d/, 'holes/{n}')}`;
    cpu.set(route, [...(cpu.get(route) ?? []), ms]);
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  try {
    const date = new Date().toISOString().slice(0, 10);
    for (let i = 1; i <= players; i++)
      await playOne('http://bench.invalid', date, i, await createOne('http://bench.invalid', i));
  } finally {
    globalThis.fetch = original;
  }
  console.log(`\nCPU per request in process (${players} players one at a time; ms): route, p50, p99, max`);
  for (const [route, list] of [...cpu].sort()) {
    const sorted = list.slice().sort((a, b) => a - b);
    console.log(
      `${route.padEnd(48)} ${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 99))} ${fmt(sorted.at(-1)!)}`,
    );
  }
}

/**
 * Standings at scale: a closed, audited day with `n` ranked finishers written straight into a fresh local D1 (the
 * triggers keep the day's counters, as real finishes do), then pages from the top, the middle and the end, 21
 * page sizes each. The pages of one offset are cut from the same blocks, so the first read of each offset reads D1
 * (it is left out, with the isolate's warm-up) and the others are the path most readers take: the blocks from the
 * edge cache, and a final day's names from their own key, kept a minute (services/standings.ts). Reports the time
 * in the app.
 */
async function standingsAtScale(n: number): Promise<boolean> {
  const work = mkdtempSync(join(tmpdir(), 'golf-bench-standings-'));
  const base = `http://127.0.0.1:${await freePort()}`;
  const date = '2026-03-01';
  let server: DevWorker | undefined;
  try {
    const t0 = performance.now();
    server = await startServer(Number(new URL(base).port), work, () => {
      const series = `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${n})`;
      // Totals spread like real rounds (about 10 to 130), finish times all different.
      const total = `(((i * 7919) % 97) + ((i * 104729) % 37) - 5)`;
      const sql = [
        `INSERT INTO players (id, name, created_at) ${series} SELECT 'p' || i, 'Player ' || i, 0 FROM k`,
        `INSERT INTO attempts (date, player_id) ${series} SELECT '${date}', 'p' || i FROM k`,
        `UPDATE attempts SET total = ${total.replaceAll('i', 'CAST(substr(player_id, 2) AS INTEGER)')}, strokes = '[1,2,3,4,5,6,7,8,9]', finished_at = CAST(substr(player_id, 2) AS INTEGER) * 1000 WHERE date = '${date}'`,
        // The synthetic rounds have no logs to audit: the day's audit is recorded as done (the state a closed day
        // is in for the rest of its life), so no request starts one.
        `INSERT INTO day_audits (date, rounds, audited, flagged, started_at, finished_at) VALUES ('${date}', ${n}, ${n}, 0, 0, 0)`,
      ];
      for (const statement of sql) wranglerCli(work, ['d1', 'execute', 'DB', '--command', statement]);
    });
    console.log(
      `\nstandings at scale: ${n.toLocaleString('en')} finishers seeded and server ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    latencies.clear();
    appTimes.clear();
    const pages: [string, number][] = [
      ['top', 0],
      ['middle', Math.floor(n / 2)],
      ['end', Math.max(0, n - 50)],
    ];
    let ok = true;
    console.log('page      reads   p50 ms   p99 ms   (in the app: p50 ms  p99 ms)');
    for (const [label, offset] of pages) {
      for (let k = 0; k < 21; k++) {
        // A different page size each time, cut from the same blocks.
        const limit = 30 + k;
        const r = expectOk(
          await call<StandingsView>(
            base,
            label,
            'GET',
            `/api/daily/${date}/standings?limit=${limit}&offset=${offset}`,
          ),
          'standings',
        );
        if (r.players !== n) ok = false;
        if (offset === 0 && r.entries[0]?.rank !== 1) ok = false;
      }
      const all = latencies
        .get(label)!
        .slice(1)
        .sort((a, b) => a - b); // the first read warms the isolate
      const app = appTimes
        .get(label)!
        .slice(1)
        .sort((a, b) => a - b);
      console.log(
        `${label.padEnd(8)} ${String(all.length).padStart(6)} ${fmt(percentile(all, 50))} ${fmt(percentile(all, 99))}             ${fmt(percentile(app, 50))} ${fmt(percentile(app, 99))}`,
      );
    }
    console.log(`target: a page in at most 20 ms in the app; counts right: ${ok}`);
    return ok;
  } finally {
    await server?.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}

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
    const creation = latencies.get('course creation')?.[0] ?? NaN;
    const creationApp = appTimes.get('course creation')?.[0] ?? NaN;
    console.log(
      `course ${course.date} created on the first request (seed and deals; perfect play follows after the response) ` +
        `in ${(performance.now() - c0).toFixed(0)} ms end to end, ${creationApp.toFixed(1)} ms in the app (${creation.toFixed(0)} ms measured)`,
    );
    let first = 0;
    for (const r of ROUNDS) {
      if (!(await round(base, course.date, first, r.players, r.concurrency, external === undefined)))
        failed = true;
      first += r.players;
    }
  } finally {
    await server?.dispose();
    rmSync(work, { recursive: true, force: true });
  }
  if (arg('cpu') !== '0') await cpuPerRoute(Number(arg('cpu') ?? 20));
  const scale = Number(arg('standings') ?? 1_000_000);
  if (scale > 0 && !(await standingsAtScale(scale))) failed = true;
  if (failed) {
    console.log('FAILED');
    process.exitCode = 1;
  }
}

await main();
