import type { D1Database } from '@cloudflare/workers-types';
import type { LedgerSession, ReadFrom } from '../../ports/ledger-session.ts';
import { d1Ledger } from './ledger.ts';

/** What a session needs of D1 (the Node driver has it too: src/adapters/node-sqlite.ts). */
export type SessionDatabase = Pick<D1Database, 'withSession'>;

/** The ledger through one D1 session (`withSession`): read replicas where the constraint allows. */
export function d1Session(db: SessionDatabase, from: ReadFrom): LedgerSession {
  const session = db.withSession(
    from === 'any' ? 'first-unconstrained' : from === 'primary' ? 'first-primary' : from.bookmark,
  );
  return { ledger: d1Ledger(session), bookmark: () => session.getBookmark() };
}
