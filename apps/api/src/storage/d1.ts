import type { D1Database } from '@cloudflare/workers-types';
import { makeCard, parseCard, type Card } from '@golf/engine';
import type {
  AttemptHoleRecord,
  AttemptRecord,
  CourseHoleRecord,
  CourseRecord,
  PlayerRecord,
  DayCountsRecord,
  DrawWrite,
  HoleWrite,
  StandingRecord,
  Storage,
} from './storage.ts';

/** Prepared SQL and row mapping only: the rules are in the services, the guarantees in the WHERE clauses. */
export class D1Storage implements Storage {
  readonly #db: D1Database;

  constructor(db: D1Database) {
    this.#db = db;
  }

  async createPlayer(p: PlayerRecord & { tokenHash: string; ipHash: string }): Promise<void> {
    await this.#db
      .prepare('INSERT INTO players (id, name, token_hash, ip_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(p.id, p.name, p.tokenHash, p.ipHash, p.createdAt)
      .run();
  }

  async playerById(id: string): Promise<PlayerRecord | null> {
    const row = await this.#db
      .prepare('SELECT id, name, created_at FROM players WHERE id = ?')
      .bind(id)
      .first<PlayerRow>();
    return row && toPlayer(row);
  }

  async playerByTokenHash(tokenHash: string): Promise<PlayerRecord | null> {
    const row = await this.#db
      .prepare('SELECT id, name, created_at FROM players WHERE token_hash = ?')
      .bind(tokenHash)
      .first<PlayerRow>();
    return row && toPlayer(row);
  }

  async renamePlayer(id: string, name: string): Promise<void> {
    await this.#db.prepare('UPDATE players SET name = ? WHERE id = ?').bind(name, id).run();
  }

  async takeToken(key: string, now: number, capacity: number, refillMs: number): Promise<boolean> {
    // One statement: refill by elapsed time, then take a token only if one is there.
    const result = await this.#db
      .prepare(
        `INSERT INTO rate_limits (key, tokens, updated_at) VALUES (?1, ?2 - 1, ?3)
         ON CONFLICT (key) DO UPDATE
           SET tokens = min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) - 1, updated_at = max(updated_at, ?3)
           WHERE min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) >= 1
         RETURNING key`,
      )
      .bind(key, capacity, now, refillMs)
      .run();
    return result.results.length === 1;
  }

  async course(date: string): Promise<CourseRecord | null> {
    const [courses, holes] = await this.#db.batch([
      this.#db
        .prepare('SELECT date, generator_version, rules, created_at FROM courses WHERE date = ?')
        .bind(date),
      this.#db
        .prepare(
          'SELECT hole, deck, perfect_strokes, perfect_log, perfect_exact FROM course_holes WHERE date = ? ORDER BY hole',
        )
        .bind(date),
    ]);
    const row = (courses?.results as CourseRow[] | undefined)?.[0];
    if (!row) return null;
    return {
      date: row.date,
      generatorVersion: row.generator_version,
      rules: row.rules,
      createdAt: row.created_at,
      holes: ((holes?.results ?? []) as CourseHoleRow[]).map(toCourseHole),
    };
  }

  async insertCourse(course: CourseRecord): Promise<void> {
    // One transaction: a reader that sees the course row sees all nine holes.
    await this.#db.batch([
      this.#db
        .prepare(
          'INSERT OR IGNORE INTO courses (date, generator_version, rules, created_at) VALUES (?, ?, ?, ?)',
        )
        .bind(course.date, course.generatorVersion, course.rules, course.createdAt),
      ...course.holes.map((h) =>
        this.#db
          .prepare(
            `INSERT OR IGNORE INTO course_holes (date, hole, deck, perfect_strokes, perfect_log, perfect_exact)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            course.date,
            h.hole,
            h.deck.map(makeCard).join(' '),
            h.perfect.strokes,
            h.perfect.log,
            h.perfect.exact ? 1 : 0,
          ),
      ),
    ]);
  }

  async startAttempt(date: string, playerId: string, now: number, ipHash: string): Promise<void> {
    await this.#db.batch([
      this.#db
        .prepare('INSERT OR IGNORE INTO attempts (date, player_id, started_at, ip_hash) VALUES (?, ?, ?, ?)')
        .bind(date, playerId, now, ipHash),
      this.#db
        .prepare(
          `INSERT OR IGNORE INTO attempt_holes (date, player_id, hole)
           VALUES (?1, ?2, 1), (?1, ?2, 2), (?1, ?2, 3), (?1, ?2, 4), (?1, ?2, 5), (?1, ?2, 6), (?1, ?2, 7), (?1, ?2, 8), (?1, ?2, 9)`,
        )
        .bind(date, playerId),
    ]);
  }

  async attempt(date: string, playerId: string): Promise<AttemptRecord | null> {
    const [attempts, holes] = await this.#db.batch([
      this.#db
        .prepare('SELECT hole, total, started_at, finished_at FROM attempts WHERE date = ? AND player_id = ?')
        .bind(date, playerId),
      this.#db
        .prepare(
          `SELECT hole, log, drawn, draw_times, strokes, finished_at FROM attempt_holes
           WHERE date = ? AND player_id = ? ORDER BY hole`,
        )
        .bind(date, playerId),
    ]);
    const row = (attempts?.results as AttemptRow[] | undefined)?.[0];
    if (!row) return null;
    return {
      date,
      playerId,
      hole: row.hole,
      total: row.total,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      holes: ((holes?.results ?? []) as AttemptHoleRow[]).map(toAttemptHole),
    };
  }

  async recordDraw(d: DrawWrite): Promise<boolean> {
    const result = await this.#db
      .prepare(
        `UPDATE attempt_holes SET log = ?1, drawn = drawn + 1, draw_times = json_insert(draw_times, '$[#]', ?2)
         WHERE date = ?3 AND player_id = ?4 AND hole = ?5 AND drawn = ?6 AND strokes IS NULL
           AND substr(?1, 1, length(log)) = log
           AND hole = (SELECT hole FROM attempts WHERE date = ?3 AND player_id = ?4)
         RETURNING hole`,
      )
      .bind(d.log, d.now, d.date, d.playerId, d.hole, d.drawn)
      .run();
    return result.results.length === 1;
  }

  async finishHole(f: HoleWrite): Promise<number | null> {
    // One transaction. The attempt moves on only from this hole, so a concurrent second finish changes nothing.
    const [holeResult, attemptResult] = await this.#db.batch([
      this.#db
        .prepare(
          `UPDATE attempt_holes SET log = ?1, strokes = ?2, finished_at = ?3
           WHERE date = ?4 AND player_id = ?5 AND hole = ?6 AND drawn = ?7 AND strokes IS NULL
             AND substr(?1, 1, length(log)) = log
             AND hole = (SELECT hole FROM attempts WHERE date = ?4 AND player_id = ?5)
           RETURNING hole`,
        )
        .bind(f.log, f.strokes, f.now, f.date, f.playerId, f.hole, f.drawn),
      this.#db
        .prepare(
          `UPDATE attempts
           SET hole = hole + 1, total = total + ?1, strokes = json_insert(strokes, '$[#]', ?1),
               finished_at = CASE WHEN hole = 9 THEN ?2 ELSE NULL END
           WHERE date = ?3 AND player_id = ?4 AND hole = ?5
             AND EXISTS (SELECT 1 FROM attempt_holes
                         WHERE date = ?3 AND player_id = ?4 AND hole = ?5 AND finished_at = ?2 AND log = ?6)
           RETURNING total`,
        )
        .bind(f.strokes, f.now, f.date, f.playerId, f.hole, f.log),
    ]);
    // Changes are read from RETURNING rows: D1's change counts include the rows the triggers write.
    const applied = holeResult?.results.length === 1;
    const total = (attemptResult?.results as { total: number }[] | undefined)?.[0]?.total;
    if (applied !== (total !== undefined)) throw new Error('attempt and hole rows disagree');
    return total ?? null;
  }

  async dayCounts(date: string): Promise<DayCountsRecord> {
    const [totals, stats] = await this.#db.batch([
      this.#db.prepare('SELECT total, count FROM day_totals WHERE date = ? ORDER BY total').bind(date),
      this.#db.prepare('SELECT started FROM day_stats WHERE date = ?').bind(date),
    ]);
    return {
      distribution: ((totals?.results ?? []) as { total: number; count: number }[]).map((r) => ({
        total: r.total,
        count: r.count,
      })),
      started: ((stats?.results ?? []) as { started: number }[])[0]?.started ?? 0,
    };
  }

  async standingsPage(
    date: string,
    fromTotal: number,
    skip: number,
    limit: number,
  ): Promise<StandingRecord[]> {
    const page = await this.#db
      .prepare(
        `SELECT a.player_id, p.name, a.total, a.strokes, a.finished_at
         FROM attempts a JOIN players p ON p.id = a.player_id
         WHERE a.date = ? AND a.finished_at IS NOT NULL AND a.total >= ?
         ORDER BY a.total, a.finished_at, a.player_id LIMIT ? OFFSET ?`,
      )
      .bind(date, fromTotal, limit, skip)
      .all<StandingRow>();
    return page.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      total: r.total,
      strokes: JSON.parse(r.strokes) as number[],
      finishedAt: r.finished_at,
    }));
  }
}

interface PlayerRow {
  id: string;
  name: string;
  created_at: number;
}
interface CourseRow {
  date: string;
  generator_version: number;
  rules: string;
  created_at: number;
}
interface CourseHoleRow {
  hole: number;
  deck: string;
  perfect_strokes: number;
  perfect_log: string;
  perfect_exact: number;
}
interface AttemptRow {
  hole: number;
  total: number;
  started_at: number;
  finished_at: number | null;
}
interface AttemptHoleRow {
  hole: number;
  log: string;
  drawn: number;
  draw_times: string;
  strokes: number | null;
  finished_at: number | null;
}
interface StandingRow {
  player_id: string;
  name: string;
  total: number;
  strokes: string;
  finished_at: number;
}

const toPlayer = (row: PlayerRow): PlayerRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
});

function toCourseHole(row: CourseHoleRow): CourseHoleRecord {
  const deck: Card[] = row.deck.split(' ').map((text) => {
    const card = parseCard(text);
    if (!card.ok) throw new Error(`stored deck holds ${text}`);
    return card.value;
  });
  return {
    hole: row.hole,
    deck,
    perfect: { strokes: row.perfect_strokes, log: row.perfect_log, exact: row.perfect_exact === 1 },
  };
}

const toAttemptHole = (row: AttemptHoleRow): AttemptHoleRecord => ({
  hole: row.hole,
  log: row.log,
  drawn: row.drawn,
  drawTimes: JSON.parse(row.draw_times) as number[],
  strokes: row.strokes,
  finishedAt: row.finished_at,
});
