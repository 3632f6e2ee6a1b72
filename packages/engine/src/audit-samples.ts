/**
 * The audit's samples and bets: orders of the unseen cards drawn given what the player was shown, each decision's
 * outcome on an order, and the bets placed on the real stock's outcomes (docs/fair-play.md).
 */
import { rankOf, type Card } from './card.ts';
import { type Deal } from './deal.ts';
import { type Move, type Position } from './game.ts';
import { Xoshiro128 } from './rng.ts';
import type { Rules } from './rules.ts';
import { sha256 } from './sha256.ts';
import { shownDeal } from './shown.ts';
import { DealSearch, type TailCache } from './solve-fast.ts';
import { AUDIT_LOSS_CAP, AUDIT_MAX_NODES, type AuditBet, type AuditStep } from './audit-settings.ts';

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

const topOf = (pos: Position): number => (pos.top === null ? -1 : rankOf(pos.top));

/**
 * Fewest strokes after each legal move of `step`, on the stock `search` was built for; null when a solve reaches
 * `AUDIT_MAX_NODES`. The position's optimum first, which is then every child's floor (a move never improves it):
 * the children's searches start at that bound and mostly meet it at once.
 */
export function optionValues(search: DealSearch, step: AuditStep): number[] | null {
  const pos = step.pos;
  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, topOf(pos), undefined, false),
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

/**
 * What a bet looks at, at one decision: the move taken against the best move (`ref` absent), or against the move
 * `ref` (an index in `step.moves`) that a blind reference policy would have played there.
 */
export interface AuditProbe {
  readonly step: AuditStep;
  readonly ref?: number | undefined;
  /** Against a reference move: the gain in strokes that is outcome 0 (1 when absent; see `outcomeOn`). */
  readonly gains?: number | undefined;
  /**
   * With `ref`, a threshold rule instead: outcome 0 when the rule "the reference move, unless it loses `theta` strokes
   * or more against the best move, then a best move" allows the move taken, else 1.
   */
  readonly theta?: number | undefined;
}

/**
 * A probe's outcome on the stock `search` was built for, at most `cap`. Against the best move: the strokes the move
 * taken loses, searched without every move's value (the optimum, then the move taken only as far as `cap` strokes
 * above it). Against a reference move: 0 when the move taken gains `gains` strokes or more on it, one more for each
 * stroke less, `gains` on a tie and `gains + 1` when it loses (the reference move searched only as far as it
 * needs). With a threshold rule (`theta`): 0 when the rule allows the move taken, else 1. Each is a number from 0 up,
 * so the same bets and conditions serve all. Null past the node cap; the callers then count it as `cap`. The real
 * stock's search starts warm and the samples' cold, so the cap does not fall alike on them: the bound is proven for
 * exact holes only (docs/fair-play.md).
 */
export function outcomeOn(search: DealSearch, probe: AuditProbe, cap = AUDIT_LOSS_CAP): number | null {
  const { step, ref, gains = 1 } = probe;
  const pos = step.pos;

  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, topOf(pos), undefined, false),
  );
  if (!whole.exact) return null;
  if (probe.theta !== undefined && ref !== undefined) {
    // The reference move only up to `theta` strokes above the optimum; the move taken only up to one.
    const r = childOf(search, pos, step.moves[ref]!);
    const rv = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(r.heights, r.drawn, r.top, whole.value, false, whole.value + probe.theta!),
    );
    if (!rv.exact && rv.atLeast !== true) return null;
    const refLoses = rv.value >= whole.value + probe.theta;
    if (ref === step.taken) return refLoses ? 1 : 0;
    if (!refLoses) return 1;
    const t = childOf(search, pos, step.moves[step.taken]!);
    const tv = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(t.heights, t.drawn, t.top, whole.value, false, whole.value + 1),
    );
    if (!tv.exact && tv.atLeast !== true) return null;
    return tv.exact && tv.value === whole.value ? 0 : 1;
  }
  const c = childOf(search, pos, step.moves[step.taken]!);
  if (ref === undefined) {
    const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false, whole.value + cap),
    );
    if (!a.exact && a.atLeast !== true) return null;
    return Math.min(cap, a.value - whole.value);
  }
  const taken = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false),
  );
  if (!taken.exact) return null;
  // The reference move only needs to be known up to `gains` strokes above the move taken (outcome 0 from there).
  const r = childOf(search, pos, step.moves[ref]!);
  const other = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(r.heights, r.drawn, r.top, whole.value, false, taken.value + gains),
  );
  if (other.atLeast === true) return 0;
  if (!other.exact) return null;
  return Math.max(0, Math.min(cap, taken.value - other.value + gains));
}

/** 32-bit FNV-1a over small non-negative integers (two bytes each). */
function hashInts(values: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v & 0xff), 0x01000193);
    h = Math.imul(h ^ ((v >>> 8) & 0xff), 0x01000193);
  }
  return h >>> 0;
}

const VERDICT_LOT_TAG = 'golf-daily audit verdict lot v13';
const VERDICT_UNIFORM_TAG = 'golf-daily audit verdict uniform v13';

/**
 * A finished hole's lot (version 13): the first 32 bits (big-endian) of the SHA-256 of a tag, the day's audit `salt`,
 * the hole's layout (its columns and dealt waste card, shown from the start) and its log, never the stock. The round's
 * verdict draws its uniform from its holes' lots (`verdictUniform`). With the salt secret while the day is played, no
 * player can tell what his lot will be, whatever moves he makes; SHA-256 taken as a random function, the lot is a
 * fresh uniform draw, independent of the stock and of everything else the audit derives from the salt (the sampled
 * orders' seeds are another function of it).
 */
export function verdictLot(deal: Deal, log: string, salt = ''): number {
  const layout: number[] = [];
  for (const col of deal.columns) layout.push(...col);
  layout.push(deal.waste ?? 52);
  const bytes = [...codeUnits(`${VERDICT_LOT_TAG}\0${salt}\0`), ...layout, ...codeUnits(`\0${log}`)];
  return firstWord(sha256(Uint8Array.from(bytes)));
}

/** A string's UTF-16 code units, two bytes each (big-endian): any string, one way. */
function codeUnits(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i) >>> 8, text.charCodeAt(i) & 0xff);
  return bytes;
}

/** The first 32 bits of a digest, big-endian, unsigned. */
const firstWord = (digest: Uint8Array): number =>
  ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;

/**
 * The round's uniform `u` in (0, 1] from its holes' lots, in play order: `u = (k + 1) / 2^32` for the first 32 bits
 * `k` (big-endian) of the SHA-256 of a tag and the lots. `P(u <= t) <= t` for every `t` when `k` is uniform (at most
 * `t · 2^32` of the `2^32` values qualify), which is all the verdict's proof needs of it (docs/fair-play.md, "The
 * verdict").
 */
export function verdictUniform(lots: readonly number[]): number {
  const bytes = codeUnits(`${VERDICT_UNIFORM_TAG}\0`);
  for (const lot of lots) bytes.push(lot >>> 24, (lot >>> 16) & 0xff, (lot >>> 8) & 0xff, lot & 0xff);
  return (firstWord(sha256(Uint8Array.from(bytes))) + 1) / 0x100000000;
}

/**
 * An order stream for one segment: xoshiro128** seeded by a hash of what was shown only (`shownDeal`) and of the
 * audit's `salt`. The daily course's salt is kept secret until the day closes (docs/fair-play.md): a player who could
 * compute the audit's orders while playing could choose moves that fool them. An empty salt (the default) leaves the
 * seed what it was before salts.
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
export interface AuditCondition extends AuditProbe {
  readonly lo: number;
  readonly hi: number;
}

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
        new DealSearch({ columns: d.columns, waste: d.waste, stock }, this.rules, {}, this.tails),
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

/**
 * Judges the decisions of one segment in log order on the orders they share: the real stock's and the samples'. Probe
 * `k` has outcome `real[k]` on the real stock and `samples[s][k]` on sample `s`, and the bets `users[k]` ride on it;
 * `decisions[j]` lists the probes of the segment's decision `j`. A decision is judged only on the orders that agree
 * with the real stock at every probe revealed before it in the segment (its outcome there in the range the real stock
 * revealed): given the outcomes of all the orders, the real stock is equally likely to sit at any place among those,
 * so each bet is fair given the bets before it. Judging every decision on all the samples is not: two decisions whose
 * outcomes go together would be paid twice on the same orders (docs/fair-play.md, "The proof").
 *
 * A probe reveals its range (`outcomeRange` of the real stock's outcome, as its bets' thresholds cut it) when some
 * sample still agrees at its decision: a rule on the number of orders, never on where the real stock sits among them.
 * Returns, for each probe, the outcomes its bets are placed on (the real stock's first, then the agreeing samples')
 * and its range, null when it revealed nothing.
 */
export function judgeSegment(
  real: readonly number[],
  samples: readonly (readonly number[])[],
  decisions: readonly (readonly number[])[],
  users: readonly (readonly AuditBet[])[],
  cap: number,
): { outcomes: number[][]; ranges: ({ lo: number; hi: number } | null)[] } {
  const agrees = samples.map(() => true);
  const outcomes: number[][] = real.map(() => []);
  const ranges: ({ lo: number; hi: number } | null)[] = real.map(() => null);
  for (const probes of decisions) {
    const reveals = agrees.includes(true);
    for (const k of probes) {
      outcomes[k] = [real[k]!, ...samples.flatMap((o, s) => (agrees[s] ? [o[k]!] : []))];
      if (reveals) ranges[k] = outcomeRange(real[k]!, users[k]!, cap);
    }
    samples.forEach((o, s) => {
      if (probes.some((k) => ranges[k] !== null && (o[k]! < ranges[k]!.lo || o[k]! > ranges[k]!.hi)))
        agrees[s] = false;
    });
  }
  return { outcomes, ranges };
}

/**
 * A bet's factor from a decision's outcomes, the real stock's first, then the accepted samples'. The bet succeeds on
 * an order when the move taken lost fewer than `bet.below` strokes there. It is placed when at least `minFailing`
 * orders fail it and at least one succeeds (a rule on the whole multiset); it then pays `1 - stake + stake · n / s`
 * when the real stock succeeds, `n` orders of which `s` succeed, and keeps `1 - stake` when it fails. For an honest
 * player, who is equally likely to hold any place among the orders, its mean is exactly 1: `(s/n) (1 - stake + stake
 * n / s) + (1 - s/n) (1 - stake) = 1`.
 */
export function betFactor(outcomes: readonly number[], bet: AuditBet, minFailing: number): number {
  const n = outcomes.length;
  let succeed = 0;
  for (const o of outcomes) if (o < bet.below) succeed++;
  if (succeed === 0 || n - succeed < minFailing) return 1;
  return outcomes[0]! < bet.below ? 1 - bet.stake + (bet.stake * n) / succeed : 1 - bet.stake;
}

/** A capital's factor at a decision: the mean of its bets' factors (a mean of fair bets is fair). */
export function capitalFactor(
  outcomes: readonly number[],
  bets: readonly AuditBet[],
  minFailing: number,
): number {
  return bets.reduce((sum, bet) => sum + betFactor(outcomes, bet, minFailing), 0) / bets.length;
}

/**
 * The outcomes that pay every bet of `bets` as the real outcome `real` did: the range `lo..hi` (within `0..lossCap`)
 * between the bets' thresholds.
 */
export function outcomeRange(
  real: number,
  bets: readonly AuditBet[],
  lossCap: number,
): { lo: number; hi: number } {
  let lo = 0;
  let hi = lossCap;
  for (const b of bets) {
    if (real < b.below) hi = Math.min(hi, b.below - 1);
    else lo = Math.max(lo, b.below);
  }
  return { lo, hi };
}
