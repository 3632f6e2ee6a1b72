import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { counters, noteRows } from '../../counters.ts';

/** What the ledger needs of D1: prepared statements and batches (each batch one transaction). */
export type SqlDatabase = Pick<D1Database, 'prepare' | 'batch'>;

/**
 * A prepared statement whose result's rows read and written are noted (src/counters.ts), whichever way it runs.
 * `first()` runs the statement as `all()` and takes its first row, as D1 itself does.
 */
class Measured implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new Measured(this.inner.bind(...values), this.sql);
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (row === undefined) return null;
    return (colName === undefined ? row : row[colName]) as T;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    noteRows(this.sql, result.meta);
    return result;
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    noteRows(this.sql, result.meta);
    return result;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T>(options?: { columnNames?: boolean }): Promise<unknown[]> {
    return options?.columnNames
      ? this.inner.raw<T>({ columnNames: true })
      : this.inner.raw<T>({ columnNames: false });
  }
}

/** Prepared statements on one database, each counted as a read or a write for the local bench (src/counters.ts). */
export class Statements {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  read(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Reads++;
    return new Measured(this.#db.prepare(sql).bind(...values), sql);
  }

  write(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Writes++;
    return new Measured(this.#db.prepare(sql).bind(...values), sql);
  }

  /** The statements in one transaction: all of them or none. */
  async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    const results = await this.#db.batch(statements.map((s) => (s instanceof Measured ? s.inner : s)));
    results.forEach((r, i) => {
      const s = statements[i];
      noteRows(s instanceof Measured ? s.sql : '', r.meta);
    });
    return results;
  }
}

/** A port's adapter on one database: its statements, and nothing else. */
export abstract class D1Store {
  protected readonly sql: Statements;

  constructor(db: SqlDatabase) {
    this.sql = new Statements(db);
  }
}
