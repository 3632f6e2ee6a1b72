import type { D1Database } from '@cloudflare/workers-types';
import type { LedgerSession, ReadFrom } from '../../ports/ledger-session.ts';
import { d1Ledger } from './ledger.ts';
import { ledgerDatabases, mapDatabases, periodOf, type Databases } from './statements.ts';

/** What a session needs of D1 (the Node driver has it too: src/adapters/node-sqlite.ts). */
export type SessionDatabase = Pick<D1Database, 'withSession'>;

/**
 * The ledger through D1 sessions (`withSession`), one per database: read replicas where the constraint allows. A
 * bookmark names the state of one database, so `from` constrains the database of `date`'s day (`DB` for `''`),
 * and {@link LedgerSession.bookmark} is that database's; the others start on a replica for `any`, else on their
 * primary.
 */
export function d1Session(dbs: Databases<SessionDatabase>, from: ReadFrom, date: string): LedgerSession {
  const mine = periodOf(dbs.periods, date);
  const loose = from === 'any' ? 'first-unconstrained' : 'first-primary';
  const constraint = typeof from === 'string' ? loose : from.bookmark;
  const sessions = mapDatabases(dbs, (db, i) => db.withSession(i === mine ? constraint : loose));
  return {
    ledger: d1Ledger(ledgerDatabases(sessions)),
    bookmark: () => sessions.periods[mine]!.db.getBookmark(),
  };
}
