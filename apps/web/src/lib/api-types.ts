/**
 * The HTTP contract of the daily course API (docs/api.md), as the web reads it. Cards are in board-text
 * form (`TD`), holes are numbered 1..9, dates are UTC `YYYY-MM-DD`.
 */

export interface Player {
  readonly id: string;
  readonly name: string;
}

export interface PlayerWithToken extends Player {
  readonly token: string;
}

export interface PerfectPlay {
  readonly strokes: number;
  readonly log: string;
}

export interface CourseHole {
  readonly hole: number;
  /** Seven columns of five cards, first dealt first (the last card is the exposed one). */
  readonly columns: readonly (readonly string[])[];
  readonly waste: string;
  readonly stockSize: number;
  /** Only once the day is closed. */
  readonly stock?: readonly string[];
  /** Only once the day is closed. */
  readonly perfect?: PerfectPlay;
}

export interface Course {
  readonly date: string;
  readonly rules: string;
  readonly par: number;
  readonly opensAt: string;
  readonly closesAt: string;
  readonly closed: boolean;
  readonly holes: readonly CourseHole[];
}

export interface AttemptHole {
  readonly hole: number;
  /** The log the server recorded (at the last draw, or the final log once the hole is over). */
  readonly log: string;
  /** The stock cards revealed so far, in draw order. */
  readonly drawn: readonly string[];
  readonly strokes: number | null;
}

export interface Attempt {
  readonly date: string;
  /** The hole being played, or null once finished. */
  readonly hole: number | null;
  readonly finished: boolean;
  readonly total: number | null;
  readonly holes: readonly AttemptHole[];
}

export interface DrawAnswer {
  readonly hole: number;
  readonly card: string;
  readonly stockLeft: number;
}

export interface HoleAnswer {
  readonly hole: number;
  readonly strokes: number;
  readonly total: number;
  readonly finished: boolean;
}

export interface StandingsEntry {
  readonly rank: number;
  /** For the replay link (`GET /api/daily/{date}/replays/{playerId}`). */
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  readonly holes: readonly number[];
  readonly finishedAt: string;
}

export interface DistributionBar {
  readonly total: number;
  readonly count: number;
}

export interface MyStanding {
  readonly rank: number;
  readonly total: number;
  readonly percentile: number;
}

export interface Standings {
  readonly date: string;
  /** How many finished (are ranked). */
  readonly players: number;
  /** How many started and have not finished. */
  readonly playing: number;
  readonly entries: readonly StandingsEntry[];
  readonly distribution: readonly DistributionBar[];
  readonly me: MyStanding | null;
}

export interface Replay {
  readonly date: string;
  readonly playerId: string;
  readonly name: string;
  readonly finished: boolean;
  /** The total of the finished holes (null before the first). */
  readonly total: number | null;
  /** The verified log of every finished hole, in order. */
  readonly holes: readonly { readonly hole: number; readonly log: string; readonly strokes: number }[];
}

/** Every failure the client sees: the API's `{error:{code,message}}`, or a network failure (`ERR_NETWORK`). */
export interface ApiFailure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly at?: number;
}
