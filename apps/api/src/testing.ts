/**
 * The real API app on memory storage, for tests outside workerd (the web's unit tests use it instead of a
 * hand-written fake): the same routes, validation, fair-stock rules and errors, with the ledger in memory and
 * each attempt an in-process {@link AttemptSession} instead of a Durable Object.
 */
import { createApp } from './app.ts';
import { AttemptSession } from './attempt/session.ts';
import { MemoryAttemptStore } from './attempt/memory-store.ts';
import type { Ports } from './deps.ts';
import type { Env } from './env.ts';
import type { Auditor } from './services/auditor.ts';
import type { PerfectPlay } from './services/course.ts';
import { MemoryLedger } from './storage/memory.ts';

export { MemoryLedger };
export type { Auditor, AuditVerdict } from './services/auditor.ts';

export interface MemoryAppOptions {
  /** The clock (default: the real one). */
  readonly now?: () => Date;
  /** Perfect play for new courses (default: the exact solver). */
  readonly perfect?: PerfectPlay;
  readonly secret?: string;
  /** The fair-play audit (default: the engine's, about a second of CPU per round). */
  readonly auditor?: Auditor;
  /** Local development (`LOCAL_DEV=1`): `/api/dev/scheduled` runs the cron's job, the closed day's audit included. */
  readonly local?: boolean;
}

/** A memory-backed app and the `env` to call it with: `app.request(path, init, env)`. */
export function memoryApp(options: MemoryAppOptions = {}) {
  const ledger = new MemoryLedger();
  const sessions = new Map<string, AttemptSession>();
  const ports: Ports = {
    ledger,
    attempts: (date, playerId) => {
      const key = `${date}/${playerId}`;
      let session = sessions.get(key);
      if (!session) {
        session = new AttemptSession(new MemoryAttemptStore(), ledger, () => undefined);
        sessions.set(key, session);
      }
      return session;
    },
  };
  const app = createApp({ now: options.now, perfect: options.perfect, auditor: options.auditor, ports: () => ports });
  const env = {
    DAILY_SECRET: options.secret ?? 'memory-app-secret-for-tests-only-0123456789',
    ...(options.local ? { LOCAL_DEV: '1' } : {}),
  } as unknown as Env;
  /** `fetch` for clients such as `hc` or the web's API client: every request goes to the app in memory. */
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    Promise.resolve(app.request(input instanceof Request ? input : String(input), init, env));
  return { app, env, ledger, fetch };
}
