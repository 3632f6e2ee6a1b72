/** The audit's settings, measured in docs/fair-play.md, and the shapes of its verdicts (see audit.ts). */
import { type Move, type Position } from './game.ts';
import { type CodedError } from './result.ts';

/** Bump when anything that changes a verdict changes; stored hole results of another version do not combine. */
export const AUDIT_VERSION = 4;
/** A round is flagged when its p-value is below this: an honest round is flagged at most once in 1,000. */
export const AUDIT_ALPHA = 0.001;
/**
 * Segments are examined from `AUDIT_FROM_DRAW` to `AUDIT_UNTIL_DRAW - 1` stock cards drawn: from the first move of
 * the hole to the end of the stock (a segment with no unseen card left tells nothing).
 */
export const AUDIT_FROM_DRAW = 0;
export const AUDIT_UNTIL_DRAW = 17;
/** Orders accepted per examined segment, by stock cards drawn. */
export const AUDIT_SAMPLES: readonly number[] = Array.from({ length: 17 }, () => 8);
/** Orders drawn per segment, at most, to get `AUDIT_SAMPLES` accepted: this many times that. */
export const AUDIT_DRAW_FACTOR = 3;
/** A decision's outcome: the strokes the move taken loses, counted up to this (0, 1, 2 or more). */
export const AUDIT_LOSS_CAP = 2;
/**
 * The shares of the capital each decision bets, one capital each: a move that does worst of all the orders keeps
 * `1 - β` of it, never less. The round's evidence is the mean over them: a bold bet pays most against a player who
 * knows the stock at almost every move, a small one against a player who uses it now and then (his honest moves then
 * cost little). The mean of e-values is an e-value, at the price of a factor 4 at most against the best of them.
 */
export const AUDIT_BETS: readonly AuditBet[] = [
  { size: 0.9, byLoss: false },
  { size: 0.9, byLoss: true },
  { size: 0.5, byLoss: true },
  { size: 0.2, byLoss: true },
];
/**
 * A decision bets only when at least this many of its orders (the real stock and the accepted samples) lose strokes
 * with the move taken: a rule on the whole multiset, so it keeps the mean at 1.
 */
export const AUDIT_MIN_LOSING = 2;
/**
 * A decision made with `drawn` cards drawn is judged on the game cut after `drawn + AUDIT_HORIZON` stock cards. With a
 * short horizon its outcome depends on the next cards only: once they are drawn it is known from the cards shown and
 * needs no checking, and the solves are smaller. Measured (docs/fair-play.md): a horizon of 8 costs a quarter of the
 * CPU but loses most of the power against perfect play, whose moves are best for the whole stock. So: the whole
 * stock.
 */
export const AUDIT_HORIZON = 17;
/**
 * The share of a segment's bet placed on "the real stock alone scores best" (rank 1 of `N + 1`); the rest is spread
 * linearly over the ranks, so a real stock that scores second or third best still earns something.
 */
export const AUDIT_TOP_SHARE = 0.75;

/**
 * A bet size: the share `size` of the capital, or with `byLoss` that times the share of the orders (the real stock
 * and the accepted samples) on which the move taken loses strokes. A move that looks bad without the stock is where
 * knowing it shows; an honest player's good-looking moves then stake little, and cost him little.
 */
export interface AuditBet {
  readonly size: number;
  readonly byLoss: boolean;
}

/** The tunables, as one value: the public functions use `AUDIT_SETTINGS`; the bench can measure others. */
export interface AuditSettings {
  /** Segments with `fromDraw <= drawn < untilDraw` stock cards drawn are examined. */
  readonly fromDraw: number;
  readonly untilDraw: number;
  /** Sampled orders per segment, by stock cards drawn (0: not examined). */
  readonly samples: readonly number[];
  /** See `AUDIT_DRAW_FACTOR`. */
  readonly drawFactor: number;
  /** See `AUDIT_BETS`. */
  readonly bets: readonly AuditBet[];
  /** See `AUDIT_MIN_LOSING`. */
  readonly minLosing: number;
  /** See `AUDIT_HORIZON`. */
  readonly horizon: number;
  /** See `AUDIT_TOP_SHARE`. */
  readonly topShare: number;
}

export const AUDIT_SETTINGS: AuditSettings = {
  fromDraw: AUDIT_FROM_DRAW,
  untilDraw: AUDIT_UNTIL_DRAW,
  samples: AUDIT_SAMPLES,
  drawFactor: AUDIT_DRAW_FACTOR,
  bets: AUDIT_BETS,
  minLosing: AUDIT_MIN_LOSING,
  horizon: AUDIT_HORIZON,
  topShare: AUDIT_TOP_SHARE,
};

/** A telling decision's move loses at least this many strokes on average over the sampled orders. */
export const TELLING_MARGIN = 0.5;
/** Positions per solve before the audit skips that segment: a CPU guard, far above any solve it makes. */
export const AUDIT_MAX_NODES = 2_000_000;

/** A move as a telling decision names it: a column with its exposed card (board text), or the draw. */
export type AuditMove =
  { readonly kind: 'play'; readonly column: number; readonly card: string } | { readonly kind: 'draw' };

/**
 * Why a decision is telling, as data (callers put it in words): the move taken lost `strokes` on average over the
 * sampled orders against the move that did best on them, yet lost `realStrokes` (0) with the real stock, where
 * the real stock ranks `rank` of `of` orders by what the move taken lost (1: it lost least there).
 */
export interface TellingReason {
  readonly kind: 'regret';
  readonly taken: AuditMove;
  /** The cards that fitted the waste when the move was made (board text), in column order. */
  readonly playable: readonly string[];
  /** The move that lost least on average over the sampled orders. */
  readonly blindBest: AuditMove;
  /** Mean strokes the move taken lost over the sampled orders, against `blindBest`, rounded to a tenth. */
  readonly strokes: number;
  /** Strokes the move taken lost with the real stock (0: it was best). */
  readonly realStrokes: number;
  readonly rank: number;
  readonly of: number;
}

/** A decision shown to players as evidence: its index in the hole's log, its move, and why (as data). */
export interface TellingDecision {
  readonly at: number;
  readonly move: string;
  readonly reason: TellingReason;
}

/** One hole's audit: plain data, to store and later combine with the round's other holes. */
export interface HoleAudit {
  readonly version: number;
  /** Positions where the player chose between at least two legal moves. */
  readonly decisions: number;
  /** Decisions in examined segments (some stock still unseen). */
  readonly examined: number;
  /** Examined decisions that bet (their factor is not 1). */
  readonly bets: number;
  /** The hole's evidence, the product of its factors, for each bet size of `AUDIT_BETS` in turn. */
  readonly evidence: readonly number[];
  readonly telling: readonly TellingDecision[];
  /** False when some solve reached `AUDIT_MAX_NODES` (that segment then bet nothing). */
  readonly exact: boolean;
}

/** A round's verdict. */
export interface RoundAudit {
  readonly flagged: boolean;
  /** The chance that an honest round shows at least this much evidence, at most. */
  readonly pValue: number;
  /** Telling decisions in the round. */
  readonly telling: number;
  /** Decisions in the round (positions with a choice of at least two legal moves). */
  readonly decisions: number;
  readonly holes: readonly { readonly telling: readonly TellingDecision[] }[];
}

export type AuditErrorCode =
  'ERR_LENGTHS' | 'ERR_BOARD' | 'ERR_ILLEGAL_MOVE' | 'ERR_NOT_OVER' | 'ERR_VERSION';
/** `hole` is the 0-based hole, `at` the 0-based index of the move in its log, where they apply. */
export type AuditError = CodedError<AuditErrorCode> & { readonly hole?: number; readonly at?: number };

/** One move of a hole's log, with the position before it. */
export interface AuditStep {
  readonly pos: Position;
  readonly moves: readonly Move[];
  /** Index of the move taken in `moves`. */
  readonly taken: number;
}
