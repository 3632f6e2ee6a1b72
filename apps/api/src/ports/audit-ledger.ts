import type { ShownName } from './players.ts';

/**
 * What the fair-play audit of a closed day keeps in the ledger: the day's progress and the state of its pipeline
 * (services/audit-queue.ts), verdicts, rounds under review. The work itself travels on a queue. Every method reads
 * or writes a bounded number of rows, whatever the size of the day. Times are milliseconds since the epoch.
 */
export interface AuditLedger {
  /** The day's audit, or null before it started. */
  dayAudit(date: string): Promise<DayAuditRecord | null>;
  /** Starts the day's audit (once), counting its rounds from the day's distribution (never from its rows). */
  startDayAudit(date: string, now: number): Promise<DayAuditRecord>;
  /** Days whose audit or archive is not done (a late round opens a day's audit again), newest first. */
  unfinishedDays(limit: number): Promise<DayAuditRecord[]>;
  /**
   * Up to `limit` ranked rounds after `after` in standings order (total, finish time, player), each with whether
   * its verdict is stored.
   */
  standingsKeys(date: string, after: StandingsKey | null, limit: number): Promise<KeyedRound[]>;
  /**
   * Moves pass `pass` of the day's audit as `move` says. False when the pass is not at `move.from` any more
   * (another step moved it): nothing changed.
   */
  advancePass(date: string, pass: number, move: PassMove, now: number): Promise<boolean>;
  /** Starts pass `pass + 1` from the top of the standings; false when pass `pass` is not the current one. */
  newPass(date: string, pass: number, now: number): Promise<boolean>;
  /** Marks the day as moving (a step of its pipeline ran) without changing it. */
  touch(date: string, now: number): Promise<void>;
  /** Rounds finished after the day's audit started, still to be queued. */
  lateRounds(date: string, limit: number): Promise<string[]>;
  /** Those rounds are queued. */
  forgetLate(date: string, playerIds: readonly string[]): Promise<void>;
  /** The verified logs of these finished rounds, and whether each has its verdict already. */
  roundsToAudit(date: string, playerIds: readonly string[]): Promise<RoundToAudit[]>;
  /**
   * Stores verdicts in one statement. A round's verdict is stored once: a verdict for a round that has one changes
   * nothing (a message delivered twice counts once). A flagged round goes under review; the day's audit is done
   * once every round has its verdict.
   */
  saveVerdicts(date: string, verdicts: readonly VerdictRecord[], now: number): Promise<void>;
  /** A round's verdict while it is in the ledger (null before its audit, or once archived unless flagged). */
  roundAudit(date: string, playerId: string): Promise<AuditRecord | null>;
  /** Rounds under review, lowest p-value first. */
  underReview(date: string, limit: number, offset: number): Promise<ReviewRecord[]>;
  /**
   * The ledger databases' size in bytes, `DB` and every day database, as each reports it (D1's `meta.size_after`);
   * with `date`, the size of the one database that holds that day.
   */
  databaseBytes(date?: string): Promise<number>;
}

/** A round's place in the standings: the keyset the audit pages by. */
export interface StandingsKey {
  readonly total: number;
  readonly finishedAt: number;
  readonly playerId: string;
}

/** One step of a pass over the standings: from cursor `from` to `to`. */
export interface PassMove {
  readonly from: StandingsKey | null;
  readonly to: StandingsKey | null;
  /** The pass reached the end of the standings. */
  readonly ended: boolean;
}

export interface KeyedRound {
  readonly key: StandingsKey;
  readonly audited: boolean;
}

export interface RoundToAudit {
  readonly playerId: string;
  readonly logs: readonly string[];
  readonly audited: boolean;
}

export interface DayAuditRecord {
  readonly date: string;
  readonly rounds: number;
  readonly audited: number;
  readonly flagged: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  /** The pass over the standings that queues rounds without a verdict (1, then more if some were lost). */
  readonly pass: number;
  /** Where the pass stands (null: at the top). */
  readonly cursor: StandingsKey | null;
  /** The pass reached the end of the standings. */
  readonly paged: boolean;
  /** The last time a step of the day's pipeline ran (null before the first). */
  readonly progressAt: number | null;
  /** The last player id archived (null before the first object). */
  readonly archiveCursor: string | null;
  /** When the archive last moved (null before it started). */
  readonly archiveAt: number | null;
  /** When the day's evidence was all in the archive. */
  readonly archivedAt: number | null;
}

/** A verdict as the audit stores it. */
export interface VerdictRecord {
  readonly playerId: string;
  readonly flagged: boolean;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
  /** JSON of the engine's HoleAudit list, all nine. */
  readonly holes: string;
}

export interface AuditRecord {
  readonly playerId: string;
  readonly flagged: boolean;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
  /** JSON of the engine's HoleAudit list; null once archived (the archive has it). */
  readonly holes: string | null;
}

export interface ReviewRecord extends ShownName {
  readonly playerId: string;
  readonly total: number;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
}
