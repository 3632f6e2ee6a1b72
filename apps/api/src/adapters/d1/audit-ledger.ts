import type {
  AuditLedger,
  AuditRecord,
  DayAuditRecord,
  KeyedRound,
  PassMove,
  ReviewRecord,
  RoundToAudit,
  StandingsKey,
  VerdictRecord,
} from '../../ports/audit-ledger.ts';
import { D1Store } from './statements.ts';

const DAY_COLUMNS = `date, rounds, audited, flagged, started_at, finished_at, pass, cursor_total, cursor_finished,
  cursor_player, paged, progress_at, archive_cursor, archive_at, archived_at`;

/** Ranked rounds of a day in standings order: the index `attempts_standings`, covering. */
const KEYS = `SELECT a.total, a.finished_at, a.player_id,
    EXISTS (SELECT 1 FROM audits v WHERE v.date = a.date AND v.player_id = a.player_id) AS audited
  FROM attempts a
  WHERE a.date = ?1 AND a.finished_at IS NOT NULL AND a.review = 0`;

export class D1AuditLedger extends D1Store implements AuditLedger {
  async dayAudit(date: string): Promise<DayAuditRecord | null> {
    const row = await this.day(date)
      .read(`SELECT ${DAY_COLUMNS} FROM day_audits WHERE date = ?`, date)
      .first<DayAuditRow>();
    return row && toDayAudit(row);
  }
  async startDayAudit(date: string, now: number): Promise<DayAuditRecord> {
    // Idempotent: a second start (or two at once) changes nothing. The rounds are counted from the day's
    // distribution (a row per total), never from the rounds themselves.
    await this.day(date)
      .write(
        `INSERT OR IGNORE INTO day_audits (date, rounds, started_at, finished_at, paged, progress_at)
         SELECT ?1, n, ?2, CASE WHEN n = 0 THEN ?2 END, n = 0, ?2 FROM (
           SELECT coalesce((SELECT sum(count) FROM day_totals WHERE date = ?1), 0)
                + coalesce((SELECT review FROM day_stats WHERE date = ?1), 0) AS n)`,
        date,
        now,
      )
      .run();
    const audit = await this.dayAudit(date);
    if (!audit) throw new Error(`the audit of ${date} did not start`);
    return audit;
  }
  async unfinishedDays(limit: number): Promise<DayAuditRecord[]> {
    // The newest `limit` of every period's, then the newest `limit` of those (periods hold disjoint dates).
    const pages = await Promise.all(
      this.periods.map(({ db }) =>
        db
          .read(
            `SELECT ${DAY_COLUMNS} FROM day_audits WHERE archived_at IS NULL OR finished_at IS NULL
             ORDER BY date DESC LIMIT ?`,
            limit,
          )
          .all<DayAuditRow>(),
      ),
    );
    return pages
      .flatMap((rows) => rows.results.map(toDayAudit))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
      .slice(0, limit);
  }
  async standingsKeys(date: string, after: StandingsKey | null, limit: number): Promise<KeyedRound[]> {
    const sql = this.day(date);
    const order = 'ORDER BY a.total, a.finished_at, a.player_id';
    const rows = await (
      after === null
        ? sql.read(`${KEYS} ${order} LIMIT ?2`, date, limit)
        : sql.read(
            `${KEYS} AND (a.total, a.finished_at, a.player_id) > (?2, ?3, ?4) ${order} LIMIT ?5`,
            date,
            after.total,
            after.finishedAt,
            after.playerId,
            limit,
          )
    ).all<{ total: number; finished_at: number; player_id: string; audited: number }>();
    return rows.results.map((r) => ({
      key: { total: r.total, finishedAt: r.finished_at, playerId: r.player_id },
      audited: r.audited === 1,
    }));
  }
  async advancePass(
    date: string,
    pass: number,
    { from, to, ended }: PassMove,
    now: number,
  ): Promise<boolean> {
    const r = await this.day(date)
      .write(
        `UPDATE day_audits SET cursor_total = ?6, cursor_finished = ?7, cursor_player = ?8, paged = ?9,
           progress_at = ?10
         WHERE date = ?1 AND pass = ?2 AND paged = 0
           AND cursor_total IS ?3 AND cursor_finished IS ?4 AND cursor_player IS ?5`,
        date,
        pass,
        from?.total ?? null,
        from?.finishedAt ?? null,
        from?.playerId ?? null,
        to?.total ?? null,
        to?.finishedAt ?? null,
        to?.playerId ?? null,
        ended ? 1 : 0,
        now,
      )
      .run();
    return r.meta.changes === 1;
  }
  async newPass(date: string, pass: number, now: number): Promise<boolean> {
    const r = await this.day(date)
      .write(
        `UPDATE day_audits SET pass = pass + 1, cursor_total = NULL, cursor_finished = NULL, cursor_player = NULL,
           paged = 0, progress_at = ?3
         WHERE date = ?1 AND pass = ?2`,
        date,
        pass,
        now,
      )
      .run();
    return r.meta.changes === 1;
  }
  async touch(date: string, now: number): Promise<void> {
    await this.day(date).write('UPDATE day_audits SET progress_at = ? WHERE date = ?', now, date).run();
  }
  async lateRounds(date: string, limit: number): Promise<string[]> {
    const rows = await this.day(date)
      .read('SELECT player_id FROM audit_late WHERE date = ? ORDER BY player_id LIMIT ?', date, limit)
      .all<{ player_id: string }>();
    return rows.results.map((r) => r.player_id);
  }
  async forgetLate(date: string, playerIds: readonly string[]): Promise<void> {
    await this.day(date)
      .write(
        'DELETE FROM audit_late WHERE date = ?1 AND player_id IN (SELECT value FROM json_each(?2))',
        date,
        JSON.stringify(playerIds),
      )
      .run();
  }
  async roundsToAudit(date: string, playerIds: readonly string[]): Promise<RoundToAudit[]> {
    const rows = await this.day(date)
      .read(
        `SELECT e.player_id, e.logs,
           EXISTS (SELECT 1 FROM audits v WHERE v.date = ?1 AND v.player_id = e.player_id) AS audited
         FROM round_evidence e
         WHERE e.date = ?1 AND e.player_id IN (SELECT value FROM json_each(?2)) AND e.logs IS NOT NULL`,
        date,
        JSON.stringify(playerIds),
      )
      .all<{ player_id: string; logs: string; audited: number }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      logs: JSON.parse(r.logs) as string[],
      audited: r.audited === 1,
    }));
  }
  async saveVerdicts(date: string, verdicts: readonly VerdictRecord[], now: number): Promise<void> {
    if (verdicts.length === 0) return;
    // One statement for the batch; the trigger `audits_verdict` counts each new verdict once.
    await this.day(date)
      .write(
        `INSERT INTO audits (date, player_id, flagged, p_value, telling, decisions, holes, audited_at)
         SELECT ?1, json_extract(v.value, '$.playerId'), json_extract(v.value, '$.flagged'),
           json_extract(v.value, '$.pValue'), json_extract(v.value, '$.telling'),
           json_extract(v.value, '$.decisions'), json_extract(v.value, '$.holes'), ?3
         FROM json_each(?2) v WHERE true
         ON CONFLICT (date, player_id) DO NOTHING`,
        date,
        JSON.stringify(verdicts),
        now,
      )
      .run();
  }
  async roundAudit(date: string, playerId: string): Promise<AuditRecord | null> {
    const row = await this.day(date)
      .read(
        'SELECT player_id, flagged, p_value, telling, decisions, holes FROM audits WHERE date = ? AND player_id = ?',
        date,
        playerId,
      )
      .first<AuditRow>();
    return (
      row && {
        playerId: row.player_id,
        flagged: row.flagged === 1,
        pValue: row.p_value,
        telling: row.telling,
        decisions: row.decisions,
        holes: row.holes,
      }
    );
  }
  async underReview(date: string, limit: number, offset: number): Promise<ReviewRecord[]> {
    const rows = await this.day(date)
      .read(
        `SELECT v.player_id, a.total, v.p_value, v.telling, v.decisions
       FROM audits v JOIN attempts a ON a.player_id = v.player_id AND a.date = v.date
       WHERE v.date = ? AND v.flagged = 1
       ORDER BY v.p_value, v.player_id LIMIT ? OFFSET ?`,
        date,
        limit,
        offset,
      )
      .all<{
        player_id: string;
        total: number;
        p_value: number;
        telling: number;
        decisions: number;
      }>();
    return (await this.named(rows.results)).map((r) => ({
      playerId: r.player_id,
      name: r.name,
      standIn: r.standIn,
      total: r.total,
      pValue: r.p_value,
      telling: r.telling,
      decisions: r.decisions,
    }));
  }
  async databaseBytes(date?: string): Promise<number> {
    const dbs = date === undefined ? this.periods.map((p) => p.db) : [this.day(date)];
    const sizes = await Promise.all(dbs.map((db) => db.read('SELECT 1').all()));
    return sizes.reduce((sum, r) => sum + r.meta.size_after, 0);
  }
}

export interface DayAuditRow {
  date: string;
  rounds: number;
  audited: number;
  flagged: number;
  started_at: number;
  finished_at: number | null;
  pass: number;
  cursor_total: number | null;
  cursor_finished: number | null;
  cursor_player: string | null;
  paged: number;
  progress_at: number | null;
  archive_cursor: string | null;
  archive_at: number | null;
  archived_at: number | null;
}

interface AuditRow {
  player_id: string;
  flagged: number;
  p_value: number;
  telling: number;
  decisions: number;
  holes: string | null;
}

/** The day's audit row as the port gives it (also read by the standings' batch, adapters/d1/rounds.ts). */
export const DAY_AUDIT_COLUMNS = DAY_COLUMNS;

export const toDayAudit = (row: DayAuditRow): DayAuditRecord => ({
  date: row.date,
  rounds: row.rounds,
  audited: row.audited,
  flagged: row.flagged,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  pass: row.pass,
  cursor:
    row.cursor_player === null
      ? null
      : { total: row.cursor_total!, finishedAt: row.cursor_finished!, playerId: row.cursor_player },
  paged: row.paged === 1,
  progressAt: row.progress_at,
  archiveCursor: row.archive_cursor,
  archiveAt: row.archive_at,
  archivedAt: row.archived_at,
});
