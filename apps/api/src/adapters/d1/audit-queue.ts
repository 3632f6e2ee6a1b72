import type {
  AuditClaim,
  AuditQueue,
  AuditRecord,
  AuditVerdictRecord,
  DayAuditRecord,
  ReviewRecord,
} from '../../ports/audit-queue.ts';
import { D1Store } from './statements.ts';

export class D1AuditQueue extends D1Store implements AuditQueue {
  async dayAudit(date: string): Promise<DayAuditRecord | null> {
    const row = await this.sql
      .read('SELECT rounds, audited, flagged, started_at, finished_at FROM day_audits WHERE date = ?', date)
      .first<DayAuditRow>();
    return row && toDayAudit(row);
  }
  async startDayAudit(date: string, now: number): Promise<DayAuditRecord> {
    // Both idempotent: a second start (or two at once) queues nothing twice.
    await this.sql.batch([
      this.sql.write(
        `INSERT OR IGNORE INTO audits (date, player_id, total, finished_at)
         SELECT date, player_id, total, finished_at FROM attempts WHERE date = ? AND finished_at IS NOT NULL`,
        date,
      ),
      this.sql.write(
        `INSERT OR IGNORE INTO day_audits (date, rounds, started_at, finished_at)
         SELECT ?1, count(*), ?2, CASE WHEN count(*) = 0 THEN ?2 END FROM audits WHERE date = ?1`,
        date,
        now,
      ),
    ]);
    const audit = await this.dayAudit(date);
    if (!audit) throw new Error(`the audit of ${date} did not start`);
    return audit;
  }
  async claimAuditRounds(date: string, now: number, leaseMs: number, limit: number): Promise<AuditClaim[]> {
    const claimed = await this.sql
      .write(
        `UPDATE audits SET lease_until = ?2 + ?3
       WHERE (date, player_id) IN (
         SELECT date, player_id FROM audits
         WHERE date = ?1 AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?2)
         ORDER BY total, finished_at, player_id LIMIT ?4
       )
       RETURNING player_id, holes, total, finished_at`,
        date,
        now,
        leaseMs,
        limit,
      )
      .run();
    const rows = (
      claimed.results as { player_id: string; holes: string; total: number; finished_at: number }[]
    )
      .slice()
      .sort((a, b) => a.total - b.total || a.finished_at - b.finished_at);
    if (rows.length === 0) return [];
    const logs = await this.sql.batch(
      rows.map((r) =>
        this.sql.read('SELECT logs FROM attempts WHERE date = ? AND player_id = ?', date, r.player_id),
      ),
    );
    return rows.map((r, i) => ({
      playerId: r.player_id,
      holes: r.holes,
      logs: JSON.parse(((logs[i]?.results ?? []) as { logs: string }[])[0]?.logs ?? '[]') as string[],
    }));
  }
  async saveAuditHoles(date: string, playerId: string, holes: string): Promise<void> {
    await this.sql
      .write(
        `UPDATE audits SET holes = ?, lease_until = NULL WHERE date = ? AND player_id = ? AND status = 'pending'`,
        holes,
        date,
        playerId,
      )
      .run();
  }
  async finishAudit(date: string, playerId: string, verdict: AuditVerdictRecord, now: number): Promise<void> {
    // One transaction, and every statement conditional on the round still pending: a verdict counts once.
    const pending = `EXISTS (SELECT 1 FROM audits WHERE date = ?1 AND player_id = ?2 AND status = 'pending')`;
    const flag = verdict.flagged ? 1 : 0;
    await this.sql.batch([
      this.sql.write(
        `UPDATE day_audits SET audited = audited + 1, flagged = flagged + ?3 WHERE date = ?1 AND ${pending}`,
        date,
        playerId,
        flag,
      ),
      this.sql.write(
        `UPDATE attempts SET review = 1 WHERE ?3 = 1 AND date = ?1 AND player_id = ?2 AND ${pending}`,
        date,
        playerId,
        flag,
      ),
      this.sql.write(
        `UPDATE audits SET status = 'done', lease_until = NULL, holes = ?3, flagged = ?4, p_value = ?5,
           telling = ?6, decisions = ?7, audited_at = ?8
         WHERE date = ?1 AND player_id = ?2 AND status = 'pending'`,
        date,
        playerId,
        verdict.holes,
        flag,
        verdict.pValue,
        verdict.telling,
        verdict.decisions,
        now,
      ),
      this.sql.write(
        `UPDATE day_audits SET finished_at = ?2
         WHERE date = ?1 AND finished_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM audits WHERE date = ?1 AND status = 'pending')`,
        date,
        now,
      ),
    ]);
  }
  async roundAudit(date: string, playerId: string): Promise<AuditRecord | null> {
    const row = await this.sql
      .read(
        `SELECT player_id, status, holes, flagged, p_value, telling, decisions FROM audits
       WHERE date = ? AND player_id = ?`,
        date,
        playerId,
      )
      .first<AuditRow>();
    if (!row) return null;
    return {
      playerId: row.player_id,
      status: row.status,
      holes: row.holes,
      verdict:
        row.status === 'done'
          ? {
              flagged: row.flagged === 1,
              pValue: row.p_value ?? 1,
              telling: row.telling ?? 0,
              decisions: row.decisions ?? 0,
            }
          : null,
    };
  }
  async underReview(date: string, limit: number, offset: number): Promise<ReviewRecord[]> {
    const rows = await this.sql
      .read(
        `SELECT a.player_id, p.name, a.total, a.p_value, a.telling, a.decisions
       FROM audits a JOIN players p ON p.id = a.player_id
       WHERE a.date = ? AND a.flagged = 1
       ORDER BY a.p_value, a.player_id LIMIT ? OFFSET ?`,
        date,
        limit,
        offset,
      )
      .all<{
        player_id: string;
        name: string;
        total: number;
        p_value: number;
        telling: number;
        decisions: number;
      }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      total: r.total,
      pValue: r.p_value,
      telling: r.telling,
      decisions: r.decisions,
    }));
  }
}

export interface DayAuditRow {
  rounds: number;
  audited: number;
  flagged: number;
  started_at: number;
  finished_at: number | null;
}

interface AuditRow {
  player_id: string;
  status: 'pending' | 'done';
  holes: string;
  flagged: number | null;
  p_value: number | null;
  telling: number | null;
  decisions: number | null;
}

export const toDayAudit = (row: DayAuditRow): DayAuditRecord => ({
  rounds: row.rounds,
  audited: row.audited,
  flagged: row.flagged,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});
