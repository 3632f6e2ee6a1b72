import type { RoundFinishRecord } from './rounds.ts';

/**
 * A closed, fully audited day's evidence leaves the ledger for immutable objects (R2): each object holds the rounds
 * of consecutive player ids, and the ledger keeps one row per object saying where each player's round is
 * (services/archive.ts). Times are milliseconds since the epoch.
 */

/**
 * What the ledger held of one attempt of a day: its evidence (but the client address's hash, which the archive
 * never keeps), its ranking fields and its verdict.
 */
export interface ArchivedRound {
  readonly playerId: string;
  readonly startedAt: number | null;
  /** Null when the attempt was never finished. */
  readonly finished: Omit<RoundFinishRecord, 'date' | 'playerId'> | null;
  readonly review: boolean;
  /** Null when the round has no verdict (not finished). */
  readonly verdict: {
    readonly flagged: boolean;
    readonly pValue: number;
    readonly telling: number;
    readonly decisions: number;
    /** The engine's nine hole audits, as stored. */
    readonly holes: readonly unknown[];
  } | null;
}

/** One archive object: the rounds of player ids `first`..`last` of a day. */
export interface PackRecord {
  readonly first: string;
  readonly last: string;
  readonly rounds: number;
  readonly bytes: number;
}

/** The ledger's side of the archive. Each call reads or writes at most a page of rounds. */
export interface ArchiveLedger {
  /** The day's next `limit` attempts after player `after` (player id order), as the archive keeps them. */
  archivePage(date: string, after: string | null, limit: number): Promise<ArchivedRound[]>;
  /**
   * Records an object written with `rounds` and removes their evidence (and their verdicts, but for flagged
   * rounds' numbers) from the ledger, moving the day's archive cursor from `from` to the pack's last player.
   * False when the cursor was not at `from` (another step did it): nothing changed.
   */
  commitPack(
    date: string,
    from: string | null,
    pack: PackRecord,
    rounds: readonly ArchivedRound[],
    now: number,
  ): Promise<boolean>;
  /** Marks the day's archive as started (once its audit is done); false when it already was. */
  startArchive(date: string, now: number): Promise<boolean>;
  /** Marks the day's archive as moving now (the cron resumed it). */
  touchArchive(date: string, now: number): Promise<void>;
  /** The day's evidence is all archived (cursor at `from`); false when another step did it or moved on. */
  finishArchive(date: string, from: string | null, now: number): Promise<boolean>;
  /** The object holding a player's archived round of a day, if any. */
  packOf(date: string, playerId: string): Promise<PackRecord | null>;
  /** The objects holding each of a player's archived rounds, by date (one statement per database). */
  packsOfPlayer(playerId: string): Promise<Map<string, PackRecord>>;
  /** Up to `limit` objects written before the archive stopped keeping address hashes, oldest day first. */
  packsWithAddresses(limit: number): Promise<{ readonly date: string; readonly first: string }[]>;
  /** The object of `date` starting at `first` was written again without address hashes. */
  addressesGone(date: string, first: string): Promise<void>;
}

/** Where archive objects are stored (R2), written once and never changed. */
export interface RoundArchive {
  /** Stores the object of `rounds` (sorted by player id) under the day and its first player; answers its bytes. */
  putPack(date: string, first: string, rounds: readonly ArchivedRound[]): Promise<number>;
  /** The rounds of an object, or null when there is none (an older object's address hashes are not read). */
  readPack(date: string, first: string): Promise<ArchivedRound[] | null>;
  /** How many objects the archive holds, and their bytes (for the local bench). */
  count(): Promise<{ readonly objects: number; readonly bytes: number }>;
}
