/** The audit's settings, measured in docs/fair-play.md, and the shapes of its verdicts (see audit.ts). */
import { type Move, type Position } from './game.ts';
import { type CodedError } from './result.ts';

/** Bump when anything that changes a verdict changes; stored hole results of another version do not combine. */
export const AUDIT_VERSION = 13;
/**
 * A round is flagged when its p-value is below this: an honest round is flagged at most once in 1,000. The p-value is
 * `min(1, u / evidence)` with the round's uniform `u` (version 13; `1 / evidence` before): a round whose evidence is
 * `E` is flagged with chance `min(1, E · AUDIT_ALPHA)` over `u`, so evidence above 1,000 flags it, as before, and
 * evidence of 300 flags it three times in ten (docs/fair-play.md, "The verdict").
 */
export const AUDIT_ALPHA = 0.001;
/**
 * Orders of the unseen cards accepted per examined segment of the rest of the hole, by the group's evidence so far (the
 * largest of its capitals that bet in the segment, each times its product over the round's earlier holes counted at
 * most `AUDIT_ROUND_CAP`): a
 * group that shows nothing is examined with one or two orders a segment, one that shows evidence with more, so an
 * honest hole costs little and a suspicious one is measured finely. The rule looks at the capitals only, which are
 * known before the segment's bets are placed, so it keeps every bet fair. A player who threw
 * his capital below a tenth on purpose (a double miss keeps a twentieth) to be examined with one order would gain
 * little: one order still gathers about three quarters of what two do, and two winning bets lift the capital back.
 */
export const AUDIT_SAMPLES: readonly AuditSampling[] = [
  { below: 0.1, samples: 1 },
  { below: 1, samples: 2 },
  { below: 30, samples: 4 },
  { below: Infinity, samples: 8 },
];
/**
 * The ladders read each capital times the product of the same capital over the round's earlier holes, that product
 * counted at most this. Holes are played in order on independent decks, so the product is known before any bet of the
 * hole is placed and every bet stays fair. An honest round's products fall below a tenth within a hole or two, and it
 * is examined with one order a segment from then on. A scout's products climb: from version 11 his later holes start
 * where his round stands, up to 100 (past the top rung's 30), so he is examined with the most orders from their first
 * segment. Versions 9 and 10 counted at most 1: a hole's capital seldom passes 30 on its own (about 10^0.5 a hole under
 * perfect play), so a scout was examined with four orders almost everywhere (docs/fair-play.md).
 */
export const AUDIT_ROUND_CAP = 100;
/** The opening's orders per segment: one, whatever its capital (each is a solve of the whole game). */
export const AUDIT_OPENING_SAMPLES: readonly AuditSampling[] = [{ below: Infinity, samples: 1 }];
/**
 * The hole is examined in two parts, each with capitals of its own: the opening (the decisions made before the 2nd
 * draw) and the rest. A sample for a later decision must match the outcomes the real stock revealed at the earlier
 * decisions of its own part only, and matching an opening decision costs a solve of the whole game: with the opening
 * apart, the rest's samples are judged from the 2nd draw on, at a fraction of the cost (docs/fair-play.md).
 *
 * The round's evidence is the mean of the parts' evidence weighted by `weight`. The opening has a few decisions a
 * hole and gathers little evidence, even from a player who knows the stock (about 10 to 30 a round, measured), while
 * the rest gathers thousands: an even mean would halve what the rest shows for almost nothing in return. At a tenth,
 * the opening still flags a round on its own past 10,000, and costs the rest a tenth of its evidence.
 */
export const AUDIT_PARTS: readonly AuditPart[] = [
  { fromDraw: 0, untilDraw: 2, weight: 0.1, samples: AUDIT_OPENING_SAMPLES },
  { fromDraw: 2, untilDraw: 17, weight: 0.9, samples: AUDIT_SAMPLES },
];
/**
 * Capitals the round's evidence may move between from hole to hole (version 12): the rest's bets against the best move
 * and against the two references. A deliberate one-stroke mistake sinks the first in its hole, seldom the references:
 * with a fixed mixture the mistake's hole costs the round that capital's share for good; here the weight follows the
 * capital that did best so far, and a share `share` of the weights goes back to the three's own before each hole, so
 * the round can move back after the mistake. A capital that leads in every hole pays at most `1 - share` a hole for
 * it; the other capitals (the threshold rules, whose evidence a scout gathers in every hole alike, and the opening's)
 * stay in the fixed mixture. Measured in docs/fair-play.md ("After version 11 (taken: version 12)").
 */
export const AUDIT_SWITCH: AuditSwitch = { part: 1, capitals: [0, 1, 2], share: 0.2 };
/** Orders drawn per segment, at most, to get the samples wanted: this many times that number. */
export const AUDIT_DRAW_FACTOR = 3;
/** A decision's outcome: the strokes the move taken loses against the best move, counted up to this. */
export const AUDIT_LOSS_CAP = 2;
/**
 * The capitals a part of the hole keeps, side by side: the part's share of the round's evidence is their mean weighted
 * by `weight`. At each decision a capital places the mean of its bets, each of which succeeds on an order when the
 * move taken does well enough there, and stakes `stake` of the capital on it (a mean of fair bets is a fair bet).
 *
 * The first capital judges the move taken against the best move; an outcome is the strokes it loses:
 * - `below: 1` is "the move taken was best": it pays most against a player who knows the stock at every move.
 * - `below: 2` does not count a loss of one stroke as a miss. Mixed into one capital with the first, a deliberate
 *   one-stroke mistake costs that decision only half its bet, not the capital: a player who errs on purpose at a few
 *   decisions keeps most of his evidence, and must give away more to hide.
 *
 * The next two judge it against the move a blind reference policy would have made (`ref`), and bet only where the
 * player left that move; the outcome is 0 when the move taken gains a stroke or more on it, 1 on a tie, 2 when it
 * loses. A player who plays a blind policy and uses the stock only where it pays leaves the policy exactly where
 * the real stock pays, and nowhere else costs him anything: the first capital misses at every one of the policy's
 * own mistakes, these do not bet there (docs/fair-play.md). The references are the product's hint (`planner`) and
 * the first legal move (`first`, first-fit play).
 *
 * The last four judge the same departures from a reference by a threshold rule (`theta`): the bet succeeds on an order
 * when the reference move loses `theta` strokes or more there against the best move and the move taken is best. That
 * is the rule of a player who plays the reference policy and uses the stock only where it pays `theta` strokes or
 * more; with the real stock it holds at every one of his departures, on a sampled order seldom (docs/fair-play.md).
 * A miss of every bet keeps `1 - stake` of a capital: a twentieth, never nothing, and the hole is examined to its end.
 */
export const AUDIT_CAPITALS: readonly AuditCapital[] = [
  {
    weight: 0.5,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  {
    ref: 'planner',
    weight: 0.125,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  {
    ref: 'first',
    weight: 0.125,
    bets: [
      { below: 1, stake: 0.95 },
      { below: 2, stake: 0.95 },
    ],
  },
  { ref: 'planner', theta: 2, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'planner', theta: 3, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'first', theta: 2, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
  { ref: 'first', theta: 3, weight: 0.0625, bets: [{ below: 1, stake: 0.95 }] },
];
/**
 * A bet is placed only when at least this many of the orders (the real stock and the accepted samples) fail it and
 * at least one succeeds: a rule on the whole multiset, so it keeps the mean at 1.
 */
export const AUDIT_MIN_FAILING = 1;
/**
 * Against a reference move, outcomes are graded by the strokes the move taken gains on it: outcome `g - gain` for a
 * gain of 0 to `g` (this setting), 0 for more, `g + 1` for a loss.
 */
export const AUDIT_REFERENCE_GAINS = 1;

/**
 * A part of the hole: the segments with `fromDraw <= drawn < untilDraw` stock cards drawn, its share of the round's
 * evidence, and its orders per segment.
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

/** While the part's largest capital is below `below`, a segment is examined with `samples` orders. */
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

/** The tunables, as one value: the public functions use `AUDIT_SETTINGS`; the bench can measure others. */
export interface AuditSettings {
  /** See `AUDIT_PARTS` (each with its samples). */
  readonly parts: readonly AuditPart[];
  /** See `AUDIT_DRAW_FACTOR`. */
  readonly drawFactor: number;
  /** See `AUDIT_LOSS_CAP`. */
  readonly lossCap: number;
  /** See `AUDIT_CAPITALS`. */
  readonly capitals: readonly AuditCapital[];
  /** See `AUDIT_MIN_FAILING`. */
  readonly minFailing: number;
  /** See `AUDIT_REFERENCE_GAINS`. */
  readonly referenceGains: number;
  /** See `AUDIT_ROUND_CAP`. */
  readonly roundCap: number;
}

export const AUDIT_SETTINGS: AuditSettings = {
  parts: AUDIT_PARTS,
  drawFactor: AUDIT_DRAW_FACTOR,
  lossCap: AUDIT_LOSS_CAP,
  capitals: AUDIT_CAPITALS,
  minFailing: AUDIT_MIN_FAILING,
  referenceGains: AUDIT_REFERENCE_GAINS,
  roundCap: AUDIT_ROUND_CAP,
};

/** A telling decision's move loses at least this many strokes on average over the sampled orders. */
export const TELLING_MARGIN = 0.5;
/**
 * Positions per solve: a CPU guard. A solve that reaches it gives the outcome `AUDIT_LOSS_CAP` and the hole says
 * `exact: false`; the bound is proven for exact holes only (the real stock's search starts warm, the samples' cold, so
 * the cap does not fall alike on them; docs/fair-play.md). The calibration has never met it.
 */
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
  /** Examined decisions that bet (some factor is not 1). */
  readonly bets: number;
  /** The hole's evidence, the product of its factors, for each part and each capital of `AUDIT_CAPITALS` in turn. */
  readonly evidence: readonly number[];
  /**
   * What the hole's ladders read of the round's earlier holes: for each part and capital, the product of their
   * evidence in play order, counted at most `AUDIT_ROUND_CAP` (all 1 for a round's first hole).
   */
  readonly prior: readonly number[];
  readonly telling: readonly TellingDecision[];
  /** False when some solve reached `AUDIT_MAX_NODES` (its outcome was then taken as `AUDIT_LOSS_CAP`). */
  readonly exact: boolean;
  /**
   * The hole's lot (`verdictLot`, version 13): 32 bits hashed from the audit's salt, the hole's layout and its log. The
   * round's verdict draws its uniform from its holes' lots.
   */
  readonly lot: number;
}

/** A round's verdict. */
export interface RoundAudit {
  readonly flagged: boolean;
  /**
   * A p-value: an honest round gets one at most this low with chance at most this, whatever its strategy. It is
   * `min(1, u / evidence)`, the round's evidence against its uniform `u` drawn from the holes' lots (version 13).
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

/** One move of a hole's log, with the position before it. */
export interface AuditStep {
  readonly pos: Position;
  readonly moves: readonly Move[];
  /** Index of the move taken in `moves`. */
  readonly taken: number;
}
