import type { Card } from '@golf/engine';

/**
 * D1 as the ledger: everything that outlives one attempt. Players and their tokens, courses, creation-limit
 * buckets, and one row per attempt written twice (started, then finished with its verified logs). The attempt
 * itself, draw by draw, lives in its Durable Object (src/attempt/); a draw writes nothing here. Times are
 * milliseconds since the epoch. `d1.ts` implements it; `memory.ts` keeps the same contract in memory for tests.
 */
export interface Ledger {
  createPlayer(player: PlayerRecord & { readonly tokenHash: string; readonly ipHash: string }): Promise<void>;
  playerById(id: string): Promise<PlayerRecord | null>;
  /** The player a token hash names, or null (unknown or revoked). */
  playerIdByTokenHash(tokenHash: string): Promise<string | null>;
  renamePlayer(id: string, name: string): Promise<void>;
  /** Takes one token from a bucket (refilling one per `refillMs`); false when it is empty. */
  takeToken(key: string, now: number, capacity: number, refillMs: number): Promise<boolean>;

  course(date: string): Promise<CourseRecord | null>;
  /** Writes a course's deals unless one exists for its date (the first writer wins; deals never change). */
  insertCourse(course: CourseRecord): Promise<void>;
  /** Records a hole's perfect play where it is still missing. */
  setPerfect(date: string, hole: number, perfect: PerfectRecord): Promise<void>;

  /** The started row (once; a second call changes nothing). */
  attemptStarted(row: StartedRow): Promise<void>;
  /** The finished row: totals, strokes and verified logs (once; a second call changes nothing). */
  attemptFinished(row: FinishedRow): Promise<void>;
  /** A player's row of a day, or null when they never started it. */
  attempt(date: string, playerId: string): Promise<AttemptRow | null>;

  /** The day's counts: attempts started, rounds under review, ranked finishers per total (ascending). */
  dayCounts(date: string): Promise<DayCountsRecord>;
  /**
   * One standings page in one round trip: the day's counts, and `limit` ranked finishers in standings order
   * (total ascending, then finish time) from the `offset`-th, with how many ranked finishers have a lower total
   * than the page's first (`before`, which makes its rank). The page seeks by total through the distribution and
   * skips only within one total, so a deep page costs what a first page costs.
   */
  standingsPage(date: string, offset: number, limit: number): Promise<StandingsPageRecord>;

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

  /** Adds a token (another device) for a player. */
  addToken(playerId: string, tokenHash: string, createdAt: number): Promise<void>;
  /**
   * Sign-out everywhere, in one transaction: deletes every token and every transfer code of the player, then stores
   * `tokenHash` as its only token.
   */
  replaceTokens(playerId: string, tokenHash: string, createdAt: number): Promise<void>;

  /** Stores a transfer code, keeping at most `keepLive` live codes per player (the oldest go first). */
  insertTransferCode(code: TransferCodeRecord, keepLive: number): Promise<void>;
  /**
   * Deletes a live code and returns its player; null when it is unknown, used or expired. One conditional delete,
   * so of concurrent claims of one code exactly one gets the player.
   */
  takeTransferCode(codeHash: string, now: number): Promise<string | null>;

  insertChallenge(challenge: ChallengeRecord): Promise<void>;
  /** Deletes a live challenge of that purpose and returns it (single use); null when unknown, used or expired. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: number): Promise<ChallengeRecord | null>;
  insertCredential(credential: CredentialRecord): Promise<void>;
  credential(id: string): Promise<CredentialRecord | null>;
  credentialsOf(playerId: string): Promise<CredentialRecord[]>;
  /** Records a sign-in: the authenticator's new counter and the time. */
  touchCredential(id: string, counter: number, usedAt: number): Promise<void>;
  /** Deletes expired challenges and transfer codes (the cron's housekeeping). */
  deleteExpired(now: number): Promise<void>;

  /** Every finished round of a player (under review included), oldest first. */
  playerRounds(playerId: string): Promise<RoundRecord[]>;
  /** A page of a player's finished rounds, newest first, each with its day's ranked field. */
  historyPage(playerId: string, limit: number, offset: number): Promise<HistoryRecord[]>;

  /**
   * Creates a league and makes its creator a member, in one transaction, unless the creator is already in
   * `maxLeagues` leagues (then false, and nothing is written).
   */
  createLeague(league: LeagueRecord, maxLeagues: number): Promise<boolean>;
  /** Joins the league whose invite code is `code`, within both limits, in one conditional write. */
  joinLeague(code: string, playerId: string, joinedAt: number, limits: LeagueLimits): Promise<JoinOutcome>;
  /** Leaves a league; false when the player was not in it. The last member out deletes the league. */
  leaveLeague(leagueId: string, playerId: string): Promise<boolean>;
  league(id: string): Promise<LeagueInfo | null>;
  isMember(leagueId: string, playerId: string): Promise<boolean>;
  /** The player's leagues, in the order joined. */
  leaguesOf(playerId: string): Promise<(LeagueInfo & { readonly joinedAt: number })[]>;
  /** The members' attempts on a date (started, finished or under review), in standings order. */
  leagueDay(leagueId: string, date: string): Promise<LeagueDayRecord[]>;
  /**
   * Per member with at least one ranked round from `from` to `to` (inclusive): ranked rounds played, how many of
   * the best count (at most `best`), and the sum of the `best` lowest totals.
   */
  leagueSeason(leagueId: string, from: string, to: string, best: number): Promise<SeasonRecord[]>;
}

export interface TransferCodeRecord {
  readonly codeHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export type ChallengePurpose = 'register' | 'sign-in';

export interface ChallengeRecord {
  readonly challenge: string;
  readonly purpose: ChallengePurpose;
  /** The player registering a passkey; null for a sign-in. */
  readonly playerId: string | null;
  readonly rpId: string;
  readonly expiresAt: number;
}

export interface CredentialRecord {
  /** base64url */
  readonly id: string;
  readonly playerId: string;
  readonly rpId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
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

export interface LeagueRecord {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly createdBy: string;
  readonly createdAt: number;
}

export interface LeagueInfo extends LeagueRecord {
  readonly members: number;
}

export interface LeagueLimits {
  readonly maxLeagues: number;
  readonly maxMembers: number;
}

export type JoinOutcome =
  | { readonly kind: 'joined' | 'member'; readonly league: LeagueRecord }
  | { readonly kind: 'not-found' | 'full' | 'too-many' };

export interface LeagueDayRecord {
  readonly playerId: string;
  readonly name: string;
  /** Null while the attempt is being played. */
  readonly finished: {
    readonly total: number;
    readonly strokes: readonly number[];
    readonly finishedAt: number;
  } | null;
  readonly review: boolean;
}

export interface SeasonRecord {
  readonly playerId: string;
  readonly name: string;
  /** Ranked rounds in the period. */
  readonly rounds: number;
  /** Rounds counted: min(rounds, best). */
  readonly counted: number;
  /** Sum of the counted (lowest) totals. */
  readonly total: number;
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

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface PerfectRecord {
  readonly strokes: number;
  readonly log: string;
  readonly exact: boolean;
}

export interface CourseHoleRecord {
  readonly hole: number;
  /** The full deck in deal order. */
  readonly deck: readonly Card[];
  /** Null until computed (after the deals are stored; never on a request's path). */
  readonly perfect: PerfectRecord | null;
}

export interface CourseRecord {
  readonly date: string;
  readonly generatorVersion: number;
  readonly rules: string;
  readonly createdAt: number;
  readonly holes: readonly CourseHoleRecord[];
}

export interface StartedRow {
  readonly date: string;
  readonly playerId: string;
  readonly startedAt: number;
  readonly ipHash: string;
}

export interface FinishedRow {
  readonly date: string;
  readonly playerId: string;
  readonly finishedAt: number;
  readonly total: number;
  readonly strokes: readonly number[];
  readonly logs: readonly string[];
  readonly holeTimes: readonly number[];
  readonly drawTimes: readonly (readonly number[])[];
}

export interface AttemptRow extends StartedRow {
  /** Null while the attempt is being played (its holes are then in its object only). */
  readonly finished: Omit<FinishedRow, 'date' | 'playerId'> | null;
  readonly review: boolean;
}

export interface StandingRecord {
  readonly playerId: string;
  readonly name: string;
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
