import { rankOf, type Card } from './card.ts';
import { type Deal } from './deal.ts';
import { type Move, type Position } from './game.ts';
import { Xoshiro128 } from './rng.ts';
import type { Rules } from './rules.ts';
import { shownDeal } from './shown.ts';
import { DealSearch } from './solve-fast.ts';
import {
  AUDIT_HORIZON,
  AUDIT_LOSS_CAP,
  AUDIT_MAX_NODES,
  AUDIT_MIN_LOSING,
  type AuditBet,
  type AuditStep,
} from './audit-settings.ts';

/** The audit's samples and bets: orders of the unseen cards drawn given what the player was shown, and the graded bet each decision places (docs/fair-play.md). */
/** The search-board child of a position after a move, on the stock `search` was built for. */
function childOf(
  search: DealSearch,
  pos: Position,
  move: Move,
): { heights: number[]; drawn: number; top: number } {
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
export function optionValues(search: DealSearch, step: AuditStep): number[] | null {
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
export const lossOf = (values: readonly number[], taken: number): number =>
  values[taken]! - Math.min(...values);

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
export const cutStock = (stock: readonly Card[], cut: number): Card[] => stock.slice(0, cut);

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
export const outcomeOf = (values: readonly number[], taken: number): number =>
  Math.min(AUDIT_LOSS_CAP, lossOf(values, taken));

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
  const checks = live
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.share - b.c.share || b.i - a.i)
    .map((x) => x.c);
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
        found = new DealSearch(
          { columns: deal.columns, waste: deal.waste, stock: cutStock(stock, cut) },
          rules,
        );
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
    values.push(
      match ? decisions.map((d) => optionValues(searchTo(drawn + horizon), d)) : decisions.map(() => null),
    );
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
