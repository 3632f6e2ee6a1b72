/**
 * The same SQL outside workerd: D1's and a Durable Object's SQLite APIs over sql.js (SQLite compiled to
 * WebAssembly, so it installs anywhere Node runs, with no native build). Only a driver: the statements are the
 * storage adapters' own, so the web's tests and the benches run exactly the SQL that production runs on D1 and in
 * the attempt objects. Never bundled into the Worker (src/testing.ts is its only user).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  D1Database,
  D1DatabaseSession,
  D1ExecResult,
  D1Meta,
  D1PreparedStatement,
  D1Result,
  SqlStorage,
  SqlStorageCursor,
  SqlStorageValue,
} from '@cloudflare/workers-types';
import type { BindParams, Database, SqlValue } from 'sql.js';
import initSqlJs from 'sql.js/dist/sql-wasm.js';

const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
const SQL = await initSqlJs({
  wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
});

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** A new empty SQLite database in memory. */
export const openSqlite = (): Database => new SQL.Database();

/** A new database with the ledger's migrations applied in order, as `wrangler d1 migrations apply` does. */
export function migratedLedger(): Database {
  const db = openSqlite();
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    db.exec(readFileSync(join(MIGRATIONS, file), 'utf8'));
  return db;
}

/** D1 refuses `undefined`; booleans go in as 0/1 like D1 stores them. */
function toSql(value: unknown): SqlValue {
  if (value === undefined) throw new TypeError('D1_TYPE_ERROR: Type undefined is not supported as a value');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || typeof value === 'number' || typeof value === 'string' || value instanceof Uint8Array)
    return value;
  throw new TypeError(`D1_TYPE_ERROR: Type ${typeof value} is not supported as a value`);
}

interface Executed {
  readonly columns: string[];
  readonly rows: SqlValue[][];
  readonly changes: number;
}

/** Runs one statement to completion, SQLite's errors thrown as they are. */
function execute(db: Database, query: string, values: readonly unknown[]): Executed {
  const statement = db.prepare(query);
  try {
    statement.bind(values.map(toSql) as BindParams);
    const rows: SqlValue[][] = [];
    while (statement.step()) rows.push(statement.get());
    return { columns: statement.getColumnNames(), rows, changes: db.getRowsModified() };
  } finally {
    statement.free();
  }
}

const asObject = (columns: readonly string[], row: readonly SqlValue[]): Record<string, SqlValue> =>
  Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null]));

function meta(changes: number, rows: number): D1Meta & Record<string, unknown> {
  return {
    duration: 0,
    size_after: 0,
    rows_read: rows,
    rows_written: changes,
    last_row_id: 0,
    changed_db: changes > 0,
    changes,
  };
}

/**
 * The state of the database as a D1 bookmark names it: one database in Node, so this is simply how many rows all
 * writes so far have changed (SQLite's `total_changes()`), zero-padded so that bookmarks sort oldest first as D1's
 * do. Every read here sees the newest state: a session's constraint changes nothing but the bookmark it reports.
 */
const bookmarkOf = (db: Database): string =>
  String(execute(db, 'SELECT total_changes()', []).rows[0]?.[0] ?? 0).padStart(16, '0');

class NodeD1Statement implements D1PreparedStatement {
  readonly #db: Database;
  readonly #query: string;
  readonly #values: readonly unknown[];
  /** Told after the statement ran (a session, to keep its bookmark). */
  readonly #ran: () => void;

  constructor(
    db: Database,
    query: string,
    values: readonly unknown[] = [],
    ran: () => void = () => undefined,
  ) {
    this.#db = db;
    this.#query = query;
    this.#values = values;
    this.#ran = ran;
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return new NodeD1Statement(this.#db, this.#query, values, this.#ran);
  }

  /** The statement's result as D1 gives it (its own transaction unless a batch holds one). */
  result<T>(): D1Result<T> {
    const { columns, rows, changes } = execute(this.#db, this.#query, this.#values);
    this.#ran();
    return {
      success: true,
      results: rows.map((r) => asObject(columns, r) as T),
      meta: meta(changes, rows.length),
    };
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const row = this.result<Record<string, unknown>>().results[0];
    if (row === undefined) return null;
    return (colName === undefined ? row : row[colName]) as T;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.result<T>();
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.result<T>();
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T>(options?: { columnNames?: boolean }): Promise<unknown[]> {
    const { columns, rows } = execute(this.#db, this.#query, this.#values);
    this.#ran();
    return options?.columnNames ? [columns, ...(rows as T[])] : (rows as T[]);
  }
}

/** The part of D1's API the ledger uses, on one sql.js database. */
export type NodeD1 = Pick<D1Database, 'prepare' | 'batch' | 'exec' | 'withSession'>;

/** D1 runs a batch as one transaction: all of it or none. */
async function batchOf<T>(db: Database, statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
  db.exec('BEGIN');
  try {
    const results = statements.map((s) => (s as NodeD1Statement).result<T>());
    db.exec('COMMIT');
    return results;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** A session (`withSession`): the same database, and the bookmark of the state its last query saw. */
function nodeSession(db: Database): D1DatabaseSession {
  let seen: string | null = null;
  const ran = () => void (seen = bookmarkOf(db));
  return {
    prepare: (query) => new NodeD1Statement(db, query, [], ran),
    batch: (statements) => batchOf(db, statements),
    getBookmark: () => seen,
  };
}

export function nodeD1(db: Database): NodeD1 {
  return {
    prepare: (query) => new NodeD1Statement(db, query),
    batch: (statements) => batchOf(db, statements),
    withSession: () => nodeSession(db),
    exec: async (query): Promise<D1ExecResult> => {
      db.exec(query);
      return { count: 1, duration: 0 };
    },
  };
}

class NodeSqlCursor<T extends Record<string, SqlStorageValue>> {
  readonly #rows: T[];
  readonly columnNames: string[];
  readonly rowsRead: number;
  readonly rowsWritten: number;
  #next = 0;

  constructor(executed: Executed) {
    this.columnNames = executed.columns;
    this.#rows = executed.rows.map((r) => asObject(executed.columns, r) as T);
    this.rowsRead = executed.rows.length;
    this.rowsWritten = executed.changes;
  }

  next(): { done?: false; value: T } | { done: true; value?: never } {
    const value = this.#rows[this.#next++];
    return value === undefined ? { done: true } : { value };
  }

  toArray(): T[] {
    return this.#rows.slice(this.#next);
  }

  one(): T {
    const [row, ...rest] = this.toArray();
    if (row === undefined || rest.length > 0) throw new Error('Expected exactly one result from SQL query');
    return row;
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.toArray()[Symbol.iterator]();
  }
}

/** A Durable Object's `ctx.storage.sql` and `transactionSync`, on one sql.js database (one per object). */
export interface NodeObjectStorage {
  readonly sql: Pick<SqlStorage, 'exec'>;
  transactionSync<T>(closure: () => T): T;
  /** Like `ctx.storage.deleteAll()`: every table gone. */
  deleteAll(): void;
  /** True when the storage holds no table at all (what lets Cloudflare remove an object). */
  isEmpty(): boolean;
}

export function nodeObjectStorage(db: Database = openSqlite()): NodeObjectStorage {
  return {
    sql: {
      exec: <T extends Record<string, SqlStorageValue>>(query: string, ...bindings: unknown[]) =>
        new NodeSqlCursor<T>(execute(db, query, bindings)) as unknown as SqlStorageCursor<T>,
    },
    transactionSync<T>(closure: () => T): T {
      db.exec('SAVEPOINT tx');
      try {
        const result = closure();
        db.exec('RELEASE tx');
        return result;
      } catch (error) {
        db.exec('ROLLBACK TO tx');
        db.exec('RELEASE tx');
        throw error;
      }
    },
    deleteAll(): void {
      const tables = execute(db, "SELECT name FROM sqlite_master WHERE type = 'table'", []).rows;
      for (const [name] of tables) db.exec(`DROP TABLE IF EXISTS "${String(name)}"`);
    },
    isEmpty: () => execute(db, "SELECT 1 FROM sqlite_master WHERE type = 'table'", []).rows.length === 0,
  };
}
