import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { ShownName } from '../../ports/players.ts';
import { playerNameColumns, shownPlayerName, type NameRow } from './names.ts';

/** What the ledger needs of D1: prepared statements and batches (each batch one transaction). */
export type SqlDatabase = Pick<D1Database, 'prepare' | 'batch'>;

/** Prepared statements on one database, each named a read or a write where it is made. */
export class Statements {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  read(sql: string, ...values: unknown[]): D1PreparedStatement {
    return this.#db.prepare(sql).bind(...values);
  }

  write(sql: string, ...values: unknown[]): D1PreparedStatement {
    return this.#db.prepare(sql).bind(...values);
  }

  /** The statements in one transaction: all of them or none. */
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    return this.#db.batch(statements);
  }
}

/**
 * The ledger's databases (docs/scale.md, "A year at 1 M finishers a day"): `core` is `DB`, for players, tokens,
 * courses, leagues, passkeys and reminders; `periods` every database that holds days, oldest period first, the first
 * `DB` itself (from the first date there is), then one database per period of days, chosen by date. Each period
 * holds the days from its `from` (inclusive) to the next period's.
 */
export interface Databases<D> {
  readonly core: D;
  readonly periods: readonly DayPeriod<D>[];
}

/** A period of days and the database that holds them. */
export interface DayPeriod<D> {
  /** The period's first date (`YYYY-MM-DD`); `''` for `DB`'s, which has no first date. */
  readonly from: string;
  readonly db: D;
}

/** The ledger's databases as its adapters use them: statements on each. */
export type LedgerDatabases = Databases<Statements>;

/** `DB` and the day databases of `days` after it (ordered by `from`). */
export const withDays = <D>(core: D, days: readonly DayPeriod<D>[] = []): Databases<D> => ({
  core,
  periods: [{ from: '', db: core }, ...days],
});

/** The same periods with `f` of each database (`DB`'s taken once; `i` its index in `periods`). */
export function mapDatabases<D, E>(dbs: Databases<D>, f: (db: D, i: number) => E): Databases<E> {
  const core = f(dbs.core, 0);
  return { core, periods: dbs.periods.map((p, i) => ({ from: p.from, db: i === 0 ? core : f(p.db, i) })) };
}

/** Statements on each of the ledger's databases. */
export const ledgerDatabases = (dbs: Databases<SqlDatabase>): LedgerDatabases =>
  mapDatabases(dbs, (db) => new Statements(db));

/** The index in `periods` of the period that holds `date`. */
export function periodOf(periods: readonly DayPeriod<unknown>[], date: string): number {
  let i = periods.length - 1;
  while (i > 0 && periods[i]!.from > date) i--;
  return i;
}

/** The periods that hold some date of `from`..`to` (inclusive), oldest first. */
export function periodsBetween<D>(
  periods: readonly DayPeriod<D>[],
  from: string,
  to: string,
): DayPeriod<D>[] {
  return periods.filter((p, i) => p.from <= to && (i + 1 === periods.length || periods[i + 1]!.from > from));
}

/**
 * A port's adapter on the ledger's databases: `sql` is `DB`'s statements, {@link day} a date's day database's,
 * {@link periods} every day database's (for what spans days).
 */
export abstract class D1Store {
  protected readonly sql: Statements;
  protected readonly periods: readonly DayPeriod<Statements>[];

  constructor(dbs: LedgerDatabases) {
    this.sql = dbs.core;
    this.periods = dbs.periods;
  }

  /** The statements on the database that holds `date`'s day. */
  protected day(date: string): Statements {
    return this.periods[periodOf(this.periods, date)]!.db;
  }

  /**
   * `rows` with each one's player's name as shown (adapters/d1/names.ts: a stand-in while hidden), read from `DB`
   * (day databases hold ids only); a row whose player is not there is left out, as the join it replaces would.
   */
  protected async named<R extends { player_id: string }>(rows: readonly R[]): Promise<(R & ShownName)[]> {
    if (rows.length === 0) return [];
    const names = await this.playerNames(rows.map((r) => r.player_id));
    return rows.flatMap((r) => {
      const row = names.get(r.player_id);
      return row === undefined ? [] : [{ ...r, ...shownPlayerName(r.player_id, row) }];
    });
  }

  /** The name rows of these players (one read of `DB` by primary key). */
  protected async playerNames(ids: readonly string[]): Promise<Map<string, NameRow>> {
    if (ids.length === 0) return new Map();
    const found = await this.sql
      .read(
        `SELECT id, ${playerNameColumns()} FROM players WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      )
      .all<NameRow & { id: string }>();
    return new Map(found.results.map((r) => [r.id, r]));
  }
}
