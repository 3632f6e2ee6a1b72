import type { AttemptHousekeeping, AttemptRpc } from './attempt-object/session.ts';
import { ApiError } from './errors.ts';
import type { Env } from './env.ts';
import type { ServiceContext } from './services/context.ts';
import { engineAuditor } from './adapters/engine-auditor.ts';
import { type Auditor } from './ports/auditor.ts';
import { solvePerfect } from './adapters/engine-solver.ts';
import { type Course } from './services/course-model.ts';
import { type PerfectPlay } from './ports/perfect-play.ts';
import { workersCache } from './adapters/workers-cache.ts';
import { type EdgeCache } from './ports/edge-cache.ts';
import { configOf } from './config.ts';
import { d1Ledger } from './adapters/d1/ledger.ts';
import type { Ledger } from './ports/ledger.ts';
import type { RoundArchive } from './ports/archive.ts';
import type { WorkQueue } from './ports/work-queue.ts';
import { bucketArchive } from './adapters/r2-archive.ts';
import { standInAuditor } from './adapters/stand-in-auditor.ts';
import type { OpenLedgerSession } from './ports/ledger-session.ts';
import { d1Session } from './adapters/d1/session.ts';
import { ledgerDatabases } from './adapters/d1/statements.ts';
import { ledgerBindings } from './adapters/d1/bindings.ts';

/**
 * Where the ledger, the attempts, the audit's queue and the archive live: D1, Durable Objects, Queues and R2 in the
 * Worker; SQLite, sessions and drivers in memory in src/testing.ts.
 */
export interface Ports {
  readonly ledger: Ledger;
  /** Sessions on the ledger (D1's Sessions API: reads from read replicas where a few seconds' lag is fine). */
  readonly session: OpenLedgerSession;
  readonly attempts: (date: string, playerId: string) => AttemptRpc;
  readonly queue: WorkQueue;
  readonly archive: RoundArchive;
  /** The attempt objects' housekeeping (local development and tests only), where attempts are objects. */
  readonly housekeeping?: (date: string, playerId: string) => AttemptHousekeeping;
}

const attemptObject = (env: Env, date: string, playerId: string) =>
  env.ATTEMPTS.getByName(`${date}/${playerId}`);

/**
 * The Worker's ports: D1, one Durable Object per attempt named `date/playerId`, the audit queue, the archive
 * bucket.
 */
export const cloudflarePorts = (env: Env): Ports => {
  const dbs = ledgerBindings(env);
  return {
    ledger: d1Ledger(ledgerDatabases(dbs)),
    session: (from, date) => d1Session(dbs, from, date),
    attempts: (date, playerId) => attemptObject(env, date, playerId) as unknown as AttemptRpc,
    housekeeping: (date, playerId) => attemptObject(env, date, playerId) as unknown as AttemptHousekeeping,
    queue: env.AUDIT_QUEUE,
    archive: bucketArchive(env.ARCHIVE),
  };
};

/** What the app is built with. Tests inject a clock (to roll the day over) and a cheaper perfect-play function. */
export interface AppOptions {
  readonly now?: () => Date;
  readonly perfect?: PerfectPlay;
  /** The fair-play audit (default: the engine's). */
  readonly auditor?: Auditor;
  /** Where public answers are kept (default: the Workers cache). */
  readonly cache?: () => EdgeCache;
  /** Where the ledger and the attempts live (default: D1 and Durable Objects). */
  readonly ports?: (env: Env) => Ports;
  /** Outbound requests: the push services reminders go to (default: the platform's `fetch`). */
  readonly fetch?: OutboundFetch;
}

/** Sends one outbound request. */
export type OutboundFetch = (request: Request) => Promise<Response>;

/** What the routes and the scheduled handler share for the lifetime of one Worker instance. */
export interface AppDeps {
  readonly now: () => Date;
  readonly ports: (env: Env) => Ports;
  readonly cache: () => EdgeCache;
  readonly perfect: PerfectPlay;
  readonly auditor: Auditor;
  readonly fetch: OutboundFetch;
  /** Courses already read from storage (they never change). */
  readonly courses: Map<string, Course>;
}

/** The one builder of an instance's dependencies: the app and the scheduled handler both use it. */
export const buildDeps = (options: AppOptions = {}): AppDeps => ({
  now: options.now ?? (() => new Date()),
  ports: options.ports ?? cloudflarePorts,
  cache: options.cache ?? workersCache,
  perfect: options.perfect ?? solvePerfect,
  auditor: options.auditor ?? engineAuditor,
  fetch: options.fetch ?? ((request) => fetch(request)),
  courses: new Map(),
});

/** Work after the response where the runtime offers it; otherwise (plain tests) it simply runs on. */
export type Defer = (work: Promise<unknown>) => void;

const logFailure = (work: Promise<unknown>): Promise<unknown> =>
  work.catch((error: unknown) => console.error('deferred work failed', error));

/** The services' view of one request (or one scheduled run) at `now`. */
export function servicesFor(env: Env, deps: AppDeps, defer: Defer, now: Date = deps.now()): ServiceContext {
  const config = configOf(env);
  const problem = config.problem ?? config.ledgerProblem;
  if (problem !== null) {
    console.error(`refusing to serve: ${problem} (see docs/deploy.md)`);
    throw new ApiError('ERR_UNAVAILABLE', 'the server is not configured to serve courses; try again later');
  }
  const ports = deps.ports(env);
  return {
    ledger: ports.ledger,
    session: ports.session,
    attempts: ports.attempts,
    queue: ports.queue,
    archive: ports.archive,
    housekeeping: ports.housekeeping ?? null,
    config,
    now,
    perfect: deps.perfect,
    auditor: config.auditStandIn ? standInAuditor : deps.auditor,
    fetch: deps.fetch,
    courses: deps.courses,
    cache: deps.cache(),
    defer: (work) => defer(logFailure(work)),
  };
}
