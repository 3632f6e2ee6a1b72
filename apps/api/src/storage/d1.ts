import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

/** What the ledger needs of D1: prepared statements and batches (one transaction each). */
export type SqlDatabase = Pick<D1Database, 'prepare' | 'batch'>;
import { makeCard, parseCard, type Card } from '@golf/engine';
import { counters } from '../counters.ts';
import type {
  AttemptRow,
  AuditClaim,
  AuditRecord,
  AuditVerdictRecord,
  ChallengePurpose,
  ChallengeRecord,
  CourseHoleRecord,
  CourseRecord,
  CredentialRecord,
  DayAuditRecord,
  DayCountsRecord,
  FinishedRow,
  HistoryRecord,
  JoinOutcome,
  LeagueDayRecord,
  LeagueInfo,
  LeagueLimits,
  LeagueRecord,
  Ledger,
  PerfectRecord,
  PlayerRecord,
  ReviewRecord,
  RoundRecord,
  SeasonRecord,
  StandingsPageRecord,
  StartedRow,
  TransferCodeRecord,
} from './ledger.ts';

/**
 * Statements sent to D1 by this isolate, for the local bench (`GET /api/_bench/counters` with SERVER_TIMING=1).
 * A batch counts each of its statements.
 */
export const d1Statements = { reads: 0, writes: 0 };

/** Prepared SQL and row mapping only: the rules are in the services and the attempt objects. */
export class D1Ledger implements Ledger {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  #read(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Reads++;
    return this.#db.prepare(sql).bind(...values);
  }

  #write(sql: string, ...values: unknown[]): D1PreparedStatement {
    counters.d1Writes++;
    return this.#db.prepare(sql).bind(...values);
  }

  async createPlayer(p: PlayerRecord & { tokenHash: string; ipHash: string }): Promise<void> {
    // One transaction: a player never exists without its first token.
    await this.#db.batch([
      this.#write(
        'INSERT INTO players (id, name, ip_hash, created_at) VALUES (?, ?, ?, ?)',
        p.id,
        p.name,
        p.ipHash,
        p.createdAt,
      ),
      this.#write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        p.tokenHash,
        p.id,
        p.createdAt,
      ),
    ]);
  }

  async playerById(id: string): Promise<PlayerRecord | null> {
    const row = await this.#read(
      'SELECT id, name, created_at FROM players WHERE id = ?',
      id,
    ).first<PlayerRow>();
    return row && toPlayer(row);
  }

  async playerIdByTokenHash(tokenHash: string): Promise<string | null> {
    const row = await this.#read('SELECT player_id FROM tokens WHERE token_hash = ?', tokenHash).first<{
      player_id: string;
    }>();
    return row?.player_id ?? null;
  }

  async renamePlayer(id: string, name: string): Promise<void> {
    await this.#write('UPDATE players SET name = ? WHERE id = ?', name, id).run();
  }

  async takeToken(key: string, now: number, capacity: number, refillMs: number): Promise<boolean> {
    // One statement: refill by elapsed time, then take a token only if one is there.
    const result = await this.#write(
      `INSERT INTO rate_limits (key, tokens, updated_at) VALUES (?1, ?2 - 1, ?3)
       ON CONFLICT (key) DO UPDATE
         SET tokens = min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) - 1, updated_at = max(updated_at, ?3)
         WHERE min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) >= 1
       RETURNING key`,
      key,
      capacity,
      now,
      refillMs,
    ).run();
    return result.results.length === 1;
  }

  async course(date: string): Promise<CourseRecord | null> {
    const [courses, holes] = await this.#db.batch([
      this.#read('SELECT date, generator_version, rules, created_at FROM courses WHERE date = ?', date),
      this.#read(
        'SELECT hole, deck, perfect_strokes, perfect_log, perfect_exact FROM course_holes WHERE date = ? ORDER BY hole',
        date,
      ),
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
      this.#write(
        'INSERT OR IGNORE INTO courses (date, generator_version, rules, created_at) VALUES (?, ?, ?, ?)',
        course.date,
        course.generatorVersion,
        course.rules,
        course.createdAt,
      ),
      ...course.holes.map((h) =>
        this.#write(
          `INSERT OR IGNORE INTO course_holes (date, hole, deck, perfect_strokes, perfect_log, perfect_exact)
           VALUES (?, ?, ?, ?, ?, ?)`,
          course.date,
          h.hole,
          h.deck.map(makeCard).join(' '),
          h.perfect?.strokes ?? null,
          h.perfect?.log ?? null,
          h.perfect === null ? null : h.perfect.exact ? 1 : 0,
        ),
      ),
    ]);
  }

  async setPerfect(date: string, hole: number, perfect: PerfectRecord): Promise<void> {
    await this.#write(
      `UPDATE course_holes SET perfect_strokes = ?, perfect_log = ?, perfect_exact = ?
       WHERE date = ? AND hole = ? AND perfect_log IS NULL`,
      perfect.strokes,
      perfect.log,
      perfect.exact ? 1 : 0,
      date,
      hole,
    ).run();
  }

  async attemptStarted(row: StartedRow): Promise<void> {
    await this.#write(
      'INSERT OR IGNORE INTO attempts (date, player_id, started_at, ip_hash) VALUES (?, ?, ?, ?)',
      row.date,
      row.playerId,
      row.startedAt,
      row.ipHash,
    ).run();
  }

  async attemptFinished(row: FinishedRow): Promise<void> {
    // The started row is always written first (the attempt object syncs in order); a repeat changes nothing, and
    // the trigger ranks the round once.
    await this.#write(
      `UPDATE attempts SET finished_at = ?, total = ?, strokes = ?, logs = ?, hole_times = ?, draw_times = ?
       WHERE date = ? AND player_id = ? AND finished_at IS NULL`,
      row.finishedAt,
      row.total,
      JSON.stringify(row.strokes),
      JSON.stringify(row.logs),
      JSON.stringify(row.holeTimes),
      JSON.stringify(row.drawTimes),
      row.date,
      row.playerId,
    ).run();
  }

  async attempt(date: string, playerId: string): Promise<AttemptRow | null> {
    const row = await this.#read(
      `SELECT date, player_id, started_at, ip_hash, finished_at, total, strokes, logs, hole_times, draw_times, review
       FROM attempts WHERE date = ? AND player_id = ?`,
      date,
      playerId,
    ).first<AttemptDbRow>();
    return row && toAttempt(row);
  }

  async dayCounts(date: string): Promise<DayCountsRecord> {
    const [totals, stats] = await this.#db.batch([
      this.#read('SELECT total, count FROM day_totals WHERE date = ? ORDER BY total', date),
      this.#read('SELECT started, review FROM day_stats WHERE date = ?', date),
    ]);
    return toCounts(totals?.results, stats?.results);
  }

  async standingsPage(date: string, offset: number, limit: number): Promise<StandingsPageRecord> {
    // One round trip. The page's first total, and how many ranked finishers come before it, come from the small
    // per-day distribution; the page then seeks to that total in the standings index and skips only within it.
    const [totals, stats, audit, page] = await this.#db.batch([
      this.#read('SELECT total, count FROM day_totals WHERE date = ? ORDER BY total', date),
      this.#read('SELECT started, review FROM day_stats WHERE date = ?', date),
      this.#read(
        'SELECT rounds, audited, flagged, started_at, finished_at FROM day_audits WHERE date = ?',
        date,
      ),
      this.#read(
        `WITH cum AS (
           SELECT total, count, SUM(count) OVER (ORDER BY total) - count AS before FROM day_totals WHERE date = ?1
         ),
         start AS (SELECT total, before FROM cum WHERE ?2 < before + count ORDER BY total LIMIT 1)
         SELECT a.player_id, p.name, a.total, a.strokes, a.finished_at, (SELECT before FROM start) AS before
         FROM attempts a JOIN players p ON p.id = a.player_id
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
      rows: rows.map((r) => ({
        playerId: r.player_id,
        name: r.name,
        total: r.total,
        strokes: JSON.parse(r.strokes) as number[],
        finishedAt: r.finished_at,
      })),
    };
  }

  async dayAudit(date: string): Promise<DayAuditRecord | null> {
    const row = await this.#read(
      'SELECT rounds, audited, flagged, started_at, finished_at FROM day_audits WHERE date = ?',
      date,
    ).first<DayAuditRow>();
    return row && toDayAudit(row);
  }

  async startDayAudit(date: string, now: number): Promise<DayAuditRecord> {
    // Both idempotent: a second start (or two at once) queues nothing twice.
    await this.#db.batch([
      this.#write(
        `INSERT OR IGNORE INTO audits (date, player_id, total, finished_at)
         SELECT date, player_id, total, finished_at FROM attempts WHERE date = ? AND finished_at IS NOT NULL`,
        date,
      ),
      this.#write(
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
    const claimed = await this.#write(
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
    ).run();
    const rows = (
      claimed.results as { player_id: string; holes: string; total: number; finished_at: number }[]
    )
      .slice()
      .sort((a, b) => a.total - b.total || a.finished_at - b.finished_at);
    if (rows.length === 0) return [];
    const logs = await this.#db.batch(
      rows.map((r) =>
        this.#read('SELECT logs FROM attempts WHERE date = ? AND player_id = ?', date, r.player_id),
      ),
    );
    return rows.map((r, i) => ({
      playerId: r.player_id,
      holes: r.holes,
      logs: JSON.parse(((logs[i]?.results ?? []) as { logs: string }[])[0]?.logs ?? '[]') as string[],
    }));
  }

  async saveAuditHoles(date: string, playerId: string, holes: string): Promise<void> {
    await this.#write(
      `UPDATE audits SET holes = ?, lease_until = NULL WHERE date = ? AND player_id = ? AND status = 'pending'`,
      holes,
      date,
      playerId,
    ).run();
  }

  async finishAudit(date: string, playerId: string, verdict: AuditVerdictRecord, now: number): Promise<void> {
    // One transaction, and every statement conditional on the round still pending: a verdict counts once.
    const pending = `EXISTS (SELECT 1 FROM audits WHERE date = ?1 AND player_id = ?2 AND status = 'pending')`;
    const flag = verdict.flagged ? 1 : 0;
    await this.#db.batch([
      this.#write(
        `UPDATE day_audits SET audited = audited + 1, flagged = flagged + ?3 WHERE date = ?1 AND ${pending}`,
        date,
        playerId,
        flag,
      ),
      this.#write(
        `UPDATE attempts SET review = 1 WHERE ?3 = 1 AND date = ?1 AND player_id = ?2 AND ${pending}`,
        date,
        playerId,
        flag,
      ),
      this.#write(
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
      this.#write(
        `UPDATE day_audits SET finished_at = ?2
         WHERE date = ?1 AND finished_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM audits WHERE date = ?1 AND status = 'pending')`,
        date,
        now,
      ),
    ]);
  }

  async roundAudit(date: string, playerId: string): Promise<AuditRecord | null> {
    const row = await this.#read(
      `SELECT player_id, status, holes, flagged, p_value, telling, decisions FROM audits
       WHERE date = ? AND player_id = ?`,
      date,
      playerId,
    ).first<AuditRow>();
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
    const rows = await this.#read(
      `SELECT a.player_id, p.name, a.total, a.p_value, a.telling, a.decisions
       FROM audits a JOIN players p ON p.id = a.player_id
       WHERE a.date = ? AND a.flagged = 1
       ORDER BY a.p_value, a.player_id LIMIT ? OFFSET ?`,
      date,
      limit,
      offset,
    ).all<{
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

  async addToken(playerId: string, tokenHash: string, createdAt: number): Promise<void> {
    await this.#write(
      'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
      tokenHash,
      playerId,
      createdAt,
    ).run();
  }

  async replaceTokens(playerId: string, tokenHash: string, createdAt: number): Promise<void> {
    await this.#db.batch([
      this.#write('DELETE FROM tokens WHERE player_id = ?', playerId),
      this.#write('DELETE FROM transfer_codes WHERE player_id = ?', playerId),
      this.#write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        tokenHash,
        playerId,
        createdAt,
      ),
    ]);
  }

  async insertTransferCode(code: TransferCodeRecord, keepLive: number): Promise<void> {
    await this.#db.batch([
      this.#write(
        'DELETE FROM transfer_codes WHERE player_id = ? AND expires_at <= ?',
        code.playerId,
        code.createdAt,
      ),
      this.#write(
        'INSERT INTO transfer_codes (code_hash, player_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        code.codeHash,
        code.playerId,
        code.createdAt,
        code.expiresAt,
      ),
      this.#write(
        `DELETE FROM transfer_codes WHERE player_id = ?1 AND code_hash NOT IN (
           SELECT code_hash FROM transfer_codes WHERE player_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
        code.playerId,
        keepLive,
      ),
    ]);
  }

  async takeTransferCode(codeHash: string, now: number): Promise<string | null> {
    const row = await this.#write(
      'DELETE FROM transfer_codes WHERE code_hash = ? AND expires_at > ? RETURNING player_id',
      codeHash,
      now,
    ).first<{ player_id: string }>();
    return row?.player_id ?? null;
  }

  async insertChallenge(c: ChallengeRecord): Promise<void> {
    await this.#write(
      'INSERT INTO challenges (challenge, purpose, player_id, rp_id, expires_at) VALUES (?, ?, ?, ?, ?)',
      c.challenge,
      c.purpose,
      c.playerId,
      c.rpId,
      c.expiresAt,
    ).run();
  }

  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    now: number,
  ): Promise<ChallengeRecord | null> {
    const row = await this.#write(
      `DELETE FROM challenges WHERE challenge = ? AND purpose = ? AND expires_at > ?
       RETURNING challenge, purpose, player_id, rp_id, expires_at`,
      challenge,
      purpose,
      now,
    ).first<ChallengeRow>();
    return (
      row && {
        challenge: row.challenge,
        purpose: row.purpose,
        playerId: row.player_id,
        rpId: row.rp_id,
        expiresAt: row.expires_at,
      }
    );
  }

  async insertCredential(c: CredentialRecord): Promise<void> {
    await this.#write(
      `INSERT INTO credentials (id, player_id, rp_id, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      c.id,
      c.playerId,
      c.rpId,
      c.publicKey,
      c.counter,
      JSON.stringify(c.transports),
      c.createdAt,
      c.lastUsedAt,
    ).run();
  }

  async credential(id: string): Promise<CredentialRecord | null> {
    const row = await this.#read(`SELECT * FROM credentials WHERE id = ?`, id).first<CredentialRow>();
    return row && toCredential(row);
  }

  async credentialsOf(playerId: string): Promise<CredentialRecord[]> {
    const rows = await this.#read(
      'SELECT * FROM credentials WHERE player_id = ? ORDER BY created_at',
      playerId,
    ).all<CredentialRow>();
    return rows.results.map(toCredential);
  }

  async touchCredential(id: string, counter: number, usedAt: number): Promise<void> {
    await this.#write(
      'UPDATE credentials SET counter = ?, last_used_at = ? WHERE id = ?',
      counter,
      usedAt,
      id,
    ).run();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.#db.batch([
      this.#write('DELETE FROM challenges WHERE expires_at <= ?', now),
      this.#write('DELETE FROM transfer_codes WHERE expires_at <= ?', now),
    ]);
  }

  async playerRounds(playerId: string): Promise<RoundRecord[]> {
    const rows = await this.#read(
      `SELECT date, total, review FROM attempts
       WHERE player_id = ? AND finished_at IS NOT NULL ORDER BY date`,
      playerId,
    ).all<{ date: string; total: number; review: number }>();
    return rows.results.map((r) => ({ date: r.date, total: r.total, review: r.review === 1 }));
  }

  async historyPage(playerId: string, limit: number, offset: number): Promise<HistoryRecord[]> {
    const rows = await this.#read(
      `SELECT a.date, a.total, a.strokes, a.review,
         (SELECT coalesce(sum(d.count), 0) FROM day_totals d WHERE d.date = a.date AND d.total < a.total) AS better,
         (SELECT coalesce(sum(d.count), 0) FROM day_totals d WHERE d.date = a.date) AS finishers
       FROM attempts a WHERE a.player_id = ? AND a.finished_at IS NOT NULL
       ORDER BY a.date DESC LIMIT ? OFFSET ?`,
      playerId,
      limit,
      offset,
    ).all<{
      date: string;
      total: number;
      strokes: string;
      review: number;
      better: number;
      finishers: number;
    }>();
    return rows.results.map((r) => ({
      date: r.date,
      total: r.total,
      strokes: JSON.parse(r.strokes) as number[],
      review: r.review === 1,
      better: r.better,
      finishers: r.finishers,
    }));
  }

  async createLeague(league: LeagueRecord, maxLeagues: number): Promise<boolean> {
    const [created] = await this.#db.batch([
      this.#write(
        `INSERT INTO leagues (id, name, code, created_by, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT count(*) FROM league_members WHERE player_id = ?4) < ?6`,
        league.id,
        league.name,
        league.code,
        league.createdBy,
        league.createdAt,
        maxLeagues,
      ),
      this.#write(
        `INSERT INTO league_members (league_id, player_id, joined_at)
         SELECT id, created_by, created_at FROM leagues WHERE id = ?`,
        league.id,
      ),
    ]);
    return (created?.meta.changes ?? 0) > 0;
  }

  async joinLeague(
    code: string,
    playerId: string,
    joinedAt: number,
    limits: LeagueLimits,
  ): Promise<JoinOutcome> {
    // One statement: the limits are checked where the row is written, so concurrent joins cannot overshoot.
    const joined = await this.#write(
      `INSERT INTO league_members (league_id, player_id, joined_at)
       SELECT l.id, ?2, ?3 FROM leagues l WHERE l.code = ?1
         AND (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) < ?4
         AND (SELECT count(*) FROM league_members m WHERE m.player_id = ?2) < ?5
       ON CONFLICT DO NOTHING`,
      code,
      playerId,
      joinedAt,
      limits.maxMembers,
      limits.maxLeagues,
    ).run();
    const row = await this.#read(
      `SELECT l.id, l.name, l.code, l.created_by, l.created_at,
         (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) AS members,
         EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.player_id = ?2) AS mine
       FROM leagues l WHERE l.code = ?1`,
      code,
      playerId,
    ).first<LeagueRow & { mine: number }>();
    if (!row) return { kind: 'not-found' };
    const league = toLeague(row);
    if (joined.meta.changes > 0) return { kind: 'joined', league };
    if (row.mine === 1) return { kind: 'member', league };
    return { kind: row.members >= limits.maxMembers ? 'full' : 'too-many' };
  }

  async leaveLeague(leagueId: string, playerId: string): Promise<boolean> {
    // RETURNING counts this row only (`changes` may include the trigger's delete of an emptied league).
    const row = await this.#write(
      'DELETE FROM league_members WHERE league_id = ? AND player_id = ? RETURNING player_id',
      leagueId,
      playerId,
    ).first<{ player_id: string }>();
    return row !== null;
  }

  async league(id: string): Promise<LeagueInfo | null> {
    const row = await this.#read(
      `SELECT l.*, (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) AS members
       FROM leagues l WHERE l.id = ?`,
      id,
    ).first<LeagueRow>();
    return row && toLeague(row);
  }

  async isMember(leagueId: string, playerId: string): Promise<boolean> {
    const row = await this.#read(
      'SELECT 1 AS yes FROM league_members WHERE league_id = ? AND player_id = ?',
      leagueId,
      playerId,
    ).first<{ yes: number }>();
    return row !== null;
  }

  async leaguesOf(playerId: string): Promise<(LeagueInfo & { joinedAt: number })[]> {
    const rows = await this.#read(
      `SELECT l.*, m.joined_at,
         (SELECT count(*) FROM league_members o WHERE o.league_id = l.id) AS members
       FROM league_members m JOIN leagues l ON l.id = m.league_id
       WHERE m.player_id = ? ORDER BY m.joined_at, l.id`,
      playerId,
    ).all<LeagueRow & { joined_at: number }>();
    return rows.results.map((r) => ({ ...toLeague(r), joinedAt: r.joined_at }));
  }

  async leagueDay(leagueId: string, date: string): Promise<LeagueDayRecord[]> {
    const rows = await this.#read(
      `SELECT a.player_id, p.name, a.finished_at, a.total, a.strokes, a.review
       FROM league_members m
       JOIN attempts a ON a.date = ? AND a.player_id = m.player_id
       JOIN players p ON p.id = m.player_id
       WHERE m.league_id = ?
       ORDER BY a.finished_at IS NULL, a.total, a.finished_at, a.player_id`,
      date,
      leagueId,
    ).all<{
      player_id: string;
      name: string;
      finished_at: number | null;
      total: number | null;
      strokes: string | null;
      review: number;
    }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      finished:
        r.finished_at === null
          ? null
          : {
              total: r.total ?? 0,
              strokes: JSON.parse(r.strokes ?? '[]') as number[],
              finishedAt: r.finished_at,
            },
      review: r.review === 1,
    }));
  }

  async leagueSeason(leagueId: string, from: string, to: string, best: number): Promise<SeasonRecord[]> {
    const rows = await this.#read(
      `SELECT player_id, name, max(rounds) AS rounds, count(*) AS counted, sum(total) AS total FROM (
         SELECT a.player_id, p.name, a.total,
           row_number() OVER (PARTITION BY a.player_id ORDER BY a.total, a.date) AS n,
           count(*) OVER (PARTITION BY a.player_id) AS rounds
         FROM league_members m
         JOIN attempts a ON a.player_id = m.player_id
         JOIN players p ON p.id = m.player_id
         WHERE m.league_id = ? AND a.date BETWEEN ? AND ? AND a.finished_at IS NOT NULL AND a.review = 0
       ) WHERE n <= ? GROUP BY player_id, name`,
      leagueId,
      from,
      to,
      best,
    ).all<{ player_id: string; name: string; rounds: number; counted: number; total: number }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      rounds: r.rounds,
      counted: r.counted,
      total: r.total,
    }));
  }
}

interface DayAuditRow {
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

const toDayAudit = (row: DayAuditRow): DayAuditRecord => ({
  rounds: row.rounds,
  audited: row.audited,
  flagged: row.flagged,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

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

interface ChallengeRow {
  challenge: string;
  purpose: ChallengePurpose;
  player_id: string | null;
  rp_id: string;
  expires_at: number;
}
interface CredentialRow {
  id: string;
  player_id: string;
  rp_id: string;
  public_key: string;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
}
interface LeagueRow {
  id: string;
  name: string;
  code: string;
  created_by: string;
  created_at: number;
  members: number;
}

const toCredential = (r: CredentialRow): CredentialRecord => ({
  id: r.id,
  playerId: r.player_id,
  rpId: r.rp_id,
  publicKey: r.public_key,
  counter: r.counter,
  transports: JSON.parse(r.transports) as string[],
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

const toLeague = (r: LeagueRow): LeagueInfo => ({
  id: r.id,
  name: r.name,
  code: r.code,
  createdBy: r.created_by,
  createdAt: r.created_at,
  members: r.members,
});

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
  perfect_strokes: number | null;
  perfect_log: string | null;
  perfect_exact: number | null;
}
interface AttemptDbRow {
  date: string;
  player_id: string;
  started_at: number;
  ip_hash: string;
  finished_at: number | null;
  total: number | null;
  strokes: string | null;
  logs: string | null;
  hole_times: string | null;
  draw_times: string | null;
  review: number;
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
  const perfect =
    row.perfect_log === null || row.perfect_strokes === null
      ? null
      : { strokes: row.perfect_strokes, log: row.perfect_log, exact: row.perfect_exact === 1 };
  return { hole: row.hole, deck, perfect };
}

function toAttempt(row: AttemptDbRow): AttemptRow {
  const finished =
    row.finished_at === null
      ? null
      : {
          finishedAt: row.finished_at,
          total: row.total ?? 0,
          strokes: JSON.parse(row.strokes ?? '[]') as number[],
          logs: JSON.parse(row.logs ?? '[]') as string[],
          holeTimes: JSON.parse(row.hole_times ?? '[]') as number[],
          drawTimes: JSON.parse(row.draw_times ?? '[]') as number[][],
        };
  return {
    date: row.date,
    playerId: row.player_id,
    startedAt: row.started_at,
    ipHash: row.ip_hash,
    finished,
    review: row.review === 1,
  };
}
