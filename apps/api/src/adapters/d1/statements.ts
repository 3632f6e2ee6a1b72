import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { counters } from '../../counters.ts';

/** What the ledger needs of D1: prepared statements and batches (each batch one transaction). */
export type SqlDatabase = Pick<D1Database, 'prepare' | 'batch'>;

/** Prepared statements on one database, each counted as a read or a write for the local bench (src/counters.ts). */
export class Statements {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  read(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Reads++;
    return this.#db.prepare(sql).bind(...values);
  }

  write(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Writes++;
    return this.#db.prepare(sql).bind(...values);
  }

  /** The statements in one transaction: all of them or none. */
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    return this.#db.batch(statements);
  }
}

/** A port's adapter on one database: its statements, and nothing else. */
export abstract class D1Store {
  protected readonly sql: Statements;

  constructor(db: SqlDatabase) {
    this.sql = new Statements(db);
  }
}
