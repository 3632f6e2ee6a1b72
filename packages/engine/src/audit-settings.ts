/** The audit's settings: every constant a verdict depends on. Their shapes are in audit-shapes.ts. */
import type { AuditCapital, AuditPart, AuditSampling, AuditSwitch } from './audit-shapes.ts';

/** Changes with any verdict; stored holes of another version do not combine (docs/fair-play.md#how-the-api-uses-it). */
export const AUDIT_VERSION = 13;

/** Flag a round whose p-value is below this: an honest one at most once in 1,000 (docs/fair-play.md#the-verdict). */
export const AUDIT_ALPHA = 0.001;

/** Orders per segment of the rest of the hole, by the group's evidence so far (docs/fair-play.md#orders). */
export const AUDIT_SAMPLES: readonly AuditSampling[] = [
  { below: 0.1, samples: 1 },
  { below: 1, samples: 2 },
  { below: 30, samples: 4 },
  { below: Infinity, samples: 8 },
];

/** The most the round's earlier holes count for in that evidence (docs/fair-play.md#orders). */
export const AUDIT_ROUND_CAP = 100;

/** Orders per segment of the opening: one, each a solve of the whole game (docs/fair-play.md#orders). */
export const AUDIT_OPENING_SAMPLES: readonly AuditSampling[] = [{ below: Infinity, samples: 1 }];

/** The hole's parts, the opening (before the 2nd draw) and the rest, weighted (docs/fair-play.md#decisions). */
export const AUDIT_PARTS: readonly AuditPart[] = [
  { fromDraw: 0, untilDraw: 2, weight: 0.1, samples: AUDIT_OPENING_SAMPLES },
  { fromDraw: 2, untilDraw: 17, weight: 0.9, samples: AUDIT_SAMPLES },
];

/** The rest's capitals whose weights follow their gains from hole to hole (docs/fair-play.md#capitals-and-bets). */
export const AUDIT_SWITCH: AuditSwitch = { part: 1, capitals: [0, 1, 2], share: 0.2 };

/** Orders drawn per segment at most: this many times the samples wanted (docs/fair-play.md#orders). */
export const AUDIT_DRAW_FACTOR = 3;

/** An outcome counts the strokes lost to the best move up to this (docs/fair-play.md#the-statistic). */
export const AUDIT_LOSS_CAP = 2;

/** The capitals each part of the hole keeps, side by side (docs/fair-play.md#capitals-and-bets). */
export const AUDIT_CAPITALS: readonly AuditCapital[] = [
  // The move taken against the best move: it was best; it lost fewer than two strokes.
  {
    weight: 0.5,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  // Against the planner's move, where the player left it: it gained a stroke; it did no worse.
  {
    ref: 'planner',
    weight: 0.125,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  // Against the first legal move, where the player left it: likewise.
  {
    ref: 'first',
    weight: 0.125,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  // At those departures: the reference move lost 2 (or 3) strokes or more and the move taken was best.
  { ref: 'planner', theta: 2, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'planner', theta: 3, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'first', theta: 2, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'first', theta: 3, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
];

/** A bet is placed only where this many orders fail it and one succeeds (docs/fair-play.md#capitals-and-bets). */
export const AUDIT_MIN_FAILING = 1;

/** Strokes gained on a reference move that are graded: outcome `g - gain` (docs/fair-play.md#capitals-and-bets). */
export const AUDIT_REFERENCE_GAINS = 1;

/** A telling move loses at least this many strokes on average on the samples (docs/fair-play.md#the-verdict). */
export const TELLING_MARGIN = 0.5;

/** Positions per solve, a CPU guard: past it the hole is not exact (docs/fair-play.md#proof). */
export const AUDIT_MAX_NODES = 2_000_000;
