import type { ArchiveLedger } from './archive.ts';
import type { AuditLedger } from './audit-ledger.ts';
import type { CourseStore } from './courses.ts';
import type { LeagueStore } from './leagues.ts';
import type { ModerationStore } from './moderation.ts';
import type { PasskeyStore } from './passkeys.ts';
import type { PlayerStore } from './players.ts';
import type { PushStore } from './push.ts';
import type { RateLimitStore } from './rate-limits.ts';
import type { RoundStore } from './rounds.ts';

/**
 * The ledger: everything that outlives one attempt, one port per concern; each service takes the ports it uses.
 * The attempt itself, draw by draw, lives in its Durable Object (src/attempt-object/); a draw writes nothing here.
 * One implementation: the SQL in src/adapters/d1/, run on D1 in the Worker and on SQLite in Node for the web's
 * tests and the benches (src/adapters/node-sqlite.ts).
 */
export interface Ledger {
  readonly players: PlayerStore;
  readonly rateLimits: RateLimitStore;
  readonly courses: CourseStore;
  readonly rounds: RoundStore;
  /** The closed days' audit: progress, the pipeline's state, verdicts. */
  readonly audits: AuditLedger;
  /** Where archived days' rounds are. */
  readonly archive: ArchiveLedger;
  readonly passkeys: PasskeyStore;
  readonly leagues: LeagueStore;
  /** Reports of names, hidden names and the moderation log. */
  readonly moderation: ModerationStore;
  /** Reminders: push subscriptions, reminder settings, the sends made. */
  readonly push: PushStore;
}
