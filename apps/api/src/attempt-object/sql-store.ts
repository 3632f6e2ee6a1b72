import type { SqlStorage } from '@cloudflare/workers-types';
import type { PresetName } from '@golf/engine';
import { deckOfText, deckText } from '../adapters/deck-text.ts';
import type { AttemptState, AttemptStore, HoleState } from './fair-stock.ts';

/**
 * An {@link AttemptStore} on a Durable Object's SQLite storage. Every call is synchronous and each write one
 * transaction; the object runs one request at a time, so no write can interleave with a check.
 */
export class SqlAttemptStore implements AttemptStore {
  readonly #sql: Pick<SqlStorage, 'exec'>;
  readonly #transaction: <T>(closure: () => T) => T;
  /** The stored state, read once per object lifetime and kept in step with every write. */
  #cached: AttemptState | null | undefined;

  constructor(sql: Pick<SqlStorage, 'exec'>, transaction: <T>(closure: () => T) => T) {
    this.#sql = sql;
    this.#transaction = transaction;
  }

  /**
   * The tables, made by the first write ({@link create}) and never before: an object that is only read (a view, a
   * replay, forgetting tokens) writes nothing, so Cloudflare removes it when it shuts down (docs/deploy.md).
   */
  #createTables(): void {
    this.#sql.exec(`CREATE TABLE IF NOT EXISTS attempt (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      date TEXT NOT NULL, player_id TEXT NOT NULL, rules TEXT NOT NULL,
      started_at INTEGER NOT NULL, ip_hash TEXT NOT NULL,
      hole INTEGER NOT NULL,
      synced_started INTEGER NOT NULL DEFAULT 0, synced_finished INTEGER NOT NULL DEFAULT 0
    )`);
    this.#sql.exec(`CREATE TABLE IF NOT EXISTS holes (
      hole INTEGER PRIMARY KEY, deck TEXT NOT NULL, log TEXT NOT NULL, drawn INTEGER NOT NULL,
      draw_times TEXT NOT NULL, strokes INTEGER, finished_at INTEGER
    )`);
  }

  /** After the object's storage was cleared (`deleteAll`): no attempt, and nothing is written again. */
  cleared(): void {
    this.#cached = null;
  }

  read(): AttemptState | null {
    if (this.#cached === undefined) this.#cached = this.#load();
    return this.#cached;
  }

  create(state: AttemptState): void {
    this.#transaction(() => {
      this.#createTables();
      this.#sql.exec(
        `INSERT OR IGNORE INTO attempt (id, date, player_id, rules, started_at, ip_hash, hole) VALUES (1, ?, ?, ?, ?, ?, ?)`,
        state.date,
        state.playerId,
        state.rules,
        state.startedAt,
        state.addressHash ?? '',
        state.hole,
      );
      for (const h of state.holes)
        this.#sql.exec(
          `INSERT OR IGNORE INTO holes (hole, deck, log, drawn, draw_times) VALUES (?, ?, ?, ?, ?)`,
          h.hole,
          deckText(h.deck),
          h.log,
          h.drawn,
          JSON.stringify(h.drawTimes),
        );
    });
    this.#cached = this.#load();
  }

  recordDraw(hole: number, log: string, now: number): void {
    this.#sql.exec(
      `UPDATE holes SET log = ?, drawn = drawn + 1, draw_times = json_insert(draw_times, '$[#]', ?) WHERE hole = ?`,
      log,
      now,
      hole,
    );
    this.#change(hole, (h) => ({ ...h, log, drawn: h.drawn + 1, drawTimes: [...h.drawTimes, now] }));
  }

  recordFinish(hole: number, log: string, strokes: number, now: number): void {
    this.#transaction(() => {
      this.#sql.exec(
        `UPDATE holes SET log = ?, strokes = ?, finished_at = ? WHERE hole = ?`,
        log,
        strokes,
        now,
        hole,
      );
      this.#sql.exec(`UPDATE attempt SET hole = hole + 1 WHERE id = 1`);
    });
    this.#change(hole, (h) => ({ ...h, log, strokes, finishedAt: now }));
    const state = this.read()!;
    this.#cached = { ...state, hole: state.hole + 1 };
  }

  markSynced(row: 'started' | 'finished'): void {
    this.#sql.exec(
      row === 'started' ? `UPDATE attempt SET synced_started = 1` : `UPDATE attempt SET synced_finished = 1`,
    );
    const state = this.read()!;
    this.#cached = { ...state, synced: { ...state.synced, [row]: true } };
  }

  forgetAddress(): void {
    const state = this.read();
    if (state === null || state.addressHash === null) return;
    this.#sql.exec(`UPDATE attempt SET ip_hash = ''`);
    this.#cached = { ...state, addressHash: null };
  }

  #change(hole: number, change: (h: HoleState) => HoleState): void {
    const state = this.read()!;
    this.#cached = { ...state, holes: state.holes.map((h) => (h.hole === hole ? change(h) : h)) };
  }

  #load(): AttemptState | null {
    // A read of an object never written finds no table, and creates none.
    const tables = this.#sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'attempt'`);
    if (tables.toArray().length === 0) return null;
    const a = this.#sql.exec<AttemptRecord>('SELECT * FROM attempt WHERE id = 1').toArray()[0];
    if (!a) return null;
    const holes = this.#sql.exec<HoleRow>('SELECT * FROM holes ORDER BY hole').toArray();
    return {
      date: a.date,
      playerId: a.player_id,
      rules: a.rules as PresetName,
      startedAt: a.started_at,
      // '' once forgotten (the column cannot be null in objects made before).
      addressHash: a.ip_hash === '' ? null : a.ip_hash,
      hole: a.hole,
      synced: { started: a.synced_started === 1, finished: a.synced_finished === 1 },
      holes: holes.map((h) => ({
        hole: h.hole,
        deck: deckOfText(h.deck),
        log: h.log,
        drawn: h.drawn,
        drawTimes: JSON.parse(h.draw_times) as number[],
        strokes: h.strokes,
        finishedAt: h.finished_at,
      })),
    };
  }
}

type AttemptRecord = {
  date: string;
  player_id: string;
  rules: string;
  started_at: number;
  ip_hash: string;
  hole: number;
  synced_started: number;
  synced_finished: number;
};
type HoleRow = {
  hole: number;
  deck: string;
  log: string;
  drawn: number;
  draw_times: string;
  strokes: number | null;
  finished_at: number | null;
};
