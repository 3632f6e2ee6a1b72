/** The shapes of the audit's settings (the values are in audit-settings.ts; docs/fair-play.md#capitals-and-bets). */

/**
 * A part of the hole: the segments with `fromDraw <= drawn < untilDraw` stock cards drawn, its share of the round's
 * evidence, and its orders per segment (docs/fair-play.md#decisions).
 */
export interface AuditPart {
  readonly fromDraw: number;
  readonly untilDraw: number;
  /** The parts' weights sum to 1 (a weighted mean of e-values is an e-value). */
  readonly weight: number;
  readonly samples: readonly AuditSampling[];
}

/** Capitals of one part whose weights move from hole to hole ("fixed share", `AUDIT_SWITCH`). */
export interface AuditSwitch {
  /** The part (an index in `AUDIT_PARTS`). */
  readonly part: number;
  /** The capitals (indices in `AUDIT_CAPITALS`). */
  readonly capitals: readonly number[];
  /** The part of the weights handed back to the capitals' own before each hole (0: a fixed mixture). */
  readonly share: number;
}

/** While the group's largest capital is below `below`, a segment is examined with `samples` orders. */
export interface AuditSampling {
  readonly below: number;
  readonly samples: number;
}

/** A bet: the move taken loses fewer than `below` strokes; `stake` of the capital is bet on it. */
export interface AuditBet {
  readonly below: number;
  readonly stake: number;
}

/** A blind reference policy: the run planner (the product's hint) or the first legal move. */
export type AuditReference = 'planner' | 'first';

/**
 * A capital: at each decision it places the mean of its bets, on the move taken against the best move, or (with
 * `ref`) against the reference policy's move, where the player left it. Its share of its part's evidence is
 * `weight` (the capitals' weights sum to 1).
 */
export interface AuditCapital {
  readonly ref?: AuditReference;
  /**
   * With `ref`: the outcome is whether the threshold rule allows the move taken (the reference move loses `theta`
   * strokes or more, and the move taken is best), not the graded gain on the reference move.
   */
  readonly theta?: number;
  readonly weight: number;
  readonly bets: readonly AuditBet[];
}
