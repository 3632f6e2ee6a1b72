/** The fair-play audit of closed days: the queue of rounds, leases, verdicts and rounds under review. Times are milliseconds since the epoch. */
export interface AuditQueue {
  /** The day's fair-play audit, or null before it started. */
  dayAudit(date: string): Promise<DayAuditRecord | null>;
  /** Starts the day's audit (once): every finished round is queued. Answers the audit's progress. */
  startDayAudit(date: string, now: number): Promise<DayAuditRecord>;
  /**
   * Claims up to `limit` queued rounds that no other slice holds (top of the standings first) until
   * `now + leaseMs`, with their logs and the holes audited so far.
   */
  claimAuditRounds(date: string, now: number, leaseMs: number, limit: number): Promise<AuditClaim[]>;
  /** Stores the holes audited so far (JSON of the engine's HoleAudit list) and lets the round go (no lease). */
  saveAuditHoles(date: string, playerId: string, holes: string): Promise<void>;
  /**
   * Finishes a round's audit with its verdict (once): a flagged round's attempt goes under review; the day's
   * audit is finished when no round is left.
   */
  finishAudit(date: string, playerId: string, verdict: AuditVerdictRecord, now: number): Promise<void>;
  /** A round's audit (null when the day's audit has not queued it). */
  roundAudit(date: string, playerId: string): Promise<AuditRecord | null>;
  /** Rounds under review, lowest p-value first. */
  underReview(date: string, limit: number, offset: number): Promise<ReviewRecord[]>;
}

export interface DayAuditRecord {
  readonly rounds: number;
  readonly audited: number;
  readonly flagged: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
}

export interface AuditClaim {
  readonly playerId: string;
  readonly logs: readonly string[];
  /** JSON of the engine's HoleAudit list, for the holes already audited. */
  readonly holes: string;
}

export interface AuditVerdictRecord {
  readonly flagged: boolean;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
  /** JSON of the engine's HoleAudit list, all nine. */
  readonly holes: string;
}

export interface AuditRecord {
  readonly playerId: string;
  readonly status: 'pending' | 'done';
  readonly holes: string;
  readonly verdict: Omit<AuditVerdictRecord, 'holes'> | null;
}

export interface ReviewRecord {
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
}
