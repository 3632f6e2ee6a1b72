/**
 * The integrity audit of a finished round (DESIGN §7, docs/fair-play.md), version 4.
 *
 * A player who knows the stock plays moves that do well with that stock; a player who does not can only play moves
 * that do well on average over the orders the unseen cards could be in. For an honest player the real order of the
 * unseen cards is one more uniformly random order given everything he was shown, so it ranks like any sampled one.
 *
 * - A *segment* is the decisions (positions with at least two legal moves) made between two draws: they share
 *   what the player had been shown. Every segment with some stock still unseen is examined, from the first move of
 *   the hole on (`AUDIT_FROM_DRAW = 0`).
 * - Its *score* on a stock order is the strokes the moves taken lose there, summed over its decisions: for each, the
 *   fewest strokes after the move taken minus the fewest after the best move, by the exact solver. Graded: a small
 *   mistake costs a little, not everything.
 * - `AUDIT_SAMPLES[drawn]` orders of the unseen cards are drawn, seeded by what was shown only. The real stock's
 *   rank among these `N + 1` orders by score is uniform for an honest player (ties share their ranks), whatever his
 *   strategy. The segment's e-value is the mean of `rankWeight` over the ranks its score shares: expectation exactly
 *   1 under fair play, up to `AUDIT_TOP_SHARE · (N + 1)` for a real stock that alone scores best.
 * - Each decision is a bet of part of the capital on the real stock's rank among the accepted samples by that
 *   outcome (ties share their ranks): expectation exactly 1 for an honest player, whatever his strategy, and a move
 *   that does worst of all keeps `1 - β` of the capital. Later samples must give the conditioned decisions their real
 *   outcomes, which keeps each bet fair given the ones before it.
 * - A hole's evidence is the product of its factors, for each bet size `β` in `AUDIT_BETS`; the round's evidence is
 *   the mean over the bet sizes of the product over its holes (independent decks). `pValue = min(1, 1 / evidence)`,
 *   flagged below `AUDIT_ALPHA` (Markov's inequality). Proof in docs/fair-play.md.
 *
 * Determinism: sample orders come from xoshiro128** seeded by a hash of the shown cards, sample counts are fixed,
 * solves are exact (a node cap guards the CPU; a segment whose solve reaches it bets nothing), and every figure
 * is built from integer strokes with `+ - * /` only. The same (deal, rules, log) gives the same result on any
 * machine, whatever the clock says.
 */
import { makeCard, rankOf, type Card } from './card.ts';
import { COURSE_HOLES, validateDeal, type Deal } from './deal.ts';
import {
  applyMove,
  exposed,
  isOver,
  legalMoves,
  makeMove,
  parseMove,
  startPosition,
  type Move,
  type Position,
} from './game.ts';
import { err, ok, type CodedError, type Result } from './result.ts';
import { Xoshiro128 } from './rng.ts';
import type { Rules } from './rules.ts';
import { shownDeal } from './shown.ts';
import { DealSearch } from './solve-fast.ts';

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
  | { readonly kind: 'play'; readonly column: number; readonly card: string }
  | { readonly kind: 'draw' };

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

export type AuditErrorCode = 'ERR_LENGTHS' | 'ERR_BOARD' | 'ERR_ILLEGAL_MOVE' | 'ERR_NOT_OVER' | 'ERR_VERSION';
/** `hole` is the 0-based hole, `at` the 0-based index of the move in its log, where they apply. */
export type AuditError = CodedError<AuditErrorCode> & { readonly hole?: number; readonly at?: number };

/** One move of a hole's log, with the position before it. */
export interface AuditStep {
  readonly pos: Position;
  readonly moves: readonly Move[];
  /** Index of the move taken in `moves`. */
  readonly taken: number;
}

/** The steps of a whole finished hole, or why the log is not one. */
export function auditSteps(deal: Deal, rules: Rules, log: string): Result<AuditStep[], AuditError> {
  const valid = validateDeal(deal, rules);
  if (!valid.ok) return err({ code: 'ERR_BOARD', message: valid.error.message });
  const steps: AuditStep[] = [];
  let pos = startPosition(deal, rules);
  for (let i = 0; i < log.length; i++) {
    const move = parseMove(log[i]!);
    if (!move.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${move.error.message}`, at: i });
    const moves = legalMoves(pos);
    const next = applyMove(pos, move.value);
    if (!next.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${next.error.message}`, at: i });
    const taken = makeMove(move.value);
    steps.push({ pos, moves, taken: moves.findIndex((m) => makeMove(m) === taken) });
    pos = next.value;
  }
  if (!isOver(pos)) return err({ code: 'ERR_NOT_OVER', message: 'the log does not finish the hole' });
  return ok(steps);
}


/** The search-board child of a position after a move, on the stock `search` was built for. */
function childOf(search: DealSearch, pos: Position, move: Move): { heights: number[]; drawn: number; top: number } {
  const heights = pos.heights.slice();
  if (move.kind === 'draw') return { heights, drawn: pos.drawn + 1, top: search.stockRank[pos.drawn]! };
  const c = move.column - 1;
  const card = pos.deal.columns[c]![heights[c]! - 1]!;
  heights[c]!--;
  return { heights, drawn: pos.drawn, top: rankOf(card) };
}

/**
 * Fewest strokes after each legal move of `step`, on the stock `search` was built for; null past the cap. The
 * position's optimum first, which is then every child's floor (a move never improves it): the children's searches
 * start at that bound and mostly meet it at once.
 */
function optionValues(search: DealSearch, step: AuditStep): number[] | null {
  const pos = step.pos;
  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, pos.top === null ? -1 : rankOf(pos.top), undefined, false),
  );
  if (!whole.exact) return null;
  const values: number[] = [];
  for (const move of step.moves) {
    const c = childOf(search, pos, move);
    const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false),
    );
    if (!a.exact) return null;
    values.push(a.value);
  }
  return values;
}

/** Strokes the move taken loses against the best move, from the values of every legal move. */
const lossOf = (values: readonly number[], taken: number): number => values[taken]! - Math.min(...values);

/** 32-bit FNV-1a over small non-negative integers (two bytes each). */
function hashInts(values: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v & 0xff), 0x01000193);
    h = Math.imul(h ^ ((v >>> 8) & 0xff), 0x01000193);
  }
  return h >>> 0;
}

/** The stock a decision is judged on with a horizon: the first `cut` cards (all of them with the default horizon). */
const cutStock = (stock: readonly Card[], cut: number): Card[] => stock.slice(0, cut);

/** An order stream for one segment: xoshiro128** seeded by a hash of what was shown only (`shownDeal`). */
export class OrderStream {
  readonly #rng: Xoshiro128;
  readonly #unseen: Card[];
  constructor(deal: Deal, drawn: number) {
    // The undrawn cards only as a sorted set: their real order cannot leak in.
    const shown = shownDeal(deal, drawn);
    const seed: number[] = [];
    for (const col of shown.columns) seed.push(...col);
    seed.push(shown.waste ?? 52, 53, ...shown.stock, 54, drawn);
    this.#rng = Xoshiro128.fromSeed(hashInts(seed));
    this.#unseen = shown.stock.slice(drawn);
  }
  /** The next uniformly random order of the unseen cards (Fisher–Yates). */
  next(): Card[] {
    const order = this.#unseen.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.#rng.below(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    return order;
  }
}

/** A decision's outcome on a stock: strokes the move taken loses against the best move, at most `AUDIT_LOSS_CAP`. */
export const outcomeOf = (values: readonly number[], taken: number): number => Math.min(AUDIT_LOSS_CAP, lossOf(values, taken));

/** An earlier decision of the hole whose factor depended on the real stock: samples must give it the same outcome. */
export interface AuditCondition {
  readonly step: AuditStep;
  readonly outcome: number;
  /**
   * The share of its own segment's accepted samples that had this outcome: conditions are checked rarest first, so a
   * sample that fails one usually fails at once (the order changes the cost, never which samples are accepted).
   */
  readonly share: number;
}

/** The outcome of `step` on the stock `search` was built for, without every move's value; null past the cap. */
function outcomeOn(search: DealSearch, step: AuditStep): number | null {
  const pos = step.pos;
  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, pos.top === null ? -1 : rankOf(pos.top), undefined, false),
  );
  if (!whole.exact) return null;
  const c = childOf(search, pos, step.moves[step.taken]!);
  const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false, whole.value + AUDIT_LOSS_CAP),
  );
  if (!a.exact && a.atLeast !== true) return null;
  return Math.min(AUDIT_LOSS_CAP, a.value - whole.value);
}

/**
 * The outcome of `step` (made with `drawn` stock cards drawn) were the unseen cards in `order`: for the tests and
 * the bench. Null past the cap.
 */
export function outcomeWith(
  deal: Deal,
  rules: Rules,
  step: AuditStep,
  order: readonly Card[],
  horizon: number = AUDIT_HORIZON,
): number | null {
  const stock = cutStock([...deal.stock.slice(0, step.pos.drawn), ...order], step.pos.drawn + horizon);
  const search = new DealSearch({ columns: deal.columns, waste: deal.waste, stock }, rules);
  try {
    return outcomeOn(search, step);
  } finally {
    search.release();
  }
}

/** Sampled orders for the decisions of one segment. */
export interface SampleSet {
  /** Per sample, per decision: every legal move's fewest strokes (null when a solve reached the cap). */
  readonly values: readonly (readonly (readonly number[] | null)[])[];
  /** Per sample: whether it gives every earlier condition (of earlier segments) its outcome. */
  readonly matches: readonly boolean[];
}

/**
 * Draws orders of the unseen cards for the decisions of one segment (all made with `drawn` stock cards drawn) until
 * `n` of them give every condition its outcome, or `cap` are drawn, and solves every legal move of each decision
 * on each. The orders depend on what was shown only (`OrderStream`), never on the real order.
 */
export function drawSamples(
  deal: Deal,
  rules: Rules,
  drawn: number,
  decisions: readonly AuditStep[],
  conditions: readonly AuditCondition[],
  n: number,
  cap: number = n,
  horizon: number = AUDIT_HORIZON,
): SampleSet {
  const stream = new OrderStream(deal, drawn);
  // A condition whose cut game ends within the cards drawn is known from them: every sample agrees with it.
  const live = conditions.filter((c) => c.step.pos.drawn + horizon > drawn);
  // The rarest outcomes first (the later decision first among equals: fewer unseen cards, cheaper solves).
  const checks = live.map((c, i) => ({ c, i })).sort((a, b) => a.c.share - b.c.share || b.i - a.i).map((x) => x.c);
  const revealed = deal.stock.slice(0, drawn);
  const values: (number[] | null)[][] = [];
  const matches: boolean[] = [];
  // Until `n` orders are accepted (or `cap` are drawn): stopping on the count of accepted orders leaves them
  // independent draws from the law they are accepted from.
  // Not one accepted after `n` draws: the conditions are too rare to judge this segment, stop (a rule on the count of
  // accepted orders, like the other).
  let accepted = 0;
  for (let k = 0; k < cap && accepted < n && !(k >= n && accepted === 0); k++) {
    const stock = [...revealed, ...stream.next()];
    // One search per cut game (by where it ends), shared by the decisions judged on it.
    const searches = new Map<number, DealSearch>();
    const searchTo = (end: number): DealSearch => {
      const cut = Math.min(stock.length, end);
      let found = searches.get(cut);
      if (found === undefined) {
        found = new DealSearch({ columns: deal.columns, waste: deal.waste, stock: cutStock(stock, cut) }, rules);
        searches.set(cut, found);
      }
      return found;
    };
    let match = true;
    for (const c of checks) {
      if (outcomeOn(searchTo(c.step.pos.drawn + horizon), c.step) !== c.outcome) {
        match = false;
        break;
      }
    }
    // A rejected order is not solved further: its values are never read.
    values.push(match ? decisions.map((d) => optionValues(searchTo(drawn + horizon), d)) : decisions.map(() => null));
    matches.push(match);
    if (match) accepted++;
    for (const x of searches.values()) x.release();
  }
  return { values, matches };
}

/**
 * The bet on rank `r` (1 = least lost) of `of` orders: `(1 - bet)` kept, and `bet` placed as `topShare · of` on
 * rank 1 plus `(1 - topShare) · 2 (of + 1 - r) / (of + 1)` spread over the ranks. Its mean over the ranks 1..of is
 * exactly 1, it never falls as the rank improves, and it is never below `1 - bet`.
 */
export function rankWeight(r: number, of: number, bet: number, topShare: number): number {
  return 1 - bet + bet * ((r === 1 ? topShare * of : 0) + ((1 - topShare) * 2 * (of + 1 - r)) / (of + 1));
}

/**
 * A decision's factor from its outcomes, the real stock's first, then the accepted samples'. The real stock shares
 * ranks `less + 1` to `less + ties` with the orders that lost as much, and is paid the mean `rankWeight` over those
 * ranks. No bet (1) when at most one of the orders lost anything: a rule on the whole multiset of outcomes, so for an
 * honest player, who is equally likely to hold any of the ranks, the expectation is exactly 1 either way.
 */
export function decisionFactor(
  outcomes: readonly number[],
  size: number | AuditBet,
  topShare: number,
  minLosing = AUDIT_MIN_LOSING,
): number {
  const of = outcomes.length;
  let losing = 0;
  for (const o of outcomes) if (o > 0) losing++;
  if (losing < minLosing) return 1;
  // A bet scaled by the share of orders that lose strokes: a function of the multiset of outcomes, like the rule above.
  const bet = typeof size === 'number' ? size : size.byLoss ? (size.size * losing) / of : size.size;
  const real = outcomes[0]!;
  let less = 0;
  let ties = 0;
  for (const o of outcomes) {
    if (o < real) less++;
    else if (o === real) ties++;
  }
  let sum = 0;
  for (let r = less + 1; r <= less + ties; r++) sum += rankWeight(r, of, bet, topShare);
  return sum / ties;
}

/** One examined decision, for the bench and the tests. */
export interface AuditTrace {
  readonly at: number;
  readonly drawn: number;
  /** Outcomes: the real stock's, then the accepted samples'. */
  readonly outcomes: readonly number[];
  /** Whether later samples must match its outcome (some accepted sample lost strokes). */
  readonly condition: boolean;
  /** Its factor with the first bet size of the settings (`AUDIT_BETS[0]`). */
  readonly factor: number;
}

/** Audits one finished hole. The result is plain data (JSON round-trips it) for `combineAudit`. */
export function auditHole(deal: Deal, rules: Rules, log: string): Result<HoleAudit, AuditError> {
  return auditHoleWith(deal, rules, log, AUDIT_SETTINGS);
}

/** `auditHole` with other settings; `trace` receives every examined decision. */
export function auditHoleWith(
  deal: Deal,
  rules: Rules,
  log: string,
  settings: AuditSettings,
  trace?: (t: AuditTrace) => void,
): Result<HoleAudit, AuditError> {
  const walked = auditSteps(deal, rules, log);
  if (!walked.ok) return walked;
  const steps = walked.value;
  const stockLen = deal.stock.length;
  let decisions = 0;
  // Decisions in the audit's window, grouped by segment (stock cards drawn), in log order.
  const segments = new Map<number, number[]>();
  steps.forEach((s, i) => {
    if (s.moves.length < 2) return;
    decisions++;
    const drawn = s.pos.drawn;
    if (drawn < settings.fromDraw || drawn >= settings.untilDraw || drawn >= stockLen) return;
    if ((settings.samples[drawn] ?? 0) === 0) return;
    const list = segments.get(drawn) ?? [];
    list.push(i);
    segments.set(drawn, list);
  });

  const evidence = settings.bets.map(() => 1);
  const conditions: AuditCondition[] = [];
  const telling: TellingDecision[] = [];
  let examined = 0;
  let bets = 0;
  let exact = true;
  // The real stock's cut games, one search each.
  const reals: DealSearch[] = [];
  try {
    for (const [drawn, list] of segments) {
      const decided = list.map((i) => steps[i]!);
      const real = new DealSearch({ ...deal, stock: cutStock(deal.stock, drawn + settings.horizon) }, rules);
      reals.push(real);
      const realValues = decided.map((step) => optionValues(real, step));
      const n = settings.samples[drawn]!;
      const set = drawSamples(deal, rules, drawn, decided, conditions.slice(), n, n * settings.drawFactor, settings.horizon);
      const mask = set.matches.slice();
      for (const [j, i] of list.entries()) {
        examined++;
        const step = decided[j]!;
        const rv = realValues[j];
        // A solve that reached the cap: the decision is no bet (documented; never seen in calibration).
        if (rv === null || rv === undefined || set.values.some((v, k) => mask[k] && v[j] === null)) {
          exact = false;
          continue;
        }
        const outcome = outcomeOf(rv, step.taken);
        const outcomes = [outcome];
        for (let k = 0; k < mask.length; k++) if (mask[k]) outcomes.push(outcomeOf(set.values[k]![j]!, step.taken));
        const factors = settings.bets.map((b) => decisionFactor(outcomes, b, settings.topShare, settings.minLosing));
        const factor = factors[0]!;
        // Whether later orders must give this decision its outcome is decided by the samples alone: with fewer than
        // `minLosing - 1` of them losing strokes the factor is 1 whatever the real stock, and it reveals nothing.
        const condition = outcomes.filter((o, k) => k > 0 && o > 0).length >= settings.minLosing - 1;
        if (condition) {
          conditions.push({ step, outcome, share: outcomes.filter((o, k) => k > 0 && o === outcome).length / (outcomes.length - 1) });
          for (let k = 0; k < mask.length; k++)
            if (mask[k] && outcomeOf(set.values[k]![j]!, step.taken) !== outcome) mask[k] = false;
        }
        if (factor !== 1) bets++;
        factors.forEach((f, b) => (evidence[b]! *= f));
        trace?.({ at: i, drawn, outcomes, condition, factor });
        const blind: (readonly number[])[] = [rv];
        for (const v of set.values) if (v[j] !== null) blind.push(v[j]!);
        const t = tellingOf(step, blind);
        if (t !== null) telling.push({ at: i, move: makeMove(step.moves[step.taken]!), reason: t });
      }
    }
  } finally {
    for (const r of reals) r.release();
  }
  return ok({ version: AUDIT_VERSION, decisions, examined, bets, evidence, telling, exact });
}

function auditMove(pos: Position, move: Move): AuditMove {
  return move.kind === 'draw' ? { kind: 'draw' } : { kind: 'play', column: move.column, card: makeCard(exposed(pos, move.column)!) };
}

/**
 * A telling decision: the move taken was best with the real stock (`values[0]`), yet lost at least
 * `TELLING_MARGIN` strokes on average over the sampled orders (`values[1..]`) against the move that did best there.
 */
function tellingOf(step: AuditStep, values: readonly (readonly number[])[]): TellingReason | null {
  const realLoss = lossOf(values[0]!, step.taken);
  if (realLoss > 0 || values.length < 2) return null;
  const n = values.length - 1;
  const means = step.moves.map((_, m) => {
    let s = 0;
    for (let k = 1; k <= n; k++) s += values[k]![m]!;
    return s / n;
  });
  const best = Math.min(...means);
  const margin = means[step.taken]! - best;
  if (margin < TELLING_MARGIN) return null;
  let rank = 1;
  for (let k = 1; k <= n; k++) if (lossOf(values[k]!, step.taken) < realLoss) rank++;
  const pos = step.pos;
  return {
    kind: 'regret',
    taken: auditMove(pos, step.moves[step.taken]!),
    playable: step.moves.flatMap((m) => (m.kind === 'play' ? [makeCard(exposed(pos, m.column)!)] : [])),
    blindBest: auditMove(pos, step.moves[means.indexOf(best)]!),
    strokes: Math.round(margin * 10) / 10,
    realStrokes: realLoss,
    rank,
    of: n + 1,
  };
}

/**
 * The round's verdict from its holes' audits (in any order; stored results combine as they are). Pure: the
 * API can audit holes in separate CPU slices, store each `HoleAudit`, and combine them at the end.
 */
export function combineAudit(holes: readonly HoleAudit[]): Result<RoundAudit, AuditError> {
  if (holes.length < 1 || holes.length > COURSE_HOLES)
    return err({ code: 'ERR_LENGTHS', message: `a round has 1 to ${COURSE_HOLES} holes, got ${holes.length}` });
  const sizes = AUDIT_BETS.length;
  const bad = holes.findIndex(
    (h) => h.version !== AUDIT_VERSION || !Array.isArray(h.evidence) || h.evidence.length !== sizes || !h.evidence.every((e) => e >= 0),
  );
  if (bad >= 0)
    return err({ code: 'ERR_VERSION', message: `hole ${bad + 1} was audited by another audit version`, hole: bad });
  // For each bet size, each hole's evidence keeps its expectation at most 1 given the holes before it (the decks are
  // independent), so their product is an e-value for the round; so is the mean of those products over the bet sizes.
  // Multiplied in sorted order: the same product, to the last bit, whatever order the holes come in.
  let evidence = 0;
  for (let b = 0; b < sizes; b++) {
    let product = 1;
    for (const v of holes.map((h) => h.evidence[b]!).sort((x, y) => x - y)) product *= v;
    evidence += product;
  }
  evidence /= sizes;
  const pValue = evidence <= 1 ? 1 : 1 / evidence;
  return ok({
    flagged: pValue < AUDIT_ALPHA,
    pValue,
    telling: holes.reduce((n, h) => n + h.telling.length, 0),
    decisions: holes.reduce((n, h) => n + h.decisions, 0),
    holes: holes.map((h) => ({ telling: h.telling })),
  });
}

/** Audits a whole round: `combineAudit(holes.map(auditHole))`, holes in order, the first bad one reported. */
export function auditRound(
  deals: readonly Deal[],
  rules: Rules,
  logs: readonly string[],
): Result<RoundAudit, AuditError> {
  if (deals.length !== logs.length)
    return err({ code: 'ERR_LENGTHS', message: `${deals.length} boards but ${logs.length} logs` });
  if (deals.length < 1 || deals.length > COURSE_HOLES)
    return err({ code: 'ERR_LENGTHS', message: `a round has 1 to ${COURSE_HOLES} holes, got ${deals.length}` });
  // Check every log before the costly part, so bad input answers at once.
  for (let h = 0; h < deals.length; h++) {
    const s = auditSteps(deals[h]!, rules, logs[h]!);
    if (!s.ok) return err({ ...s.error, hole: h, message: `hole ${h + 1}: ${s.error.message}` });
  }
  const holes: HoleAudit[] = [];
  for (let h = 0; h < deals.length; h++) {
    const a = auditHole(deals[h]!, rules, logs[h]!);
    if (!a.ok) return err({ ...a.error, hole: h, message: `hole ${h + 1}: ${a.error.message}` });
    holes.push(a.value);
  }
  return combineAudit(holes);
}
