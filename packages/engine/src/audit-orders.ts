/**
 * The sampled orders of the unseen cards: a stream seeded by what the player was shown, and the samples of one
 * segment, drawn until enough agree with what the real stock revealed (docs/fair-play.md#orders).
 */
import { type Card } from './card.ts';
import { type Deal } from './deal.ts';
import { Xoshiro128 } from './rng.ts';
import type { Rules } from './rules.ts';
import { shownDeal } from './shown.ts';
import { DealSearch, type TailCache } from './solve-fast.ts';
import { AUDIT_LOSS_CAP } from './audit-settings.ts';
import { type OutcomeRange } from './audit-bets.ts';
import { optionValues, outcomeOn, type AuditProbe } from './audit-outcomes.ts';
import { type AuditStep } from './audit-steps.ts';

/** 32-bit FNV-1a over small non-negative integers (two bytes each). */
function hashInts(values: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v & 0xff), 0x01000193);
    h = Math.imul(h ^ ((v >>> 8) & 0xff), 0x01000193);
  }
  return h >>> 0;
}

/**
 * An order stream for one segment: xoshiro128** seeded by a hash of what was shown only (`shownDeal`) and of the
 * audit's `salt`. The daily course's salt is kept secret until the day closes: a player who could compute the audit's
 * orders while playing could choose moves that fool them (docs/fair-play.md#what-the-audit-protects-and-against-whom).
 * An empty salt (the default) leaves the seed what it was before salts.
 */
export class OrderStream {
  readonly #rng: Xoshiro128;
  readonly #unseen: Card[];
  constructor(deal: Deal, drawn: number, salt = '') {
    // The undrawn cards only as a sorted set: their real order cannot leak in.
    const shown = shownDeal(deal, drawn);
    const seed: number[] = [];
    for (const col of shown.columns) seed.push(...col);
    seed.push(shown.waste ?? 52, 53, ...shown.stock, 54, drawn);
    if (salt !== '') {
      seed.push(55);
      for (let i = 0; i < salt.length; i++) seed.push(salt.charCodeAt(i));
    }
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

/**
 * An earlier probe of the hole whose bets depended on the real stock's outcome: later samples must give it an
 * outcome in `lo..hi` (every bet it placed then pays on them as it did on the real stock).
 */
export type AuditCondition = AuditProbe & OutcomeRange;

/** Sampled orders for the decisions of one segment. */
export interface SampleSet {
  /** Per accepted sample, per probe: its outcome (see `outcomeOn`; `lossCap` past the node cap). */
  readonly outcomes: readonly (readonly number[])[];
  /** Orders drawn, accepted or not. */
  readonly drawn: number;
  /** False when some solve reached the node cap (its outcome then counted as `lossCap`). */
  readonly exact: boolean;
  /**
   * Every legal move's fewest strokes at `step` on accepted sample `k` (null past the node cap), solved on demand:
   * the searches of the accepted orders stay open, with what they learned, until their orders are released.
   */
  valuesOf(k: number, step: AuditStep): readonly number[] | null;
}

/**
 * The orders of one segment, in the order `OrderStream` draws them, each with its search: every group of capitals
 * draws from the same stream, so an order one group checked is the next group's too, with what its search already
 * learned (the same exact values, found sooner), whether the first group accepted it or not: the groups' probes sit
 * at the same decisions. Measured: handing back a rejected order's search at once, and making it again when a later
 * group asked for it, cost 12% more positions and 8% more CPU, for no less memory at its peak. With `tails`, the
 * searches of the hole share what they prove near the end of the stock (`TailCache`).
 */
export class SegmentOrders {
  readonly #stream: OrderStream;
  readonly #base: Deal;
  readonly #revealed: readonly Card[];
  readonly #searches: DealSearch[] = [];
  constructor(
    deal: Deal,
    readonly rules: Rules,
    readonly drawn: number,
    readonly tails?: TailCache,
    salt = '',
  ) {
    this.#stream = new OrderStream(deal, drawn, salt);
    this.#base = deal;
    this.#revealed = deal.stock.slice(0, drawn);
  }
  /** The search for the `k`-th order drawn. */
  search(k: number): DealSearch {
    while (this.#searches.length <= k) {
      const d = this.#base;
      const stock = [...this.#revealed, ...this.#stream.next()];
      this.#searches.push(
        new DealSearch({ columns: d.columns, waste: d.waste, stock }, this.rules, this.tails),
      );
    }
    return this.#searches[k]!;
  }
  /** Hands every search back; no sample set drawn from these orders may be used after. */
  release(): void {
    for (const s of this.#searches) s.release();
    this.#searches.length = 0;
  }
}

/**
 * Draws orders of the unseen cards for the probes of one segment (`orders`: all its decisions are made with the same
 * stock cards drawn) until `n` of them give every condition an outcome in its range, or `cap` are drawn, and finds
 * each probe's outcome on the accepted ones. The orders depend on what was shown only (`OrderStream`), never on the
 * real order; one search per order serves its conditions and its probes alike (they share positions), and stays
 * open for `valuesOf` until `orders` is released.
 */
export function drawSamples(
  orders: SegmentOrders,
  probes: readonly AuditProbe[],
  conditions: readonly AuditCondition[],
  n: number,
  cap: number,
  lossCap = AUDIT_LOSS_CAP,
): SampleSet {
  // The later decisions first: their searches are the smaller, and the positions they solve serve the earlier ones'
  // searches, which pass through them.
  const checks = conditions.slice().reverse();
  const outcomes: number[][] = [];
  const searches: DealSearch[] = [];
  let exact = true;
  let k = 0;
  // Stopping on the count of accepted orders (or drawn ones) leaves the accepted ones independent draws from the law
  // they are accepted from.
  for (; k < cap && outcomes.length < n; k++) {
    const search = orders.search(k);
    const match = checks.every((c) => {
      // Only whether the outcome is in range matters: the move taken is searched no further than just past it.
      const found = outcomeOn(search, c, Math.min(lossCap, c.hi + 1));
      if (found === null) exact = false;
      const o = found ?? lossCap;
      return o >= c.lo && o <= c.hi;
    });
    // A rejected order is not solved further here: its values are never read.
    if (!match) continue;
    outcomes.push(
      probes.map((p) => {
        const found = outcomeOn(search, p, lossCap);
        if (found === null) exact = false;
        return found ?? lossCap;
      }),
    );
    searches.push(search);
  }
  return { outcomes, drawn: k, exact, valuesOf: (s, step) => optionValues(searches[s]!, step) };
}
