import type { Ledger } from './ledger.ts';

/**
 * Where a read session's first query goes (D1's Sessions API, docs/api.md "Caching"): `any` copy of the ledger (a
 * read replica or the primary, possibly seconds behind), the `primary` (the newest state), or a copy at least as
 * new as a `bookmark` (the state after some write). Every later query of the session reads a state at least as new
 * as the one before it, and sees the session's own writes.
 */
export type ReadFrom = 'any' | 'primary' | { readonly bookmark: string };

/** The ledger through one session, and the bookmark of the newest state the session has seen (null before any). */
export interface LedgerSession {
  readonly ledger: Ledger;
  bookmark(): string | null;
}

/**
 * Opens a session on the ledger for `date`'s day: `from` and the session's bookmark are about the database that
 * holds that day (the ledger's days are split over databases by period, docs/scale.md); `''` names `DB`'s, for a
 * session that reads no day.
 */
export type OpenLedgerSession = (from: ReadFrom, date: string) => LedgerSession;

/**
 * Whether bookmark `a` names a later state than `b`. D1's glossary: "Bookmarks are lexicographically sortable.
 * Sorting orders a list of bookmarks from oldest-to-newest."
 */
export const isNewer = (a: string, b: string): boolean => a > b;
