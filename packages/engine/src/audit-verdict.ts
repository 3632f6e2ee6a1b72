/**
 * What the audit answers: a hole's audit, to store and combine, and a round's verdict, with the decisions shown to
 * players as evidence (docs/fair-play.md#the-verdict).
 */
import { type CodedError } from './result.ts';

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
  /** The `AUDIT_VERSION` that audited it: holes of another version do not combine. */
  readonly version: number;
  /** Positions where the player chose between at least two legal moves. */
  readonly decisions: number;
  /** Decisions in examined segments (some stock still unseen). */
  readonly examined: number;
  /** Examined decisions that bet (some factor is not 1). */
  readonly bets: number;
  /** The hole's evidence, the product of its factors, for each part and each capital of `AUDIT_CAPITALS` in turn. */
  readonly evidence: readonly number[];
  /**
   * What the hole's sample counts read of the round's earlier holes: for each part and capital, the product of their
   * evidence in play order, counted at most `AUDIT_ROUND_CAP` (all 1 for a round's first hole).
   */
  readonly prior: readonly number[];
  readonly telling: readonly TellingDecision[];
  /** False when some solve reached `AUDIT_MAX_NODES` (its outcome was then taken as `AUDIT_LOSS_CAP`). */
  readonly exact: boolean;
  /**
   * The hole's lot (`verdictLot`): 32 bits hashed from the audit's salt, the hole's layout and its log. The round's
   * verdict draws its uniform from its holes' lots.
   */
  readonly lot: number;
}

/** A round's verdict. */
export interface RoundAudit {
  readonly flagged: boolean;
  /**
   * A p-value: an honest round gets one at most this low with chance at most this, whatever its strategy. It is
   * `min(1, u / evidence)`, the round's evidence against its uniform `u` drawn from the holes' lots.
   */
  readonly pValue: number;
  /** Telling decisions in the round. */
  readonly telling: number;
  /** Decisions in the round (positions with a choice of at least two legal moves). */
  readonly decisions: number;
  readonly holes: readonly { readonly telling: readonly TellingDecision[] }[];
}

export type AuditErrorCode =
  'ERR_LENGTHS' | 'ERR_BOARD' | 'ERR_ILLEGAL_MOVE' | 'ERR_NOT_OVER' | 'ERR_VERSION' | 'ERR_ORDER';
/** `hole` is the 0-based hole, `at` the 0-based index of the move in its log, where they apply. */
export type AuditError = CodedError<AuditErrorCode> & { readonly hole?: number; readonly at?: number };
