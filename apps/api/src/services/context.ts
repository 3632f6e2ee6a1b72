import type { AttemptHousekeeping, AttemptRpc } from '../attempt-object/session.ts';
import type { Config } from '../config.ts';
import type { Ledger } from '../ports/ledger.ts';
import type { OpenLedgerSession } from '../ports/ledger-session.ts';
import type { Auditor } from '../ports/auditor.ts';
import type { Course } from './course-model.ts';
import type { PerfectPlay } from '../ports/perfect-play.ts';
import type { EdgeCache } from '../ports/edge-cache.ts';
import type { RoundArchive } from '../ports/archive.ts';
import type { WorkQueue } from '../ports/work-queue.ts';

/** What every service gets: plain values and ports, no HTTP. */
export interface ServiceContext {
  /** The ledger; every query goes to the primary (the newest state). */
  readonly ledger: Ledger;
  /** The closed days' audit pipeline (Cloudflare Queues in the Worker). */
  readonly queue: WorkQueue;
  /** Archived days' evidence (R2 in the Worker). */
  readonly archive: RoundArchive;
  /** A session on the ledger, for reads that may come from a read replica (ports/ledger-session.ts). */
  readonly session: OpenLedgerSession;
  /** The attempt of a player on a date (its Durable Object in the Worker). */
  readonly attempts: (date: string, playerId: string) => AttemptRpc;
  /** The attempt objects' housekeeping (the local dev routes only; null where attempts are not objects). */
  readonly housekeeping: ((date: string, playerId: string) => AttemptHousekeeping) | null;
  /** The Worker's settings, parsed once (src/config.ts). */
  readonly config: Config;
  readonly now: Date;
  readonly perfect: PerfectPlay;
  /** The fair-play audit (the engine's). */
  readonly auditor: Auditor;
  /** Courses already read from storage whose perfect play is complete (they never change), per instance. */
  readonly courses: Map<string, Course>;
  /** Public answers kept at the edge. */
  readonly cache: EdgeCache;
  /** Outbound requests (the push services). */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Runs work after the response (the Worker's `waitUntil`). */
  readonly defer: (work: Promise<unknown>) => void;
}
