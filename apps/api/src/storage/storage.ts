import type { Card } from '@golf/engine';

/**
 * Everything the services need from persistent storage. The D1 implementation is `d1.ts`; moving attempts to
 * a Durable Object means writing this interface again in one file. Times are milliseconds since the epoch.
 *
 * The guarantees of the fair-stock protocol live here, as compare-and-set writes: each write names the state
 * it expects and reports whether it applied.
 */
export interface Storage {
  createPlayer(player: PlayerRecord & { readonly tokenHash: string; readonly ipHash: string }): Promise<void>;
  playerById(id: string): Promise<PlayerRecord | null>;
  playerByTokenHash(tokenHash: string): Promise<PlayerRecord | null>;
  renamePlayer(id: string, name: string): Promise<void>;
  /** Takes one token from a bucket (refilling one per `refillMs`); false when it is empty. */
  takeToken(key: string, now: number, capacity: number, refillMs: number): Promise<boolean>;

  course(date: string): Promise<CourseRecord | null>;
  /** Writes a course unless one exists for its date (the first writer wins; courses never change). */
  insertCourse(course: CourseRecord): Promise<void>;

  /** Creates the attempt and its nine empty holes unless the player already has one that day. */
  startAttempt(date: string, playerId: string, now: number, ipHash: string): Promise<void>;
  attempt(date: string, playerId: string): Promise<AttemptRecord | null>;
  /**
   * Records one more draw on the current hole if it is unfinished, has `drawn` draws and its recorded log is a
   * prefix of `log`.
   */
  recordDraw(draw: DrawWrite): Promise<boolean>;
  /**
   * Records a finished hole (and the attempt after hole 9) if the hole is current, unfinished, has `drawn` draws
   * and its recorded log is a prefix of `log`. Answers the attempt's new total, or null when nothing was written.
   */
  finishHole(finish: HoleWrite): Promise<number | null>;

  /** The day's counts: attempts started, and finishers per total (ascending). */
  dayCounts(date: string): Promise<DayCountsRecord>;
  /**
   * Finishers in standings order (total ascending, then finish time), starting at the first finisher whose total
   * is at least `fromTotal`, skipping `skip` of them.
   */
  standingsPage(date: string, fromTotal: number, skip: number, limit: number): Promise<StandingRecord[]>;
}

/** One more draw on a hole: the whole log ending in the new `d`, with the draws recorded before it. */
export interface DrawWrite {
  readonly date: string;
  readonly playerId: string;
  readonly hole: number;
  readonly drawn: number;
  readonly log: string;
  readonly now: number;
}

/** A finished hole: its final log and strokes, with the draws recorded before it. */
export interface HoleWrite extends DrawWrite {
  readonly strokes: number;
}

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface CourseHoleRecord {
  readonly hole: number;
  /** The full deck in deal order. */
  readonly deck: readonly Card[];
  readonly perfect: { readonly strokes: number; readonly log: string; readonly exact: boolean };
}

export interface CourseRecord {
  readonly date: string;
  readonly generatorVersion: number;
  readonly rules: string;
  readonly createdAt: number;
  readonly holes: readonly CourseHoleRecord[];
}

export interface AttemptHoleRecord {
  readonly hole: number;
  /** The log recorded at the last draw, or the verified final log once finished. */
  readonly log: string;
  readonly drawn: number;
  readonly drawTimes: readonly number[];
  readonly strokes: number | null;
  readonly finishedAt: number | null;
}

export interface AttemptRecord {
  readonly date: string;
  readonly playerId: string;
  /** The hole being played (1..9), 10 when finished. */
  readonly hole: number;
  readonly total: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly holes: readonly AttemptHoleRecord[];
}

export interface StandingRecord {
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  readonly strokes: readonly number[];
  readonly finishedAt: number;
}

export interface DayCountsRecord {
  readonly started: number;
  readonly distribution: readonly { readonly total: number; readonly count: number }[];
}
