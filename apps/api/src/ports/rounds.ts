import type { DayAuditRecord } from './audit-ledger.ts';
import type { ShownName } from './players.ts';

/**
 * One row per attempt, written twice (started, then finished), and what ranks: the day's counts, standings pages
 * and a player's rounds. Beside it, until the day is archived, the round's evidence (address hash, start time,
 * verified logs, hole and draw times; the archive keeps all but the address hash). Times are milliseconds since
 * the epoch.
 */
export interface RoundStore {
  /** The started row and its evidence (once; a second call changes nothing). */
  attemptStarted(row: RoundStartRecord): Promise<void>;
  /** The finished row (total, strokes) and its evidence (logs, times), once; a second call changes nothing. */
  attemptFinished(row: RoundFinishRecord): Promise<void>;
  /** A player's row of a day, or null when they never started it. */
  attempt(date: string, playerId: string): Promise<AttemptRecord | null>;
  /**
   * The verified logs of a finished round while its evidence is in the ledger (null once archived, or when the
   * round is not finished).
   */
  roundLogs(date: string, playerId: string): Promise<readonly string[] | null>;
  /** The day's counts: attempts started, rounds under review, ranked finishers per total (ascending). */
  dayCounts(date: string): Promise<DayCountsRecord>;
  /**
   * One standings page in one round trip: the day's counts, and `limit` ranked finishers in standings order
   * (total ascending, then finish time) from the `offset`-th, with how many ranked finishers have a lower total
   * than the page's first (`before`, which makes its rank). The page seeks by total through the distribution and
   * skips only within one total, so a deep page costs what a first page costs.
   */
  standingsPage(date: string, offset: number, limit: number): Promise<StandingsPageRecord>;
  /**
   * The field of a day hole by hole, from the per-hole distribution the ledger keeps as rounds finish (never the
   * rounds themselves): ranked finishers, the day's audit, and how many ranked finishers took each number of
   * strokes on each hole (hole, then strokes ascending).
   */
  dayHoles(date: string): Promise<DayHolesRecord>;
  /** Every finished round of a player (under review included), oldest first. */
  playerRounds(playerId: string): Promise<RoundRecord[]>;
  /** A page of a player's finished rounds, newest first, each with its day's ranked field. */
  historyPage(playerId: string, limit: number, offset: number): Promise<HistoryRecord[]>;
  /** Whether the player has finished a round that is ranked (not under review), on any day. */
  hasRankedRound(playerId: string): Promise<boolean>;
  /**
   * Every attempt of a player, started or finished, oldest first, with what the ledger still holds of its evidence
   * and its verdict (for the player's data export; the archive holds the rest).
   */
  playerAttempts(playerId: string): Promise<PlayerAttemptRecord[]>;
  /** Forgets the address hash kept with each of these players' rounds not yet archived (deleted players'). */
  forgetAddresses(playerIds: readonly string[]): Promise<void>;
}

/** One attempt of a player as the ledger holds it (see {@link RoundStore.playerAttempts}). */
export interface PlayerAttemptRecord extends AttemptRecord {
  /** The round's evidence while its day is not archived (null once it is: then it is in the archive). */
  readonly evidence: {
    readonly startedAt: number | null;
    /** The verified logs and times of a finished round. */
    readonly finished: Pick<RoundFinishRecord, 'logs' | 'holeTimes' | 'drawTimes'> | null;
  } | null;
  /** The verdict while the ledger holds it (a flagged round's always; a clean one's until archived). */
  readonly verdict: {
    readonly flagged: boolean;
    readonly pValue: number;
    readonly telling: number;
    readonly decisions: number;
  } | null;
}

export interface RoundStartRecord {
  readonly date: string;
  readonly playerId: string;
  readonly startedAt: number;
  /** The client address's hash, for the fair-play audit's time (null once forgotten: a deleted player's). */
  readonly addressHash: string | null;
}

export interface RoundFinishRecord {
  readonly date: string;
  readonly playerId: string;
  readonly finishedAt: number;
  readonly total: number;
  readonly strokes: readonly number[];
  readonly logs: readonly string[];
  readonly holeTimes: readonly number[];
  readonly drawTimes: readonly (readonly number[])[];
}

export interface AttemptRecord {
  readonly date: string;
  readonly playerId: string;
  /** Null while the attempt is being played (its holes are then in its object only). */
  readonly finished: {
    readonly finishedAt: number;
    readonly total: number;
    readonly strokes: readonly number[];
  } | null;
  readonly review: boolean;
}

export interface StandingRecord extends ShownName {
  readonly playerId: string;
  readonly total: number;
  readonly strokes: readonly number[];
  readonly finishedAt: number;
}

export interface StandingsPageRecord {
  readonly counts: DayCountsRecord;
  /** The day's fair-play audit, null before it started. */
  readonly audit: DayAuditRecord | null;
  readonly before: number;
  readonly rows: readonly StandingRecord[];
}

export interface DayCountsRecord {
  readonly started: number;
  readonly review: number;
  /** Ranked finishers per total, ascending. */
  readonly distribution: readonly { readonly total: number; readonly count: number }[];
}

export interface RoundRecord {
  readonly date: string;
  readonly total: number;
  readonly review: boolean;
}

export interface HistoryRecord extends RoundRecord {
  readonly strokes: readonly number[];
  /** Ranked finishers that day with a lower total. */
  readonly better: number;
  /** Ranked finishers that day. */
  readonly finishers: number;
}

export interface DayHolesRecord {
  /** Ranked finishers (rounds under review excluded). */
  readonly finishers: number;
  /** The day's fair-play audit, null before it started. */
  readonly audit: DayAuditRecord | null;
  /** Ranked finishers per (hole, strokes), hole then strokes ascending. */
  readonly strokes: readonly { readonly hole: number; readonly strokes: number; readonly count: number }[];
}
