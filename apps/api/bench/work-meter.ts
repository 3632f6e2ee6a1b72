/**
 * The benches' count of the work behind their requests, kept outside the product: the bench's Worker entry
 * (bench/metered-worker.ts) wraps the D1 bindings it hands the app and the attempt objects, and tests wrap theirs
 * the same way. Counted: statements prepared on D1 (a batch counts each of its statements; a statement is a read
 * when its SQL starts with SELECT or WITH, else a write), RPC calls answered by attempt objects (counted by the
 * bench's entry), and the most rows one D1 statement read and wrote (D1's own `meta.rows_read` /
 * `meta.rows_written`), with its SQL.
 */
import type { D1Database, D1DatabaseSession, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';

/** What `GET /api/dev/counters` answers. */
export interface WorkCounts {
  d1Reads: number;
  d1Writes: number;
  objectCalls: number;
  maxRowsRead: number;
  maxRowsWritten: number;
  maxRowsSql: string;
}

/** What the meter needs of a D1 database or session. */
type Preparing = Pick<D1Database, 'prepare' | 'batch'>;

const isRead = (sql: string): boolean => /^\s*(SELECT|WITH)\b/i.test(sql);

export class WorkMeter {
  readonly counts: WorkCounts = {
    d1Reads: 0,
    d1Writes: 0,
    objectCalls: 0,
    maxRowsRead: 0,
    maxRowsWritten: 0,
    maxRowsSql: '',
  };
  readonly #envs = new WeakMap<object, object>();

  /** A copy of the counts. */
  snapshot(): WorkCounts {
    return { ...this.counts };
  }

  /** Starts the row maxima afresh (the close bench measures one close). */
  resetRowMaxima(): void {
    this.counts.maxRowsRead = 0;
    this.counts.maxRowsWritten = 0;
    this.counts.maxRowsSql = '';
  }

  /** Notes one statement's rows read and written (its D1 `meta`). */
  noteRows(sql: string, meta: { rows_read?: number; rows_written?: number } | undefined): void {
    const c = this.counts;
    const read = meta?.rows_read ?? 0;
    const written = meta?.rows_written ?? 0;
    if (Math.max(read, written) > Math.max(c.maxRowsRead, c.maxRowsWritten))
      c.maxRowsSql = sql.replace(/\s+/g, ' ').slice(0, 200);
    c.maxRowsRead = Math.max(c.maxRowsRead, read);
    c.maxRowsWritten = Math.max(c.maxRowsWritten, written);
  }

  /**
   * `env` with `DB` and the day databases of `DAY_DATABASES` counted (the same wrapped object for the same `env`).
   * Everything else is left as it is.
   */
  env<E extends object>(env: E): E {
    const known = this.#envs.get(env);
    if (known !== undefined) return known as E;
    const bindings = env as Record<string, unknown>;
    const names = ['DB'];
    try {
      const days = JSON.parse(String(bindings.DAY_DATABASES ?? '[]')) as { binding?: unknown }[];
      for (const d of days) if (typeof d.binding === 'string') names.push(d.binding);
    } catch {
      // The app's config reports a malformed DAY_DATABASES; nothing to count there.
    }
    const wrapped: Record<string, unknown> = { ...bindings };
    for (const name of names)
      if (bindings[name] !== undefined) wrapped[name] = this.database(bindings[name] as D1Database);
    this.#envs.set(env, wrapped);
    return wrapped as E;
  }

  /** `db` with every statement counted, its sessions too. */
  database(db: D1Database): D1Database {
    return {
      ...this.#preparing(db),
      withSession: (constraint?: Parameters<D1Database['withSession']>[0]): D1DatabaseSession => {
        const session = db.withSession(constraint);
        return { ...this.#preparing(session), getBookmark: () => session.getBookmark() };
      },
      exec: (query: string) => db.exec(query),
      dump: () => db.dump(),
    };
  }

  #preparing(db: Preparing): Preparing {
    return {
      prepare: (sql: string) => {
        if (isRead(sql)) this.counts.d1Reads++;
        else this.counts.d1Writes++;
        return new MeteredStatement(this, db.prepare(sql), sql);
      },
      batch: async <T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
        const results = await db.batch<T>(
          statements.map((s) => (s instanceof MeteredStatement ? s.inner : s)),
        );
        results.forEach((r, i) => {
          const s = statements[i];
          this.noteRows(s instanceof MeteredStatement ? s.sql : '', r.meta);
        });
        return results;
      },
    };
  }
}

/**
 * A prepared statement whose result's rows read and written are noted, whichever way it runs. `first()` runs the
 * statement as `all()` and takes its first row, as D1 itself does.
 */
class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly meter: WorkMeter,
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.meter, this.inner.bind(...values), this.sql);
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
    this.meter.noteRows(this.sql, result.meta);
    return result;
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    this.meter.noteRows(this.sql, result.meta);
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
