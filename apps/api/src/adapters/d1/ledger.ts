import type { Ledger } from '../../ports/ledger.ts';
import { D1ArchiveLedger } from './archive.ts';
import { D1AuditLedger } from './audit-ledger.ts';
import { D1CourseStore } from './courses.ts';
import { D1LeagueStore } from './leagues.ts';
import { D1ModerationStore } from './moderation.ts';
import { D1PasskeyStore } from './passkeys.ts';
import { D1PlayerStore } from './players.ts';
import { D1PushStore } from './push.ts';
import { D1RateLimitStore } from './rate-limits.ts';
import { D1RoundStore } from './rounds.ts';
import type { LedgerDatabases } from './statements.ts';

/** The ledger on its D1 databases (or the same SQL on SQLite in Node: src/adapters/node-sqlite.ts). */
export const d1Ledger = (db: LedgerDatabases): Ledger => ({
  players: new D1PlayerStore(db),
  rateLimits: new D1RateLimitStore(db),
  courses: new D1CourseStore(db),
  rounds: new D1RoundStore(db),
  audits: new D1AuditLedger(db),
  archive: new D1ArchiveLedger(db),
  passkeys: new D1PasskeyStore(db),
  leagues: new D1LeagueStore(db),
  moderation: new D1ModerationStore(db),
  push: new D1PushStore(db),
});
