import type {
  AttemptRow,
  AuditClaim,
  AuditRecord,
  AuditVerdictRecord,
  ChallengePurpose,
  ChallengeRecord,
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

interface MemoryAudit {
  playerId: string;
  total: number;
  finishedAt: number;
  status: 'pending' | 'done';
  leaseUntil: number | null;
  holes: string;
  verdict: Omit<AuditVerdictRecord, 'holes'> | null;
}

interface MemoryAttempt {
  started: StartedRow;
  finished: FinishedRow | null;
  review: boolean;
}

/**
 * The ledger's contract in memory, for tests that run the real app outside workerd (the web's unit tests,
 * through src/testing.ts). It keeps D1's guarantees: first writes win, started and finished rows once each.
 */
export class MemoryLedger implements Ledger {
  readonly #players = new Map<string, PlayerRecord & { ipHash: string }>();
  readonly #tokens = new Map<string, string>();
  readonly #buckets = new Map<string, { tokens: number; updatedAt: number }>();
  readonly #courses = new Map<string, CourseRecord>();
  readonly #attempts = new Map<string, MemoryAttempt>();
  readonly #codes = new Map<string, TransferCodeRecord>();
  readonly #challenges = new Map<string, ChallengeRecord>();
  readonly #credentials = new Map<string, CredentialRecord>();
  readonly #leagues = new Map<string, LeagueRecord>();
  /** league id → player id → joined at */
  readonly #members = new Map<string, Map<string, number>>();
  readonly #dayAudits = new Map<string, DayAuditRecord>();
  readonly #audits = new Map<string, MemoryAudit>();

  async createPlayer(p: PlayerRecord & { tokenHash: string; ipHash: string }): Promise<void> {
    this.#players.set(p.id, { id: p.id, name: p.name, createdAt: p.createdAt, ipHash: p.ipHash });
    this.#tokens.set(p.tokenHash, p.id);
  }

  async playerById(id: string): Promise<PlayerRecord | null> {
    const p = this.#players.get(id);
    return p ? { id: p.id, name: p.name, createdAt: p.createdAt } : null;
  }

  async playerIdByTokenHash(tokenHash: string): Promise<string | null> {
    return this.#tokens.get(tokenHash) ?? null;
  }

  async renamePlayer(id: string, name: string): Promise<void> {
    const p = this.#players.get(id);
    if (p) this.#players.set(id, { ...p, name });
  }

  async takeToken(key: string, now: number, capacity: number, refillMs: number): Promise<boolean> {
    const b = this.#buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    const tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.updatedAt) / refillMs);
    if (tokens < 1) return false;
    this.#buckets.set(key, { tokens: tokens - 1, updatedAt: Math.max(b.updatedAt, now) });
    return true;
  }

  async course(date: string): Promise<CourseRecord | null> {
    return this.#courses.get(date) ?? null;
  }

  async insertCourse(course: CourseRecord): Promise<void> {
    if (!this.#courses.has(course.date)) this.#courses.set(course.date, course);
  }

  async setPerfect(date: string, hole: number, perfect: PerfectRecord): Promise<void> {
    const course = this.#courses.get(date);
    if (!course) return;
    this.#courses.set(date, {
      ...course,
      holes: course.holes.map((h) => (h.hole === hole && h.perfect === null ? { ...h, perfect } : h)),
    });
  }

  async attemptStarted(row: StartedRow): Promise<void> {
    const key = `${row.date}/${row.playerId}`;
    if (!this.#attempts.has(key)) this.#attempts.set(key, { started: row, finished: null, review: false });
  }

  async attemptFinished(row: FinishedRow): Promise<void> {
    const key = `${row.date}/${row.playerId}`;
    const a = this.#attempts.get(key);
    if (!a || a.finished !== null) return;
    a.finished = row;
    // As the attempts_finished_late trigger: a round finishing after its day's audit started is queued too.
    const day = this.#dayAudits.get(row.date);
    if (day && this.#queueAudit(key, row.playerId, row))
      this.#dayAudits.set(row.date, { ...day, rounds: day.rounds + 1, finishedAt: null });
  }

  /** Queues a finished round for its day's audit (once): true when it was not queued yet. */
  #queueAudit(key: string, playerId: string, round: { total: number; finishedAt: number }): boolean {
    if (this.#audits.has(key)) return false;
    this.#audits.set(key, {
      playerId,
      total: round.total,
      finishedAt: round.finishedAt,
      status: 'pending',
      leaseUntil: null,
      holes: '[]',
      verdict: null,
    });
    return true;
  }

  async attempt(date: string, playerId: string): Promise<AttemptRow | null> {
    const a = this.#attempts.get(`${date}/${playerId}`);
    if (!a) return null;
    const f = a.finished;
    return {
      ...a.started,
      review: a.review,
      finished: f && {
        finishedAt: f.finishedAt,
        total: f.total,
        strokes: f.strokes,
        logs: f.logs,
        holeTimes: f.holeTimes,
        drawTimes: f.drawTimes,
      },
    };
  }

  /** Puts a finished round under review (what the audit does in D1). */
  markReview(date: string, playerId: string): void {
    const a = this.#attempts.get(`${date}/${playerId}`);
    if (a?.finished) a.review = true;
  }

  #day(date: string): MemoryAttempt[] {
    return [...this.#attempts.values()].filter((a) => a.started.date === date);
  }

  async dayCounts(date: string): Promise<DayCountsRecord> {
    const day = this.#day(date);
    const counts = new Map<number, number>();
    for (const a of day)
      if (a.finished && !a.review) counts.set(a.finished.total, (counts.get(a.finished.total) ?? 0) + 1);
    return {
      started: day.length,
      review: day.filter((a) => a.finished && a.review).length,
      distribution: [...counts.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([total, count]) => ({ total, count })),
    };
  }

  async standingsPage(date: string, offset: number, limit: number): Promise<StandingsPageRecord> {
    const counts = await this.dayCounts(date);
    const ranked = this.#day(date)
      .flatMap((a) => (a.finished && !a.review ? [a.finished] : []))
      .sort((a, b) => a.total - b.total || a.finishedAt - b.finishedAt || (a.playerId < b.playerId ? -1 : 1));
    const rows = ranked.slice(offset, offset + limit);
    const before = rows.length === 0 ? 0 : ranked.filter((f) => f.total < rows[0]!.total).length;
    return {
      counts,
      audit: this.#dayAudits.get(date) ?? null,
      before,
      rows: rows.map((f) => ({
        playerId: f.playerId,
        name: this.#players.get(f.playerId)?.name ?? '?',
        total: f.total,
        strokes: f.strokes,
        finishedAt: f.finishedAt,
      })),
    };
  }

  async dayAudit(date: string): Promise<DayAuditRecord | null> {
    return this.#dayAudits.get(date) ?? null;
  }

  async startDayAudit(date: string, now: number): Promise<DayAuditRecord> {
    for (const a of this.#day(date)) {
      if (a.finished) this.#queueAudit(`${date}/${a.started.playerId}`, a.started.playerId, a.finished);
    }
    if (!this.#dayAudits.has(date)) {
      const rounds = this.#auditsOf(date).length;
      this.#dayAudits.set(date, {
        rounds,
        audited: 0,
        flagged: 0,
        startedAt: now,
        finishedAt: rounds === 0 ? now : null,
      });
    }
    return this.#dayAudits.get(date)!;
  }

  #auditsOf(date: string): MemoryAudit[] {
    return [...this.#audits.entries()].filter(([k]) => k.startsWith(`${date}/`)).map(([, v]) => v);
  }

  async claimAuditRounds(date: string, now: number, leaseMs: number, limit: number): Promise<AuditClaim[]> {
    const free = this.#auditsOf(date)
      .filter((a) => a.status === 'pending' && (a.leaseUntil === null || a.leaseUntil < now))
      .sort((a, b) => a.total - b.total || a.finishedAt - b.finishedAt || (a.playerId < b.playerId ? -1 : 1))
      .slice(0, limit);
    return free.map((a) => {
      a.leaseUntil = now + leaseMs;
      const logs = this.#attempts.get(`${date}/${a.playerId}`)?.finished?.logs ?? [];
      return { playerId: a.playerId, holes: a.holes, logs };
    });
  }

  async saveAuditHoles(date: string, playerId: string, holes: string): Promise<void> {
    const a = this.#audits.get(`${date}/${playerId}`);
    if (a?.status !== 'pending') return;
    a.holes = holes;
    a.leaseUntil = null;
  }

  async finishAudit(date: string, playerId: string, verdict: AuditVerdictRecord, now: number): Promise<void> {
    const a = this.#audits.get(`${date}/${playerId}`);
    const day = this.#dayAudits.get(date);
    if (!a || a.status !== 'pending' || !day) return;
    a.status = 'done';
    a.leaseUntil = null;
    a.holes = verdict.holes;
    a.verdict = {
      flagged: verdict.flagged,
      pValue: verdict.pValue,
      telling: verdict.telling,
      decisions: verdict.decisions,
    };
    if (verdict.flagged) this.markReview(date, playerId);
    const left = this.#auditsOf(date).some((x) => x.status === 'pending');
    this.#dayAudits.set(date, {
      ...day,
      audited: day.audited + 1,
      flagged: day.flagged + (verdict.flagged ? 1 : 0),
      finishedAt: left ? day.finishedAt : (day.finishedAt ?? now),
    });
  }

  async roundAudit(date: string, playerId: string): Promise<AuditRecord | null> {
    const a = this.#audits.get(`${date}/${playerId}`);
    return a ? { playerId: a.playerId, status: a.status, holes: a.holes, verdict: a.verdict } : null;
  }

  async underReview(date: string, limit: number, offset: number): Promise<ReviewRecord[]> {
    return this.#auditsOf(date)
      .filter((a) => a.verdict?.flagged)
      .sort((a, b) => a.verdict!.pValue - b.verdict!.pValue || (a.playerId < b.playerId ? -1 : 1))
      .slice(offset, offset + limit)
      .map((a) => ({
        playerId: a.playerId,
        name: this.#players.get(a.playerId)?.name ?? '?',
        total: a.total,
        pValue: a.verdict!.pValue,
        telling: a.verdict!.telling,
        decisions: a.verdict!.decisions,
      }));
  }

  async addToken(playerId: string, tokenHash: string): Promise<void> {
    this.#tokens.set(tokenHash, playerId);
  }

  async replaceTokens(playerId: string, tokenHash: string): Promise<void> {
    for (const [hash, owner] of this.#tokens) if (owner === playerId) this.#tokens.delete(hash);
    for (const [hash, code] of this.#codes) if (code.playerId === playerId) this.#codes.delete(hash);
    await this.addToken(playerId, tokenHash);
  }

  async insertTransferCode(code: TransferCodeRecord, keepLive: number): Promise<void> {
    for (const [hash, c] of this.#codes)
      if (c.playerId === code.playerId && c.expiresAt <= code.createdAt) this.#codes.delete(hash);
    this.#codes.set(code.codeHash, code);
    const mine = [...this.#codes.values()].filter((c) => c.playerId === code.playerId);
    // Insertion order breaks ties in creation time, as rowid does in D1.
    for (const old of mine.slice(0, Math.max(0, mine.length - keepLive))) this.#codes.delete(old.codeHash);
  }

  async takeTransferCode(codeHash: string, now: number): Promise<string | null> {
    const code = this.#codes.get(codeHash);
    if (!code || code.expiresAt <= now) return null;
    this.#codes.delete(codeHash);
    return code.playerId;
  }

  async insertChallenge(challenge: ChallengeRecord): Promise<void> {
    this.#challenges.set(challenge.challenge, challenge);
  }

  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    now: number,
  ): Promise<ChallengeRecord | null> {
    const c = this.#challenges.get(challenge);
    if (!c || c.purpose !== purpose || c.expiresAt <= now) return null;
    this.#challenges.delete(challenge);
    return c;
  }

  async insertCredential(credential: CredentialRecord): Promise<void> {
    if (this.#credentials.has(credential.id)) throw new Error('UNIQUE constraint failed: credentials.id');
    this.#credentials.set(credential.id, credential);
  }

  async credential(id: string): Promise<CredentialRecord | null> {
    return this.#credentials.get(id) ?? null;
  }

  async credentialsOf(playerId: string): Promise<CredentialRecord[]> {
    return [...this.#credentials.values()].filter((c) => c.playerId === playerId);
  }

  async touchCredential(id: string, counter: number, usedAt: number): Promise<void> {
    const c = this.#credentials.get(id);
    if (c) this.#credentials.set(id, { ...c, counter, lastUsedAt: usedAt });
  }

  async deleteExpired(now: number): Promise<void> {
    for (const [k, c] of this.#challenges) if (c.expiresAt <= now) this.#challenges.delete(k);
    for (const [k, c] of this.#codes) if (c.expiresAt <= now) this.#codes.delete(k);
  }

  #finishedOf(playerId: string): (FinishedRow & { review: boolean })[] {
    return [...this.#attempts.values()]
      .filter((a) => a.started.playerId === playerId && a.finished)
      .map((a) => ({ ...a.finished!, review: a.review }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  async playerRounds(playerId: string): Promise<RoundRecord[]> {
    return this.#finishedOf(playerId).map((f) => ({ date: f.date, total: f.total, review: f.review }));
  }

  async historyPage(playerId: string, limit: number, offset: number): Promise<HistoryRecord[]> {
    const page = this.#finishedOf(playerId)
      .reverse()
      .slice(offset, offset + limit);
    return Promise.all(
      page.map(async (f) => {
        const { distribution } = await this.dayCounts(f.date);
        return {
          date: f.date,
          total: f.total,
          strokes: f.strokes,
          review: f.review,
          better: distribution.filter((d) => d.total < f.total).reduce((n, d) => n + d.count, 0),
          finishers: distribution.reduce((n, d) => n + d.count, 0),
        };
      }),
    );
  }

  #leagueCount(playerId: string): number {
    return [...this.#members.values()].filter((m) => m.has(playerId)).length;
  }

  #info(league: LeagueRecord): LeagueInfo {
    return { ...league, members: this.#members.get(league.id)?.size ?? 0 };
  }

  async createLeague(league: LeagueRecord, maxLeagues: number): Promise<boolean> {
    if (this.#leagueCount(league.createdBy) >= maxLeagues) return false;
    this.#leagues.set(league.id, league);
    this.#members.set(league.id, new Map([[league.createdBy, league.createdAt]]));
    return true;
  }

  async joinLeague(
    code: string,
    playerId: string,
    joinedAt: number,
    limits: LeagueLimits,
  ): Promise<JoinOutcome> {
    const league = [...this.#leagues.values()].find((l) => l.code === code);
    if (!league) return { kind: 'not-found' };
    const members = this.#members.get(league.id)!;
    if (members.has(playerId)) return { kind: 'member', league };
    if (members.size >= limits.maxMembers) return { kind: 'full' };
    if (this.#leagueCount(playerId) >= limits.maxLeagues) return { kind: 'too-many' };
    members.set(playerId, joinedAt);
    return { kind: 'joined', league };
  }

  async leaveLeague(leagueId: string, playerId: string): Promise<boolean> {
    const members = this.#members.get(leagueId);
    if (!members?.delete(playerId)) return false;
    if (members.size === 0) {
      this.#members.delete(leagueId);
      this.#leagues.delete(leagueId);
    }
    return true;
  }

  async league(id: string): Promise<LeagueInfo | null> {
    const league = this.#leagues.get(id);
    return league ? this.#info(league) : null;
  }

  async isMember(leagueId: string, playerId: string): Promise<boolean> {
    return this.#members.get(leagueId)?.has(playerId) ?? false;
  }

  async leaguesOf(playerId: string): Promise<(LeagueInfo & { joinedAt: number })[]> {
    return [...this.#members.entries()]
      .flatMap(([id, m]) => {
        const joinedAt = m.get(playerId);
        return joinedAt === undefined ? [] : [{ ...this.#info(this.#leagues.get(id)!), joinedAt }];
      })
      .sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : 1));
  }

  async leagueDay(leagueId: string, date: string): Promise<LeagueDayRecord[]> {
    const members = this.#members.get(leagueId) ?? new Map<string, number>();
    const rows = this.#day(date).filter((a) => members.has(a.started.playerId));
    const key = (a: MemoryAttempt) => [
      a.finished === null ? 1 : 0,
      a.finished?.total ?? 0,
      a.finished?.finishedAt ?? 0,
    ];
    return rows
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
        return a.started.playerId < b.started.playerId ? -1 : 1;
      })
      .map((a) => ({
        playerId: a.started.playerId,
        name: this.#players.get(a.started.playerId)?.name ?? '?',
        finished: a.finished && {
          total: a.finished.total,
          strokes: a.finished.strokes,
          finishedAt: a.finished.finishedAt,
        },
        review: a.review,
      }));
  }

  async leagueSeason(leagueId: string, from: string, to: string, best: number): Promise<SeasonRecord[]> {
    const members = this.#members.get(leagueId) ?? new Map<string, number>();
    const out: SeasonRecord[] = [];
    for (const playerId of members.keys()) {
      const totals = this.#finishedOf(playerId)
        .filter((f) => !f.review && f.date >= from && f.date <= to)
        .map((f) => f.total)
        .sort((a, b) => a - b);
      if (totals.length === 0) continue;
      const counted = totals.slice(0, best);
      out.push({
        playerId,
        name: this.#players.get(playerId)?.name ?? '?',
        rounds: totals.length,
        counted: counted.length,
        total: counted.reduce((a, b) => a + b, 0),
      });
    }
    return out;
  }
}
