import { parseCard, PRESETS, rankFits, rankOf, solve, type Deal, type Rules } from '@golf/engine';
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { createApp } from '../src/app.ts';
import { memoryQueue, type MemoryQueue } from '../src/adapters/memory-queue.ts';
import { buildDeps, cloudflarePorts, servicesFor, type Ports } from '../src/deps.ts';
import type { Env } from '../src/env.ts';
import { createWorker } from '../src/handlers.ts';
import { SqlAttemptStore } from '../src/attempt-object/sql-store.ts';
import type { AttemptView, CourseView, DrawView, HoleResultView, NewPlayer } from '../src/index.ts';
import type { PerfectResult } from '../src/ports/perfect-play.ts';
import type { Auditor } from '../src/ports/auditor.ts';
import { noCache, type EdgeCache } from '../src/ports/edge-cache.ts';
import { checkAnswer } from './contract.ts';

/** A date whose courses the tests create with the quick perfect-play function below. */
export const DAY = '2026-06-15';
export const NOON = `${DAY}T12:00:00.000Z`;

/** A budgeted solver run: the same shape as perfect play, cheap enough to build many courses in tests. */
export const quickPerfect = (deal: Deal, rules: Rules): PerfectResult => {
  const r = solve(deal, rules, { objective: 'strokes', maxNodes: 300 });
  if (!r.ok) throw new Error(r.error.message);
  return { strokes: r.value.strokes, log: r.value.log, exact: r.value.exact };
};

export interface CallOptions {
  readonly body?: unknown;
  readonly raw?: string;
  /** A body sent as these bytes (a `content-type` of application/json unless `headers` says otherwise). */
  readonly bytes?: Uint8Array;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

export interface Reply<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/**
 * A stand-in for the fair-play audit where the audit is not what a test is about (the real one takes about a
 * second a round): it flags a round when one of its holes' logs is in `flaggedLogs`.
 */
export function testAuditor(flaggedLogs: ReadonlySet<string> = new Set()): Auditor {
  return {
    // Each hole says how many holes came before it; earlier holes without that (another version's) are refused.
    hole: (_deal, _rules, log, before) =>
      before.every((h) => typeof (h as { after?: unknown }).after === 'number')
        ? {
            log,
            after: before.length,
            telling: flaggedLogs.has(log) ? [{ at: 0, move: log[0] ?? 'd', why: 'test' }] : [],
          }
        : null,
    verdict: (holes) => {
      const flagged = (holes as { log: string }[]).some((h) => flaggedLogs.has(h.log));
      return { flagged, pValue: flagged ? 1e-6 : 1, telling: flagged ? 1 : 0, decisions: holes.length };
    },
  };
}

type Requester = { request: ReturnType<typeof createApp>['request'] };

const CHECKED = Symbol('checked against the document');

/**
 * The app with its `request` checking every answer against the OpenAPI document (test/contract.ts): every call a
 * test makes through {@link callerOf} or a {@link testClient}'s `app` goes through here.
 */
export function checked<A extends Requester>(app: A): A {
  if ((app as { [CHECKED]?: true })[CHECKED]) return app;
  const request: Requester['request'] = async (input, init, ...rest) => {
    const res = await app.request(input, init, ...rest);
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    await checkAnswer(method, path, res);
    return res;
  };
  return new Proxy(app, {
    get: (target, key, receiver) =>
      key === 'request' ? request : key === CHECKED ? true : Reflect.get(target, key, receiver),
  });
}

/** How the tests call an app with some bindings: a method, a path, a token, a JSON, raw or byte body. */
export function callerOf(unchecked: Requester, bindings: object) {
  const app = checked(unchecked);
  return async function call<T = unknown>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array | undefined = options.raw ?? options.bytes;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) headers['content-type'] ??= 'application/json';
    return replyOf<T>(await app.request(path, { method, headers, body }, bindings));
  };
}

/**
 * An app on a clock the test moves, called in-process with the test D1, R2 and attempt objects. The audit queue
 * is the memory build's (src/adapters/memory-queue.ts) delivering to this Worker's own consumer, so the local
 * `/api/dev/scheduled` answers once the audit it started is done; `ports` may change what the Worker uses (a test
 * that breaks the ledger on purpose).
 */
export function testClient(
  at: string = NOON,
  cache: EdgeCache = noCache,
  auditor: Auditor = testAuditor(),
  ports: (ports: Ports) => Ports = (p) => p,
  /** The bindings the ports are built on (a test that counts D1's work wraps them: bench/work-meter.ts). */
  bindings: (env: Env) => Env = (e) => e,
) {
  let now = new Date(at);
  const queue: MemoryQueue = memoryQueue((messages) =>
    worker.queue({ messages }, env, { waitUntil: () => undefined }),
  );
  const options = {
    now: () => now,
    perfect: quickPerfect,
    cache: () => cache,
    auditor,
    ports: (e: Env) => ports({ ...cloudflarePorts(bindings(e)), queue }),
  };
  const worker = createWorker(options);
  const app = checked(worker.app);
  const call = callerOf(app, env);
  return {
    app,
    worker,
    queue,
    call,
    setNow(next: string) {
      now = new Date(next);
    },
    now: () => now,
    /** The services as this client's Worker builds them, at its clock's time. */
    services: () => servicesFor(env, buildDeps(options), () => undefined),
    /** A new player with its own client address (so the creation limit never interferes between tests). */
    async player(name = 'Tester'): Promise<NewPlayer> {
      const r = await call<NewPlayer>('POST', '/api/players', {
        body: { name },
        headers: { 'cf-connecting-ip': `10.${rand()}.${rand()}.${rand()}` },
      });
      if (r.status !== 201) throw new Error(`player: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
  };
}

const rand = (): number => Math.floor(Math.random() * 256);

export type Client = ReturnType<typeof testClient>;

const card = (text: string): number => {
  const c = parseCard(text);
  if (!c.ok) throw new Error(text);
  return c.value;
};

/**
 * Plays one hole through the API, seeing only what a player sees: the public layout and the cards drawn.
 * Strategy: play the first (or last) column that fits, else draw, until the hole is over. Returns the final log.
 */
export async function playHole(
  client: Client,
  date: string,
  token: string,
  course: CourseView,
  hole: number,
  pick: 'first' | 'last' = 'first',
): Promise<{ log: string; result: HoleResultView; draws: DrawView[] }> {
  const rules = PRESETS.classic;
  const layout = course.holes[hole - 1]!;
  const columns = layout.columns.map((col) => col.map(card));
  let top = card(layout.waste);
  let stockLeft = layout.stockSize;
  let log = '';
  const draws: DrawView[] = [];
  for (let step = 0; step < 60; step++) {
    const left = columns.reduce((n, col) => n + col.length, 0);
    if (left === 0) break;
    const fits = (col: number[]) =>
      col.length > 0 && rankFits(rules, rankOf(top), rankOf(col[col.length - 1]!));
    const order = pick === 'first' ? [0, 1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1, 0];
    const c = order.find((i) => fits(columns[i]!)) ?? -1;
    if (c >= 0) {
      top = columns[c]!.pop()!;
      log += String(c + 1);
      continue;
    }
    if (stockLeft === 0) break;
    const r = await client.call<DrawView>('POST', `/api/daily/${date}/attempt/draw`, {
      token,
      body: { hole, log: `${log}d` },
    });
    if (r.status !== 200) throw new Error(`draw: ${r.status} ${JSON.stringify(r.body)}`);
    draws.push(r.body);
    log += 'd';
    top = card(r.body.card);
    stockLeft = r.body.stockLeft;
  }
  const r = await client.call<HoleResultView>('POST', `/api/daily/${date}/attempt/holes/${hole}`, {
    token,
    body: { log },
  });
  if (r.status !== 200) throw new Error(`hole ${hole}: ${r.status} ${JSON.stringify(r.body)}`);
  return { log, result: r.body, draws };
}

/** Starts an attempt on `date` and plays all nine holes. */
export async function playCourse(
  client: Client,
  date: string,
  token: string,
  pick: 'first' | 'last' = 'first',
) {
  const course = (await client.call<CourseView>('GET', `/api/daily/${date}`)).body;
  const start = await client.call<AttemptView>('POST', `/api/daily/${date}/attempt`, { token });
  if (start.status !== 200) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
  const holes = [];
  for (let hole = 1; hole <= 9; hole++) holes.push(await playHole(client, date, token, course, hole, pick));
  return { course, holes };
}

/** Columns (1..7) whose exposed card fits the opening waste of a hole, from its public layout. */
export function playableAtStart(course: CourseView, hole: number): number[] {
  const layout = course.holes[hole - 1]!;
  const top = rankOf(card(layout.waste));
  const out: number[] = [];
  layout.columns.forEach((col, i) => {
    if (rankFits(PRESETS.classic, top, rankOf(card(col[col.length - 1]!)))) out.push(i + 1);
  });
  return out;
}

/** A test's own player, started on `date`, with the course. */
export async function started(client: Client, date: string = DAY) {
  const player = await client.player();
  const course = (await client.call<CourseView>('GET', `/api/daily/${date}`)).body;
  const start = await client.call<AttemptView>('POST', `/api/daily/${date}/attempt`, { token: player.token });
  if (start.status !== 200) throw new Error(`start: ${start.status}`);
  return { player, token: player.token, course };
}

export const errorCode = (reply: Reply): string | undefined =>
  (reply.body as { error?: { code?: string } }).error?.code;

let objects = 0;

/**
 * Runs `body` inside a fresh attempt object of its own, with `fresh()` giving the real attempt store on that
 * object's SQLite, emptied first (so a property test can start many attempts on one object).
 */
export function inAttemptStorage<T>(body: (fresh: () => SqlAttemptStore) => T | Promise<T>): Promise<T> {
  const stub = env.ATTEMPTS.getByName(`storage-test/${++objects}`);
  return runInDurableObject(stub, (_object, state) => {
    const fresh = (): SqlAttemptStore => {
      state.storage.sql.exec('DROP TABLE IF EXISTS holes');
      state.storage.sql.exec('DROP TABLE IF EXISTS attempt');
      return new SqlAttemptStore(state.storage.sql, (closure) => state.storage.transactionSync(closure));
    };
    return body(fresh);
  });
}

/** The course seed computed here, independently of the API: HMAC-SHA256(secret, "golf-daily/v1/" + date). */
export async function seedOf(date: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.DAILY_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`golf-daily/v1/${date}`)),
  );
}

/** A response as the tests read it: the status, the body parsed as JSON (or kept as text), the headers. */
export async function replyOf<T>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A cache that keeps what it is given for as long as it is told, on the test's clock. */
export function recordingCache(clock: () => Date) {
  const kept = new Map<string, { value: unknown; maxAge: number; until: number }>();
  const cache: EdgeCache = {
    get: async <T>(key: string) => {
      const entry = kept.get(key);
      return entry && clock().getTime() < entry.until ? (entry.value as T) : undefined;
    },
    put: async (key, value, maxAge) =>
      void kept.set(key, { value, maxAge, until: clock().getTime() + maxAge * 1000 }),
  };
  return { cache, kept };
}
