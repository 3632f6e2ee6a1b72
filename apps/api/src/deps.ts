import type { AttemptRpc } from './attempt/session.ts';
import { ApiError } from './errors.ts';
import type { AppOptions, Env } from './env.ts';
import type { ServiceContext } from './services/context.ts';
import { engineAuditor, type Auditor } from './services/auditor.ts';
import { solvePerfect, type Course, type PerfectPlay } from './services/course.ts';
import { workersCache, type EdgeCache } from './services/edge-cache.ts';
import { PLAYER_BURST } from './services/players.ts';
import { D1Ledger } from './storage/d1.ts';
import type { Ledger } from './storage/ledger.ts';

/** Where the ledger and the attempts live: D1 and Durable Objects in the Worker, memory in src/testing.ts. */
export interface Ports {
  readonly ledger: Ledger;
  readonly attempts: (date: string, playerId: string) => AttemptRpc;
}

/** The Worker's ports: D1, and one Durable Object per attempt named `date/playerId`. */
export const cloudflarePorts = (env: Env): Ports => ({
  ledger: new D1Ledger(env.DB),
  attempts: (date, playerId) => env.ATTEMPTS.getByName(`${date}/${playerId}`) as unknown as AttemptRpc,
});

/** What the routes and the scheduled handler share for the lifetime of one Worker instance. */
export interface AppDeps {
  readonly now: () => Date;
  readonly ports: (env: Env) => Ports;
  readonly cache: () => EdgeCache;
  readonly perfect: PerfectPlay;
  readonly auditor: Auditor;
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
  courses: new Map(),
});

/** The value of `.dev.vars.example`: public, so anyone could compute every course made with it. */
export const DEVELOPMENT_SECRET = 'golf-daily-development-secret-not-for-production';
export const MIN_SECRET_BYTES = 32;

/**
 * Why the secret cannot key real courses, or null when it can. Missing, shorter than 32 bytes, or the public
 * development value outside local development: never a course from a key someone else may know.
 */
export function secretProblem(env: Env): string | null {
  const secret = env.DAILY_SECRET;
  if (typeof secret !== 'string' || secret === '') return 'DAILY_SECRET is not set';
  if (new TextEncoder().encode(secret).length < MIN_SECRET_BYTES)
    return `DAILY_SECRET is shorter than ${MIN_SECRET_BYTES} bytes`;
  if (secret === DEVELOPMENT_SECRET && env.LOCAL_DEV !== '1')
    return 'DAILY_SECRET is the public development value';
  return null;
}

/** Work after the response where the runtime offers it; otherwise (plain tests) it simply runs on. */
export type Defer = (work: Promise<unknown>) => void;

const logFailure = (work: Promise<unknown>): Promise<unknown> =>
  work.catch((error: unknown) => console.error('deferred work failed', error));

/** The services' view of one request (or one scheduled run) at `now`. */
export function servicesFor(env: Env, deps: AppDeps, defer: Defer, now: Date = deps.now()): ServiceContext {
  const problem = secretProblem(env);
  if (problem !== null) {
    console.error(`refusing to serve: ${problem} (see docs/deploy.md)`);
    throw new ApiError('ERR_UNAVAILABLE', 'the server is not configured to serve courses; try again later');
  }
  const ports = deps.ports(env);
  return {
    ledger: ports.ledger,
    attempts: ports.attempts,
    secret: env.DAILY_SECRET!,
    now,
    perfect: deps.perfect,
    auditor: deps.auditor,
    courses: deps.courses,
    cache: deps.cache(),
    defer: (work) => defer(logFailure(work)),
  };
}

/** The player-creation burst per client address. */
export function playerBurst(env: Env): number {
  const n = Number(env.PLAYER_BURST);
  return Number.isInteger(n) && n >= 1 ? n : PLAYER_BURST;
}
