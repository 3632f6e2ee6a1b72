/**
 * The real API app outside workerd, for the web's unit tests and the benches: the same routes, validation,
 * fair-stock rules, errors and SQL, with the ledger's D1 statements and each attempt object's statements run on
 * SQLite in memory (src/adapters/node-sqlite.ts), each attempt an in-process {@link AttemptSession} instead of a
 * Durable Object, the audit queue and the archive bucket in memory (src/adapters/memory-queue.ts, node-r2.ts)
 * delivering to the Worker's own consumer.
 */
import { bucketArchive } from './adapters/r2-archive.ts';
import { memoryBucket } from './adapters/node-r2.ts';
import { memoryQueue } from './adapters/memory-queue.ts';
import { createWorker } from './handlers.ts';
import { AttemptSession } from './attempt-object/session.ts';
import { SqlAttemptStore } from './attempt-object/sql-store.ts';
import type { Ports } from './deps.ts';
import type { Env } from './env.ts';
import type { Auditor } from './ports/auditor.ts';
import type { PerfectPlay } from './ports/perfect-play.ts';
import { d1Ledger } from './adapters/d1/ledger.ts';
import { d1Session } from './adapters/d1/session.ts';
import { ledgerDatabases, withDays } from './adapters/d1/statements.ts';
import { migratedLedger, nodeD1, nodeObjectStorage } from './adapters/node-sqlite.ts';
export type { Auditor, AuditVerdict } from './ports/auditor.ts';

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
  /** Reminders on: the VAPID key pair (base64url) and subject the app signs with (default: reminders off). */
  readonly vapid?: { readonly publicKey: string; readonly privateKey: string; readonly subject: string };
  /** Where push messages go (default: the platform's `fetch`). */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** The moderators' player ids (`MODERATOR_IDS`), read at each request: players made by the test itself. */
  readonly moderators?: () => readonly string[];
}

/** An app on SQLite in memory and the `env` to call it with: `app.request(path, init, env)`. */
export function memoryApp(options: MemoryAppOptions = {}) {
  const db = nodeD1(migratedLedger());
  const dbs = withDays(db);
  const ledger = d1Ledger(ledgerDatabases(dbs));
  const sessions = new Map<string, AttemptSession>();
  // The queue delivers to the Worker's consumer, built below on these same ports.
  const queue = memoryQueue((messages) => worker.queue({ messages }, env, { waitUntil: () => undefined }));
  const ports: Ports = {
    ledger,
    session: (from, date) => d1Session(dbs, from, date),
    queue,
    archive: bucketArchive(memoryBucket()),
    attempts: (date, playerId) => {
      const key = `${date}/${playerId}`;
      let session = sessions.get(key);
      if (!session) {
        const storage = nodeObjectStorage();
        session = new AttemptSession(
          new SqlAttemptStore(storage.sql, (closure) => storage.transactionSync(closure)),
          (date) => d1Session(dbs, 'primary', date),
          () => undefined,
        );
        sessions.set(key, session);
      }
      return session;
    },
  };
  const worker = createWorker({
    now: options.now,
    perfect: options.perfect,
    auditor: options.auditor,
    fetch: options.fetch,
    ports: () => ports,
  });
  const app = worker.app;
  const env = {
    DAILY_SECRET: options.secret ?? 'memory-app-secret-for-tests-only-0123456789',
    ...(options.local ? { LOCAL_DEV: '1' } : {}),
    ...(options.vapid
      ? {
          VAPID_PUBLIC_KEY: options.vapid.publicKey,
          VAPID_PRIVATE_KEY: options.vapid.privateKey,
          VAPID_SUBJECT: options.vapid.subject,
        }
      : {}),
  } as unknown as Env;
  const moderators = options.moderators;
  /** The bindings of one request: `env`, with the moderators of now when the test names any. */
  const bindings = (): Env =>
    moderators === undefined ? env : ({ ...env, MODERATOR_IDS: moderators().join(',') } as Env);
  /** `fetch` for clients such as `hc` or the web's API client: every request goes to the app in memory. */
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    Promise.resolve(app.request(input instanceof Request ? input : String(input), init, bindings()));
  return { app, env, ledger, queue, fetch };
}
