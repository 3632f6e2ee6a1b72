/**
 * `pnpm --filter @golf/api bench:close [-- --finishers N --audit stand-in|engine --objects M]`: the close of a day
 * of N finished rounds (default 100,000) on a local Worker (real workerd through wrangler's dev server, a local D1,
 * the local R2 bucket and the local audit queue, whose consumer is the Worker itself). Figures, not assertions.
 *
 * Yesterday's rounds are written straight into D1 while the Worker runs, as the attempt objects write them: honest
 * rounds played here on the day's real deals (first fit, last fit or random moves, never a look at the stock),
 * with their draw and hole times. Then the cron's job closes the day, the queue audits it and the archive moves
 * its evidence to R2, and the bench prints one JSON line last:
 * - closeSeconds: from the cron's run that closes the day until its last round is audited and its evidence is in
 *   R2;
 * - maxRowsPerStatement: the most rows one D1 statement read or wrote in that time (D1's own meta.rows_read and
 *   meta.rows_written, counted by bench/work-meter.ts);
 * - d1BytesPerFinisher: the growth of the database (D1's meta.size_after, indexes included) from before the day's
 *   rounds to after its archive, divided by N (the players were written before);
 * - r2Objects, r2BytesPerFinisher: the day's archive objects, and their bytes per finisher;
 * - objectsLeftAfterClear: of M attempt objects of today (half started and drawn in, half only read), those whose
 *   storage is not empty after their final alarm (run at once by `POST /api/dev/attempt-objects/expire`);
 * - auditMode: `stand-in` (default: a fixed-cost audit that flags nothing, so the pipeline is measured, not the
 *   solver) or `engine` (the engine's audit, seconds a round: use a small N).
 *
 * `--days-db on` (default) keeps the day in a day database of its own (`DAY_DATABASES`: the period from the
 * bench's date on, as a deployment a year old has it), the players in `DB`; `off`, everything in `DB`.
 *
 * Wrangler's local queue delivers one batch at a time (its broker waits for each consumer invocation), so locally
 * the day is audited by K = 1 consumer whatever `max_concurrency` says; on Cloudflare that many run at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, utcDate } from '@golf/contract';
import {
  courseDecks,
  dealFromDeck,
  isOver,
  legalMoves,
  makeMove,
  PRESETS,
  replay,
  scoreOf,
  Xoshiro128,
  type Deal,
} from '@golf/engine';
import { encodeTimes } from '../src/adapters/d1/times.ts';
import { courseSeed } from '../src/services/course.ts';
import { freePort, startLocalWorker, wranglerCli, type DevWorker } from './local-server.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const N = Number(arg('finishers') ?? 100_000);
const AUDIT = arg('audit') ?? 'stand-in';
const OBJECTS = Number(arg('objects') ?? 100);
const DAYS_DB = arg('days-db') ?? 'on';
if (
  !Number.isInteger(N) ||
  N < 1 ||
  (AUDIT !== 'stand-in' && AUDIT !== 'engine') ||
  (DAYS_DB !== 'on' && DAYS_DB !== 'off')
)
  throw new Error(
    'usage: bench:close -- [--finishers N] [--audit stand-in|engine] [--objects M] [--days-db on|off]',
  );
const SECRET = 'bench-secret-not-for-production-0123456789';
const rules = PRESETS.classic;
/** Distinct honest rounds played per day; the N finishers cycle through them. */
const POOL = 60;

interface PoolRound {
  readonly total: number;
  readonly strokes: number[];
  readonly logs: string[];
  /** Milliseconds from the attempt's start to its last finish. */
  readonly duration: number;
  /**
   * The round's times as the ledger keeps them (src/adapters/d1/times.ts), around the first event's time, which is
   * the only absolute one: `${before}${start + first}${after}`.
   */
  readonly times: { readonly before: string; readonly first: number; readonly after: string };
}

/** The day's deals, from the secret, as the Worker makes them. */
async function dealsOf(date: string): Promise<Deal[]> {
  const decks = courseDecks(await courseSeed(SECRET, date));
  if (!decks.ok) throw new Error(decks.error.message);
  return decks.value.map((deck) => dealFromDeck(deck, rules));
}

/**
 * Honest rounds: each move the first playable column, the last, or a random legal move (a draw among them), never
 * a look at the stock; a move every 1 to 3 seconds.
 */
function playPool(deals: readonly Deal[], seed: number): PoolRound[] {
  const rng = Xoshiro128.fromSeed(seed);
  return Array.from({ length: POOL }, (_, r) => {
    let clock = 0;
    const logs: string[] = [];
    const strokes: number[] = [];
    const holeOffsets: number[] = [];
    const drawOffsets: number[][] = [];
    for (const deal of deals) {
      let log = '';
      const draws: number[] = [];
      for (;;) {
        const pos = replay(deal, rules, log);
        if (!pos.ok) throw new Error(pos.error.message);
        if (isOver(pos.value)) {
          strokes.push(scoreOf(pos.value).strokes);
          break;
        }
        const moves = legalMoves(pos.value);
        const plays = moves.filter((m) => m.kind === 'play');
        const move =
          r % 3 === 0 && plays.length > 0
            ? plays[0]!
            : r % 3 === 1 && plays.length > 0
              ? plays.at(-1)!
              : moves[rng.below(moves.length)]!;
        clock += 1000 + rng.below(2000);
        if (move.kind === 'draw') draws.push(clock);
        log += makeMove(move);
      }
      logs.push(log);
      drawOffsets.push(draws);
      holeOffsets.push(clock);
    }
    const [, before = '', first = '0', after = ''] = /^(\/?)(\d+)(.*)$/s.exec(
      encodeTimes({ holeTimes: holeOffsets, drawTimes: drawOffsets }),
    )!;
    return {
      total: strokes.reduce((a, b) => a + b, 0),
      strokes,
      logs,
      duration: clock,
      times: { before, first: Number(first), after },
    };
  });
}

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** Player i's id: UUID-shaped (36 characters) and scattered like random ones. */
const ID = `printf('%08x-%04x-4%03x-a%03x-%012x', (i * 2654435761) % 4294967296, (i * 40503) % 65536, i % 4096, (i * 7) % 4096, (i * 1000003) % 281474976710656)`;

/** The N players' ids, in a table of the bench's own (in each database the seed writes to). */
const idsSql = (): string[] => [
  'CREATE TABLE bench_ids (i INTEGER PRIMARY KEY, id TEXT NOT NULL)',
  `INSERT INTO bench_ids (i, id) WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${N - 1}) SELECT i, ${ID} FROM k`,
];

/** N players, once (not part of the day's growth). */
const playersSql = (): string =>
  [
    ...idsSql(),
    `INSERT INTO players (id, name, created_at) SELECT id, 'Player ' || i, 0 FROM bench_ids`,
  ].join(';\n') + ';\n';

/** The SQL that writes N finished rounds of `date` as the attempt objects would (the triggers count them). */
function daySql(date: string, pool: readonly PoolRound[]): string {
  const dayStart = Date.parse(`${date}T00:00:00.000Z`);
  const sql = [
    'CREATE TABLE bench_pool (i INTEGER PRIMARY KEY, total INTEGER, strokes TEXT, logs TEXT, duration INTEGER, before TEXT, first INTEGER, after TEXT)',
    `INSERT INTO bench_pool VALUES ${pool
      .map(
        (p, i) =>
          `(${i}, ${p.total}, ${q(JSON.stringify(p.strokes))}, ${q(JSON.stringify(p.logs))}, ${p.duration}, ${q(p.times.before)}, ${p.times.first}, ${q(p.times.after)})`,
      )
      .join(', ')}`,
    `INSERT INTO attempts (player_id, date) SELECT id, ${q(date)} FROM bench_ids ORDER BY i`,
    // Starts spread over the day, the address hash of each player.
    `INSERT INTO round_evidence (date, player_id, started_at, ip_hash)
       SELECT ${q(date)}, id, ${dayStart} + (i * 86000000 / ${N}), printf('%016x%016x%016x%016x', i * 31, i * 37, i * 41, i * 43) FROM bench_ids`,
    `UPDATE round_evidence SET logs = p.logs, times = p.before || (round_evidence.started_at + p.first) || p.after
     FROM bench_ids b JOIN bench_pool p ON p.i = b.i % ${pool.length}
     WHERE round_evidence.date = ${q(date)} AND round_evidence.player_id = b.id`,
    `UPDATE attempts SET total = p.total, strokes = p.strokes,
       finished_at = ${dayStart} + (b.i * 86000000 / ${N}) + p.duration
     FROM bench_ids b JOIN bench_pool p ON p.i = b.i % ${pool.length}
     WHERE attempts.date = ${q(date)} AND attempts.player_id = b.id`,
    'DROP TABLE bench_pool',
  ];
  return `${sql.join(';\n')};\n`;
}

/**
 * One request to the local Worker. Wrangler's dev proxy closes a pooled connection after 5 s idle, and a request
 * sent on it just then fails before it reaches the Worker: such a request is sent again (every route used here is
 * safe to repeat).
 */
async function json<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetch(base + path, init);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface DayState {
  audit: { rounds: number; audited: number; finishedAt: number | null; archivedAt: number | null } | null;
  d1Bytes: number;
}
interface Counters {
  maxRowsRead: number;
  maxRowsWritten: number;
  maxRowsSql: string;
  d1Reads: number;
  d1Writes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * M players of today: half start their attempt and draw once, half only read theirs (an attempt never started);
 * then every object's final alarm runs now (`POST /api/dev/attempt-objects/expire`), which counts those whose
 * storage is not empty.
 */
async function objectsLeft(base: string, m: number): Promise<{ objects: number; leftAfterClear: number }> {
  const today = utcDate(new Date());
  const ids: string[] = [];
  for (let i = 0; i < m; i++) {
    const headers = { 'content-type': 'application/json', 'cf-connecting-ip': `10.9.${i >> 8}.${i & 255}` };
    const player = await json<{ id: string; token: string }>(base, '/api/players', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Probe ${i}` }),
    });
    const auth = { ...headers, authorization: `Bearer ${player.token}` };
    if (i % 2 === 0) {
      await json(base, `/api/daily/${today}/attempt`, { method: 'POST', headers: auth });
      await json(base, `/api/daily/${today}/attempt/draw`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ hole: 1, log: 'd' }),
      });
    } else await fetch(`${base}/api/daily/${today}/attempt`, { headers: auth }).then((r) => r.text());
    ids.push(player.id);
  }
  let leftAfterClear = 0;
  for (let i = 0; i < ids.length; i += 300) {
    const r = await json<{ leftAfterClear: number }>(base, '/api/dev/attempt-objects/expire', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: today, playerIds: ids.slice(i, i + 300) }),
    });
    leftAfterClear += r.leftAfterClear;
  }
  return { objects: ids.length, leftAfterClear };
}

const vars = (): Record<string, string> => ({
  DAILY_SECRET: SECRET,
  LOCAL_DEV: '1',
  AUDIT_STAND_IN: AUDIT === 'stand-in' ? '1' : '0',
});

const day = (base: string, date: string) => json<DayState>(base, `/api/dev/days/${date}`);

/** Closes `date` (the cron's run at 00:05 the next day) and waits until it is audited and archived. */
async function close(base: string, date: string): Promise<{ seconds: number; state: DayState }> {
  await json(base, '/api/dev/counters', { method: 'POST' });
  const start = performance.now();
  await json(base, `/api/dev/scheduled?time=${Date.parse(`${addDays(date, 1)}T00:05:00.000Z`)}`, {
    method: 'POST',
  });
  let shown = 0;
  for (;;) {
    const state = await day(base, date);
    const seconds = (performance.now() - start) / 1000;
    if (state.audit?.archivedAt != null) return { seconds, state };
    if (seconds - shown >= 15) {
      shown = seconds;
      console.log(
        `  ${seconds.toFixed(0)} s: ${state.audit?.audited ?? 0} of ${state.audit?.rounds ?? '?'} rounds audited` +
          (state.audit?.finishedAt == null ? '' : ', archiving'),
      );
    }
    if (seconds > 6 * 3600) throw new Error('the day did not close in 6 hours');
    await sleep(500);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'golf-bench-close-'));
  const date = addDays(utcDate(new Date()), -1);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: DevWorker | undefined;
  try {
    const t0 = performance.now();
    console.log(
      `close bench: ${N.toLocaleString('en')} finishers on ${date}, audit ${AUDIT}, 1 local consumer, ` +
        (DAYS_DB === 'on' ? 'the day in a day database' : 'everything in DB'),
    );
    const pool = playPool(await dealsOf(date), Date.parse(date));
    writeFileSync(join(work, 'players.sql'), playersSql());
    writeFileSync(join(work, 'ids.sql'), `${idsSql().join(';\n')};\n`);
    writeFileSync(join(work, 'day.sql'), daySql(date, pool));
    const dayDb = DAYS_DB === 'on' ? 'DAYS' : 'DB';
    server = await startLocalWorker(
      port,
      work,
      vars(),
      () => {
        wranglerCli(work, ['d1', 'execute', 'DB', '--file', join(work, 'players.sql')]);
        if (dayDb !== 'DB') wranglerCli(work, ['d1', 'execute', dayDb, '--file', join(work, 'ids.sql')]);
      },
      DAYS_DB === 'on' ? [{ from: date, binding: 'DAYS' }] : [],
    );
    const empty = (await day(base, date)).d1Bytes;
    // The day's rounds, written while the Worker runs (as the attempt objects write them during the day).
    wranglerCli(work, ['d1', 'execute', dayDb, '--file', join(work, 'day.sql')]);
    const seeded = (await day(base, date)).d1Bytes;
    console.log(
      `${N.toLocaleString('en')} finished rounds (${POOL} distinct honest rounds, mean total ${(
        pool.reduce((n, p) => n + p.total, 0) / POOL
      ).toFixed(
        1,
      )}) seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; D1 ${mb(empty)} before them, ${mb(seeded)} with them`,
    );
    const { seconds, state } = await close(base, date);
    const counters = await json<Counters>(base, '/api/dev/counters');
    const archive = await json<{ objects: number; bytes: number }>(base, '/api/dev/archive');
    console.log(
      `closed in ${seconds.toFixed(1)} s: ${state.audit!.audited} rounds audited, ${archive.objects} archive objects ` +
        `(${mb(archive.bytes)}); D1 ${mb(state.d1Bytes)} after the archive; most rows one statement read ` +
        `${counters.maxRowsRead}, wrote ${counters.maxRowsWritten} (${counters.maxRowsSql.slice(0, 100)}…)`,
    );
    const probe = await objectsLeft(base, OBJECTS);
    console.log(
      `attempt objects: ${probe.leftAfterClear} of ${probe.objects} still hold storage after their final alarm or a read`,
    );
    console.log(
      JSON.stringify({
        finishers: N,
        auditedRounds: state.audit!.audited,
        closeSeconds: Number(seconds.toFixed(1)),
        maxRowsPerStatement: Math.max(counters.maxRowsRead, counters.maxRowsWritten),
        d1BytesPerFinisher: Math.round((state.d1Bytes - empty) / N),
        r2Objects: archive.objects,
        r2BytesPerFinisher: Math.round(archive.bytes / N),
        objectsLeftAfterClear: probe.leftAfterClear,
        auditMode: AUDIT,
      }),
    );
  } finally {
    await server?.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
