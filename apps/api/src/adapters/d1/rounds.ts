import type {
  AttemptRecord,
  DayCountsRecord,
  DayHolesRecord,
  HistoryRecord,
  PlayerAttemptRecord,
  RoundFinishRecord,
  RoundRecord,
  RoundStartRecord,
  RoundStore,
  StandingsPageRecord,
} from '../../ports/rounds.ts';
import { DAY_AUDIT_COLUMNS, toDayAudit, type DayAuditRow } from './audit-ledger.ts';
import { D1Store, type Statements } from './statements.ts';
import { decodeTimes, encodeTimes } from './times.ts';

export class D1RoundStore extends D1Store implements RoundStore {
  async attemptStarted(row: RoundStartRecord): Promise<void> {
    const sql = this.day(row.date);
    await sql.batch([
      sql.write('INSERT OR IGNORE INTO attempts (player_id, date) VALUES (?, ?)', row.playerId, row.date),
      sql.write(
        'INSERT OR IGNORE INTO round_evidence (date, player_id, started_at, ip_hash) VALUES (?, ?, ?, ?)',
        row.date,
        row.playerId,
        row.startedAt,
        row.addressHash,
      ),
    ]);
  }
  async attemptFinished(row: RoundFinishRecord): Promise<void> {
    // The started row is always written first (the attempt object syncs in order); a repeat changes nothing, and
    // the triggers rank the round once.
    const sql = this.day(row.date);
    await sql.batch([
      sql.write(
        `UPDATE attempts SET finished_at = ?, total = ?, strokes = ?
         WHERE player_id = ? AND date = ? AND finished_at IS NULL`,
        row.finishedAt,
        row.total,
        JSON.stringify(row.strokes),
        row.playerId,
        row.date,
      ),
      sql.write(
        `INSERT INTO round_evidence (date, player_id, logs, times) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (date, player_id) DO UPDATE SET logs = ?3, times = ?4 WHERE logs IS NULL`,
        row.date,
        row.playerId,
        JSON.stringify(row.logs),
        encodeTimes(row),
      ),
    ]);
  }
  async attempt(date: string, playerId: string): Promise<AttemptRecord | null> {
    const row = await this.day(date)
      .read(
        'SELECT date, player_id, finished_at, total, strokes, review FROM attempts WHERE player_id = ? AND date = ?',
        playerId,
        date,
      )
      .first<AttemptRow>();
    return row && toAttempt(row);
  }
  async roundLogs(date: string, playerId: string): Promise<readonly string[] | null> {
    const row = await this.day(date)
      .read(
        'SELECT logs FROM round_evidence WHERE date = ? AND player_id = ? AND logs IS NOT NULL',
        date,
        playerId,
      )
      .first<{ logs: string }>();
    return row && (JSON.parse(row.logs) as string[]);
  }
  async dayCounts(date: string): Promise<DayCountsRecord> {
    const sql = this.day(date);
    const [totals, stats] = await sql.batch([
      sql.read('SELECT total, count FROM day_totals WHERE date = ? ORDER BY total', date),
      sql.read('SELECT started, review FROM day_stats WHERE date = ?', date),
    ]);
    return toCounts(totals?.results, stats?.results);
  }
  async standingsPage(date: string, offset: number, limit: number): Promise<StandingsPageRecord> {
    // One round trip. The page's first total, and how many ranked finishers come before it, come from the small
    // per-day distribution; the page then seeks to that total in the standings index and skips only within it.
    // The names come from `DB` (a second round trip: the day's database holds ids only).
    const sql = this.day(date);
    const [totals, stats, audit, page] = await sql.batch([
      sql.read('SELECT total, count FROM day_totals WHERE date = ? ORDER BY total', date),
      sql.read('SELECT started, review FROM day_stats WHERE date = ?', date),
      sql.read(`SELECT ${DAY_AUDIT_COLUMNS} FROM day_audits WHERE date = ?`, date),
      sql.read(
        `WITH cum AS (
           SELECT total, count, SUM(count) OVER (ORDER BY total) - count AS before FROM day_totals WHERE date = ?1
         ),
         start AS (SELECT total, before FROM cum WHERE ?2 < before + count ORDER BY total LIMIT 1)
         SELECT a.player_id, a.total, a.strokes, a.finished_at, (SELECT before FROM start) AS before
         FROM attempts a
         WHERE a.date = ?1 AND a.finished_at IS NOT NULL AND a.review = 0 AND a.total >= coalesce((SELECT total FROM start), 1000000000)
         ORDER BY a.total, a.finished_at, a.player_id
         LIMIT ?3 OFFSET coalesce(?2 - (SELECT before FROM start), 0)`,
        date,
        offset,
        limit,
      ),
    ]);
    const rows = (page?.results ?? []) as (StandingRow & { before: number })[];
    return {
      counts: toCounts(totals?.results, stats?.results),
      audit: ((audit?.results ?? []) as DayAuditRow[]).map(toDayAudit)[0] ?? null,
      before: rows[0]?.before ?? 0,
      rows: (await this.named(rows)).map((r) => ({
        playerId: r.player_id,
        name: r.name,
        standIn: r.standIn,
        total: r.total,
        strokes: JSON.parse(r.strokes) as number[],
        finishedAt: r.finished_at,
      })),
    };
  }
  async dayHoles(date: string): Promise<DayHolesRecord> {
    const sql = this.day(date);
    const [finishers, audit, strokes] = await sql.batch([
      sql.read('SELECT coalesce(sum(count), 0) AS n FROM day_totals WHERE date = ?', date),
      sql.read(`SELECT ${DAY_AUDIT_COLUMNS} FROM day_audits WHERE date = ?`, date),
      sql.read(
        'SELECT hole, strokes, count FROM day_hole_strokes WHERE date = ? AND count > 0 ORDER BY hole, strokes',
        date,
      ),
    ]);
    return {
      finishers: ((finishers?.results ?? []) as { n: number }[])[0]?.n ?? 0,
      audit: ((audit?.results ?? []) as DayAuditRow[]).map(toDayAudit)[0] ?? null,
      strokes: ((strokes?.results ?? []) as { hole: number; strokes: number; count: number }[]).map((r) => ({
        hole: r.hole,
        strokes: r.strokes,
        count: r.count,
      })),
    };
  }
  async playerRounds(playerId: string): Promise<RoundRecord[]> {
    // Each period's rounds by primary key (player, then date), in parallel; the periods are in date order.
    const pages = await Promise.all(
      this.periods.map(({ db }) =>
        db
          .read(
            `SELECT date, total, review FROM attempts
             WHERE player_id = ? AND finished_at IS NOT NULL ORDER BY date`,
            playerId,
          )
          .all<{ date: string; total: number; review: number }>(),
      ),
    );
    return pages.flatMap((rows) =>
      rows.results.map((r) => ({ date: r.date, total: r.total, review: r.review === 1 })),
    );
  }
  async historyPage(playerId: string, limit: number, offset: number): Promise<HistoryRecord[]> {
    // Newest period first, each asked for no more than the page still needs: a first page is usually one
    // statement; the periods a page skips whole are only counted.
    const found: HistoryRecord[] = [];
    let skip = offset;
    for (const { db } of [...this.periods].reverse()) {
      if (found.length === limit) break;
      const rows = await db
        .read(
          `SELECT a.date, a.total, a.strokes, a.review,
           (SELECT coalesce(sum(d.count), 0) FROM day_totals d WHERE d.date = a.date AND d.total < a.total) AS better,
           (SELECT coalesce(sum(d.count), 0) FROM day_totals d WHERE d.date = a.date) AS finishers,
           count(*) OVER () AS rounds
         FROM attempts a WHERE a.player_id = ? AND a.finished_at IS NOT NULL
         ORDER BY a.date DESC LIMIT ? OFFSET ?`,
          playerId,
          limit - found.length,
          skip,
        )
        .all<HistoryRow>();
      const rounds = rows.results[0]?.rounds ?? (skip > 0 ? await this.#roundsIn(db, playerId) : 0);
      skip = Math.max(0, skip - rounds);
      for (const r of rows.results)
        found.push({
          date: r.date,
          total: r.total,
          strokes: JSON.parse(r.strokes) as number[],
          review: r.review === 1,
          better: r.better,
          finishers: r.finishers,
        });
    }
    return found;
  }
  async hasRankedRound(playerId: string): Promise<boolean> {
    // Each period by primary key (player, then date); the newest period first answers most players at once.
    for (const { db } of [...this.periods].reverse()) {
      const row = await db
        .read(
          'SELECT 1 AS yes FROM attempts WHERE player_id = ? AND finished_at IS NOT NULL AND review = 0 LIMIT 1',
          playerId,
        )
        .first<{ yes: number }>();
      if (row !== null) return true;
    }
    return false;
  }
  async playerAttempts(playerId: string): Promise<PlayerAttemptRecord[]> {
    // Each period's attempts by primary key (player, then date), their evidence and verdict by their unique keys.
    const pages = await Promise.all(
      this.periods.map(({ db }) =>
        db
          .read(
            `SELECT a.date, a.player_id, a.finished_at, a.total, a.strokes, a.review,
               e.player_id IS NOT NULL AS kept, e.started_at, e.logs, e.times,
               v.flagged, v.p_value, v.telling, v.decisions
             FROM attempts a
               LEFT JOIN round_evidence e ON e.date = a.date AND e.player_id = a.player_id
               LEFT JOIN audits v ON v.date = a.date AND v.player_id = a.player_id
             WHERE a.player_id = ? ORDER BY a.date`,
            playerId,
          )
          .all<PlayerAttemptRow>(),
      ),
    );
    return pages.flatMap((page) =>
      page.results.map((r) => ({
        ...toAttempt(r),
        evidence:
          r.kept === 1
            ? {
                startedAt: r.started_at,
                finished:
                  r.logs === null
                    ? null
                    : { logs: JSON.parse(r.logs) as string[], ...decodeTimes(r.times ?? '') },
              }
            : null,
        verdict:
          r.flagged === null
            ? null
            : {
                flagged: r.flagged === 1,
                pValue: r.p_value ?? 1,
                telling: r.telling ?? 0,
                decisions: r.decisions ?? 0,
              },
      })),
    );
  }
  async forgetAddresses(playerIds: readonly string[]): Promise<void> {
    // By the evidence's unique key (date, player): the players' dates come from the attempts' primary key.
    if (playerIds.length === 0) return;
    await Promise.all(
      this.periods.map(({ db }) =>
        db
          .write(
            `UPDATE round_evidence SET ip_hash = NULL
             WHERE ip_hash IS NOT NULL AND (date, player_id) IN (
               SELECT a.date, a.player_id FROM attempts a WHERE a.player_id IN (SELECT value FROM json_each(?)))`,
            JSON.stringify(playerIds),
          )
          .run(),
      ),
    );
  }
  /** How many finished rounds of `playerId` a day database holds. */
  async #roundsIn(db: Statements, playerId: string): Promise<number> {
    const row = await db
      .read('SELECT count(*) AS n FROM attempts WHERE player_id = ? AND finished_at IS NOT NULL', playerId)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }
}

interface HistoryRow {
  date: string;
  total: number;
  strokes: string;
  review: number;
  better: number;
  finishers: number;
  rounds: number;
}

interface PlayerAttemptRow extends AttemptRow {
  kept: number;
  started_at: number | null;
  logs: string | null;
  times: string | null;
  flagged: number | null;
  p_value: number | null;
  telling: number | null;
  decisions: number | null;
}

interface AttemptRow {
  date: string;
  player_id: string;
  finished_at: number | null;
  total: number | null;
  strokes: string | null;
  review: number;
}

interface StandingRow {
  player_id: string;
  total: number;
  strokes: string;
  finished_at: number;
}

function toCounts(totals: unknown[] | undefined, stats: unknown[] | undefined): DayCountsRecord {
  const s = ((stats ?? []) as { started: number; review: number }[])[0];
  return {
    distribution: ((totals ?? []) as { total: number; count: number }[]).map((r) => ({
      total: r.total,
      count: r.count,
    })),
    started: s?.started ?? 0,
    review: s?.review ?? 0,
  };
}

function toAttempt(row: AttemptRow): AttemptRecord {
  return {
    date: row.date,
    playerId: row.player_id,
    finished:
      row.finished_at === null
        ? null
        : {
            finishedAt: row.finished_at,
            total: row.total ?? 0,
            strokes: JSON.parse(row.strokes ?? '[]') as number[],
          },
    review: row.review === 1,
  };
}
