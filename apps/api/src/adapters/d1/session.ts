import type { D1Database } from '@cloudflare/workers-types';
import type { LedgerSession, ReadFrom } from '../../ports/ledger-session.ts';
import { d1Ledger } from './ledger.ts';
import { ledgerDatabases, periodOf, type DayPeriod } from './statements.ts';

/** What a session needs of D1 (the Node driver has it too: src/adapters/node-sqlite.ts). */
export type SessionDatabase = Pick<D1Database, 'withSession'>;

/** `DB` and the day databases after it, oldest period first (src/adapters/d1/statements.ts). */
export interface SessionDatabases {
  readonly core: SessionDatabase;
  readonly periods: readonly DayPeriod<SessionDatabase>[];
}

/**
 * The ledger through D1 sessions (`withSession`), one per database: read replicas where the constraint allows. A
 * bookmark names the state of one database, so `from` constrains the database of `date`'s day (`DB` for `''`),
 * and {@link LedgerSession.bookmark} is that database's; the others start on a replica for `any`, else on their
 * primary.
 */
export function d1Session(dbs: SessionDatabases, from: ReadFrom, date: string): LedgerSession {
  const all = [{ from: '', db: dbs.core }, ...dbs.periods];
  const mine = periodOf(all, date);
  const loose = from === 'any' ? 'first-unconstrained' : 'first-primary';
  const sessions = all.map(({ db }, i) =>
    db.withSession(
      i !== mine
        ? loose
        : from === 'any'
          ? 'first-unconstrained'
          : from === 'primary'
            ? 'first-primary'
            : from.bookmark,
    ),
  );
  return {
    ledger: d1Ledger(
      ledgerDatabases(
        sessions[0]!,
        all.slice(1).map((p, i) => ({ from: p.from, db: sessions[i + 1]! })),
      ),
    ),
    bookmark: () => sessions[mine]!.getBookmark(),
  };
}
