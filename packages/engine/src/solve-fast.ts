import { rankOf } from './card.ts';
import type { Deal } from './deal.ts';
import { playPoints } from './game.ts';
import { rankFits, type Rules } from './rules.ts';
import { IntTable } from './solve-table.ts';

/** A budget for one call on a search (`DealSearch.withBudget`). */
export interface SearchBudget {
  /** Positions the search may still visit, counted from the start of the call (default: no limit). */
  readonly maxNodes?: number | undefined;
  /** The `Date.now()` time after which the search stops (default: none). */
  readonly deadline?: number | undefined;
}

export interface StrokesAnswer {
  /** Fewest strokes (exact unless a budget stopped the search; then the strokes of `line`). */
  readonly value: number;
  readonly exact: boolean;
  readonly winnable: boolean | null;
  /** Moves from the position: column 0..6, 7 = draw. */
  readonly line: number[];
  /** True when the search stopped at its `ceiling`: `value` is then a proven lower bound, at least the ceiling. */
  readonly atLeast?: boolean;
}

export interface PointsAnswer {
  /** Most points still to gain. */
  readonly value: number;
  readonly exact: boolean;
  readonly line: number[];
}

// Local copies of the deal's shape: imported bindings can cost a getter call per use in transpiled code.
const COLUMNS = 7;
const COLUMN_HEIGHT = 5;
const NONE = -0x7fffffff;
const EXACT = 1;
const LOWER = 2;
const INF = 1000;

/*
 * The position key: column c's height in 3 bits at bit 3c, the stock cards drawn in 5 bits at bit 21, the
 * waste top's rank + 1 in 4 bits at bit 26 (0: the empty waste). Every key is built by these three functions.
 */
const DRAWN_SHIFT = 21;
const TOP_SHIFT = 26;
const TOP_BITS = 15 << TOP_SHIFT;

/** The key of a position: `heightBits` holds the column heights (3 bits each, column 0 lowest). */
export function positionKey(heightBits: number, drawn: number, top: number): number {
  return heightBits | (drawn << DRAWN_SHIFT) | ((top + 1) << TOP_SHIFT);
}

/** The key after column c's exposed card, of rank r, is played from the position `key`. */
export function keyAfterPlay(key: number, c: number, r: number): number {
  return ((key & ~TOP_BITS) - (1 << (3 * c))) | ((r + 1) << TOP_SHIFT);
}

/** The key after a stock card of rank r is drawn in the position `key`. */
export function keyAfterDraw(key: number, r: number): number {
  return ((key & ~TOP_BITS) + (1 << DRAWN_SHIFT)) | ((r + 1) << TOP_SHIFT);
}

const fitsOfMaskCache = new Map<string, Int32Array>();

/** The rules' part that decides which ranks fit on which: a search's `fitMask` follows from it alone. */
const adjacencyKey = (rules: Rules): string => `${rules.wrap}/${rules.queenOnKing}`;

/** `fitsOfMask` for a rule set, built once per adjacency (a coach builds a search per sample). */
function fitsOfMasks(fitMask: Int32Array, rules: Rules): Int32Array {
  const key = adjacencyKey(rules);
  let table = fitsOfMaskCache.get(key);
  if (table === undefined) {
    table = new Int32Array(1 << 13);
    for (let m = 1; m < 1 << 13; m++) {
      const q = 31 - Math.clz32(m);
      table[m] = table[m & ~(1 << q)]! | fitMask[q + 1]!;
    }
    fitsOfMaskCache.set(key, table);
  }
  return table;
}

/**
 * Values of positions near the end of the stock, shared by the searches of one board over different stock orders
 * (the orders the audit samples). A position's value depends on the board, the waste top and the stock cards still
 * to come, in order; with only `maxStock` or fewer left, orders that end alike share those, so their searches share
 * one table for each sequence of ranks left: what one search proved there, the next reads. Measured on the audit: a
 * third of the positions with at most two stock cards left repeat across its searches of a hole. Up to four saved a
 * little more and took half as much memory again; the coach's samples, solved from early positions, gained nothing.
 */
export class TailCache {
  readonly #tables = new Map<number, IntTable>();
  readonly #board: string;
  /** The searches share a table for positions with at most this many stock cards left. */
  readonly maxStock: number;

  constructor(deal: Deal, rules: Rules, maxStock = 2) {
    this.#board = boardKey(deal, rules);
    this.maxStock = maxStock;
  }

  /** The table for positions with these stock ranks still to come, in order (at most `maxStock`). */
  tableFor(ranks: ArrayLike<number>): IntTable {
    // Base 14 with digits rank + 1: sequences of different lengths get different numbers.
    let sig = 0;
    for (let i = 0; i < ranks.length; i++) sig = sig * 14 + ranks[i]! + 1;
    let table = this.#tables.get(sig);
    if (table === undefined) this.#tables.set(sig, (table = new IntTable(10)));
    return table;
  }

  /** Throws unless a search of `deal` under `rules` may share this cache (the same columns, stock length and rules). */
  check(deal: Deal, rules: Rules): void {
    if (boardKey(deal, rules) !== this.#board)
      throw new Error('a tail cache serves the searches of one board only');
  }

  /** Hands the tables' memory back; the cache must not be used again. */
  release(): void {
    for (const t of this.#tables.values()) t.release();
    this.#tables.clear();
  }
}

function boardKey(deal: Deal, rules: Rules): string {
  return `${adjacencyKey(rules)}/${deal.stock.length}/${deal.columns.map((c) => c.join(',')).join('/')}`;
}

/**
 * The fast exact search over one deal.
 *
 * - A position is a 30-bit integer: seven column heights (3 bits each), the stock cards drawn (5 bits at bit
 *   21) and the waste top's rank + 1 (4 bits at bit 26, 0 = empty waste). The waste card itself is fixed by
 *   the last move, so its rank is all the search needs. Positions live in a flat open-addressing table
 *   (`IntTable`) holding either an exact value or a proven lower bound.
 * - `strokes` is a fail-soft bounded search (exact below its bound `beta`, else a lower bound >= `beta`).
 *   `optimumStrokes` raises the bound from 1 (below it: the best clear, exact) by what each failed search
 *   proves (no clear, at least 2 cards left, ...). `win` is the satisficing search for any clear: it stores
 *   only "no clear" (a lower bound of 1), which the strokes search shares.
 * - Lower bounds (`lowerBound`), each a relaxation that can only under-estimate:
 *   1. a clear leaves at most the stock that is left;
 *   2. rank matching: every card played needs a distinct card just before it on the waste (a played board
 *      card, the waste top if an exposed card fits it, or a drawn stock card). A max flow over the 13 ranks
 *      (two paths, or a cycle with wrap) bounds the cards that can ever be played: fewer than the board means
 *      no clear and at least that many cards left. For a clear with at most d more draws only the next d stock
 *      cards count, which bounds how much stock a clear can keep;
 *   3. the walk bound (`walks`): between two draws the player makes one walk, and each walk's reach is
 *      followed in stock order through the columns; a card outside every walk's reach stays. It runs with at
 *      most `walkStock` stock cards left, where the matching bound is weakest.
 * - Dominance (`drawDominated`): with an exposed card that fits the waste and that nothing left on the board
 *   could follow (a King in classic), drawing is never better than playing it first. Proof in that method.
 * - No move ordering beyond plays before the draw: the proofs dominate the cost, and a proof visits every
 *   child whatever the order.
 *
 * The table outlives one search: values depend only on the position, so a post-mortem or a coach reuses it
 * over the many positions of one deal.
 */
export class DealSearch {
  readonly stockLen: number;
  /** Rank of column c's card i at `c * 5 + i`. */
  readonly colRank: Int8Array;
  readonly stockRank: Int8Array;
  /** Bit t set in `fitMask[top + 1]` when a card of rank t may be played on top rank `top`. */
  readonly fitMask: Int32Array;
  /** Bit t set in `fitsOfMask[M]` when a card of rank t may be played on some rank in the mask M. */
  readonly fitsOfMask: Int32Array;
  /** Count of rank r in the stock from index d on, at `d * 13 + r`. */
  readonly stockCnt: Int32Array;
  readonly h = new Int8Array(COLUMNS);
  readonly table = new IntTable(15);
  nodes = 0;
  /** Positions expanded by the strokes search (a position may be expanded again under a higher bound). */
  expansions = 0;
  /**
   * The budget: the search stops once `nodes` passes `maxNodes` or the clock passes `deadline`, and sets
   * `stopped`. Set them through `withBudget`, which puts them back afterwards.
   */
  maxNodes = Infinity;
  deadline = Infinity;
  stopped = false;
  readonly path: number[] = [];
  winLine: number[] = [];
  /** Board cards per rank, and the mask of ranks with any, kept up to date by the searches. */
  readonly #bcnt = new Int32Array(13);
  #bmask = 0;
  /**
   * Exposed cards per rank, and the mask of ranks with any, kept up to date by `setHeights`, `playColumn` and
   * `#unplay` (not by the points search, which scans the columns).
   */
  readonly #ecnt = new Int32Array(13);
  #emask = 0;
  /** The rank-matching bound is on. */
  protected useMatching = true;
  /**
   * The walk bound runs with at most this many stock cards left (-1: never). Measured on classic: 6 is the best
   * trade; with more stock left it costs more than it saves.
   */
  protected walkStock = 6;
  /** `walks`: cards still standing in each column, and for each rank the columns whose next card has it. */
  readonly #standing = new Int32Array(COLUMNS);
  readonly #nextOfRank = new Int32Array(13);

  /** King dominance is on. */
  protected useDominance = true;
  #clockCheck = 0;
  #wrap: boolean;
  #qok: boolean;
  readonly #pred = new Int32Array(13);
  /** Moves from the root of the current `optimumStrokes` call, while `#track` is on (column 0..6, 7 = draw). */
  readonly #mv = new Int8Array(64);
  #plen = 0;
  #track = false;
  /** The best end of play reached from that root so far (an upper bound on its optimum) and its line. */
  #ub = INF;
  #ubLine: number[] = [];

  /**
   * The table for positions with `drawn` stock cards drawn: the search's own, or from `drawn >= #tailFrom` on, the
   * tail cache's for the ranks still to come.
   */
  readonly #tailTables: IntTable[] = [];
  #tailFrom = Infinity;

  constructor(deal: Deal, rules: Rules, tails?: TailCache) {
    this.#wrap = rules.wrap;
    this.#qok = rules.queenOnKing;
    this.colRank = new Int8Array(COLUMNS * COLUMN_HEIGHT);
    for (let c = 0; c < COLUMNS; c++)
      for (let i = 0; i < COLUMN_HEIGHT; i++)
        this.colRank[c * COLUMN_HEIGHT + i] = rankOf(deal.columns[c]![i]!);
    this.stockLen = deal.stock.length;
    this.stockRank = Int8Array.from(deal.stock.map(rankOf));
    this.fitMask = new Int32Array(14);
    for (let t = -1; t < 13; t++)
      for (let r = 0; r < 13; r++) if (rankFits(rules, t, r)) this.fitMask[t + 1]! |= 1 << r;
    this.stockCnt = new Int32Array((this.stockLen + 1) * 13);
    for (let d = this.stockLen - 1; d >= 0; d--)
      for (let r = 0; r < 13; r++)
        this.stockCnt[d * 13 + r] = this.stockCnt[(d + 1) * 13 + r]! + (this.stockRank[d] === r ? 1 : 0);
    this.fitsOfMask = fitsOfMasks(this.fitMask, rules);
    if (tails !== undefined) {
      tails.check(deal, rules);
      this.#tailFrom = Math.max(0, this.stockLen - tails.maxStock);
      for (let d = this.#tailFrom; d <= this.stockLen; d++)
        this.#tailTables[d] = tails.tableFor(this.stockRank.subarray(d));
    }
  }

  /** The table that holds positions with `drawn` stock cards drawn. */
  #tableAt(drawn: number): IntTable {
    return drawn >= this.#tailFrom ? this.#tailTables[drawn]! : this.table;
  }

  /** Hands the tables' memory to the next search (see `IntTable.release`); this one must not be used again. */
  release(): void {
    this.table.release();
    this.#pointTables.forEach((t) => t.release());
  }

  /**
   * Runs `run` under `budget`, then restores `maxNodes`, `deadline` and `stopped` as they were, also when
   * `run` throws: a budget never outlives the call it was set for. Inside another budget it can only narrow
   * it. Whether the budget stopped the search is for `run` to read (`stopped`, or an answer's `exact`) before
   * it returns.
   */
  withBudget<T>(budget: SearchBudget, run: () => T): T {
    const { maxNodes, deadline, stopped } = this;
    if (budget.maxNodes !== undefined) this.maxNodes = Math.min(maxNodes, this.nodes + budget.maxNodes);
    if (budget.deadline !== undefined) this.deadline = Math.min(deadline, budget.deadline);
    try {
      return run();
    } finally {
      this.maxNodes = maxNodes;
      this.deadline = deadline;
      this.stopped = stopped;
    }
  }

  keyOf(drawn: number, top: number): number {
    const h = this.h;
    let k = 0;
    for (let c = COLUMNS - 1; c >= 0; c--) k = (k << 3) | h[c]!;
    return positionKey(k, drawn, top);
  }

  /** Sets the board to the given column heights (and the board rank counts that go with them). */
  setHeights(heights: readonly number[]): void {
    const cnt = this.#bcnt;
    cnt.fill(0);
    for (let c = 0; c < COLUMNS; c++) {
      this.h[c] = heights[c]!;
      for (let i = 0; i < heights[c]!; i++) cnt[this.colRank[c * COLUMN_HEIGHT + i]!]!++;
    }
    let m = 0;
    for (let r = 0; r < 13; r++) if (cnt[r]! > 0) m |= 1 << r;
    this.#bmask = m;
    this.#ecnt.fill(0);
    this.#emask = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = heights[c]!;
      if (hc === 0) continue;
      const r = this.colRank[c * COLUMN_HEIGHT + hc - 1]!;
      this.#ecnt[r]!++;
      this.#emask |= 1 << r;
    }
  }

  /**
   * Whether a draw is dominated here: some exposed card fits the waste and nothing left on the board could
   * ever follow it (a King in classic). Playing it and then drawing is never worse than drawing now: any line
   * that draws now either never plays that card (one card fewer is never worse for strokes) or plays it later
   * on some waste and must draw at once after it, which the other line can do at the same moment, from the
   * same waste, with a board that has the same cards and the card under it already exposed.
   */
  drawDominated(fit: number): boolean {
    const h = this.h;
    const colRank = this.colRank;
    const fitMask = this.fitMask;
    const bmask = this.#bmask;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = colRank[c * COLUMN_HEIGHT + hc - 1]!;
      if (((fit >> r) & 1) !== 0 && (fitMask[r + 1]! & bmask) === 0) return true;
    }
    return false;
  }

  #budget(): boolean {
    if (this.nodes > this.maxNodes) this.stopped = true;
    else if (this.deadline !== Infinity && ++this.#clockCheck >= 1024) {
      this.#clockCheck = 0;
      if (Date.now() > this.deadline) this.stopped = true;
    }
    return this.stopped;
  }

  /**
   * A lower bound on the strokes reachable from the position in `h` (`left` board cards, `drawn` stock cards
   * drawn, waste rank `top`, -1 = empty). When it can show the optimum is at least `beta` it returns a value
   * >= `beta`; otherwise it may return anything that is a true lower bound. Only for a position with a legal
   * play (the searches call it only there): the waste top then always counts as a predecessor.
   */
  lowerBound(left: number, drawn: number, top: number, beta: number): number {
    const s = this.stockLen - drawn;
    if (beta <= -s) return -s;
    const pred = this.#pred;
    const stockCnt = this.stockCnt;
    const sBase = drawn * 13;
    const extra = top < 0 ? 1 : 0;
    const useWalks = top >= 0 && s <= this.walkStock;
    // Cards that can still be played, at most.
    let m = left;
    if (this.useMatching) {
      // Every card played needs a distinct card just before it: a board card, the waste top or a stock card.
      if (!this.#wrap) m = this.boardFlow(sBase, top) + extra;
      else {
        const bcnt = this.#bcnt;
        for (let r = 0; r < 13; r++) pred[r] = bcnt[r]! + stockCnt[sBase + r]!;
        if (top >= 0) pred[top]!++;
        m = this.flow(pred, bcnt) + extra;
      }
      if (m > left) m = left;
    }
    // No clear: at least the cards that can't be played stay.
    if (m < left && left - m >= beta) return left - m;
    if (useWalks) {
      const need = left - beta + 1; // reaching this many cards shows nothing
      const w = this.walks(top, drawn, this.stockLen, need > 0 ? need : 1);
      if (w < left && left - w >= beta) return left - w;
    }
    if (m < left) return left - m;
    if (beta > 0) return -s;
    // A clear is possible as far as these bounds see. It leaves -beta or more stock cards only if it needs at
    // most d = s + beta - 1 more draws: try the bounds with only those stock cards.
    const d = s + beta - 1;
    if (this.useMatching) {
      const bcnt = this.#bcnt;
      const cut = (drawn + d) * 13;
      for (let r = 0; r < 13; r++) pred[r] = bcnt[r]! + stockCnt[sBase + r]! - stockCnt[cut + r]!;
      if (top >= 0) pred[top]!++;
      if (this.flow(pred, bcnt) + extra < left) return beta;
    }
    if (top >= 0 && d < s && d <= this.walkStock && this.walks(top, drawn, drawn + d, left) < left)
      return beta;
    return -s;
  }

  /**
   * The walk bound. Between two draws the player makes one walk: a run of plays, each card one rank from the
   * card before it. Walk 0 starts on the waste top, walk j on the j-th stock card still to come, in order. For
   * each walk in turn this finds a superset of the cards it could play: its first card fits its source and is
   * exposed when the walk starts (every card above it was within reach of an earlier walk); each later card
   * fits a card of this walk and has every card above it within reach of this walk or an earlier one. A card
   * outside every walk's set can never be played. Unlike the matching bound it knows the column order and
   * that a stock card starts one walk; unlike a plain reachability fixpoint it knows that a stock card only
   * leads to its walk's first card.
   *
   * Returns how many cards are within reach of some walk (walks `from - 1`, on the waste top, to `to - 1`),
   * stopping early once that reaches `enough`. By ranks only: a card may count one below it in its own column
   * as the card before it, which can only make the sets larger.
   */
  walks(top: number, from: number, to: number, enough: number): number {
    const h = this.h;
    const colRank = this.colRank;
    const fitMask = this.fitMask;
    const fom = this.fitsOfMask;
    // Cards still standing in each column (below those some walk could reach), and for each rank the columns
    // whose next standing card has it.
    const rem = this.#standing;
    const ftc = this.#nextOfRank;
    ftc.fill(0);
    let fu = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      rem[c] = hc;
      if (hc > 0) {
        const r = colRank[c * COLUMN_HEIGHT + hc - 1]!;
        ftc[r]! |= 1 << c;
        fu |= 1 << r;
      }
    }
    let zone = 0;
    let total = 0;
    for (let j = from - 1; j < to; j++) {
      let fits = fitMask[(j < from ? top : this.stockRank[j]!) + 1]!;
      let m = zone & fits;
      let first = fu & fits;
      if (first === 0 && m === 0) continue;
      fits = fom[m]!;
      for (;;) {
        if ((zone & fits & ~m) !== 0) {
          for (;;) {
            const nm = m | (zone & fits);
            if (nm === m) break;
            m = nm;
            fits = fom[m]!;
          }
        }
        let can = (fits | first) & fu;
        first = 0;
        if (can === 0) break;
        let cols = 0;
        while (can !== 0) {
          const r = 31 - Math.clz32(can);
          can &= ~(1 << r);
          cols |= ftc[r]!;
          ftc[r] = 0;
          fu &= ~(1 << r);
        }
        while (cols !== 0) {
          const c = 31 - Math.clz32(cols);
          cols &= ~(1 << c);
          const base = c * COLUMN_HEIGHT - 1;
          let rc = rem[c]!;
          let r = colRank[base + rc]!;
          for (;;) {
            m |= 1 << r;
            zone |= 1 << r;
            fits |= fitMask[r + 1]!;
            rc--;
            total++;
            if (rc === 0) break;
            r = colRank[base + rc]!;
            if (((fits >> r) & 1) === 0) {
              ftc[r]! |= 1 << c;
              fu |= 1 << r;
              break;
            }
          }
          rem[c] = rc;
        }
        if (total >= enough) return total;
      }
    }
    return total;
  }

  /**
   * `flow` without wrap for the board cards as successors and, as predecessors, the board cards, the stock
   * cards from `sBase / 13` on and the waste top: the same two greedy paths, reading the counts directly.
   */
  boardFlow(sBase: number, top: number): number {
    const bcnt = this.#bcnt;
    const stockCnt = this.stockCnt;
    let f = 0;
    let a = 0;
    let b = 0;
    for (let r = 0; r < 12; r++) {
      const s = bcnt[r]!;
      const p = s + stockCnt[sBase + r]! + (r === top ? 1 : 0);
      const capA = (r & 1) === 0 ? s : p;
      const capB = (r & 1) === 0 ? p : s;
      const mA = a < capA ? a : capA;
      const mB = b < capB ? b : capB;
      f += mA + mB;
      a = capA - mA;
      b = capB - mB;
    }
    const s12 = bcnt[12]!;
    f += a < s12 ? a : s12;
    if (this.#qok) {
      const p12 = s12 + stockCnt[sBase + 12]! + (top === 12 ? 1 : 0);
      f += b < p12 ? b : p12;
    }
    return f;
  }

  /** Max flow from pred ranks to succ ranks along the fits relation (two paths, or one cycle with wrap). */
  flow(pred: Int32Array, succ: Int32Array): number {
    // The bipartite fits graph on ranks: path A = S0 P1 S2 P3 ... S12, path B = P0 S1 P2 ... S11 P12 (the last
    // edge only with queenOnKing). With wrap, P12-S0 and P0-S12 close them into one cycle of 26.
    // A path is matched greedily from one end, which is optimal on a path.
    if (!this.#wrap) {
      // Both paths at once, each matched greedily: `a` is what path A carries to its next rank, `b` path B's.
      let f = 0;
      let a = 0;
      let b = 0;
      for (let r = 0; r < 12; r++) {
        const s = succ[r]!;
        const p = pred[r]!;
        const capA = (r & 1) === 0 ? s : p;
        const capB = (r & 1) === 0 ? p : s;
        const mA = a < capA ? a : capA;
        const mB = b < capB ? b : capB;
        f += mA + mB;
        a = capA - mA;
        b = capB - mB;
      }
      // Rank 12 (r even): S12 ends path A; P12 ends path B, joined to S11 only with queenOnKing.
      const s12 = succ[12]!;
      f += a < s12 ? a : s12;
      if (this.#qok) {
        const p12 = pred[12]!;
        f += b < p12 ? b : p12;
      }
      return f;
    }
    // Cycle S0 P1 S2 ... S12 P0 S1 P2 ... S11 P12 (P12-S0 closes it): fix the flow x on the closing edge.
    const cap0 = succ[0]! < pred[12]! ? succ[0]! : pred[12]!;
    let best = 0;
    for (let x = 0; x <= cap0; x++) {
      // Greedily along S0 P1 ... S12 P0 S1 ... S11 [a break without queenOnKing] P12, `carry` passed on.
      let f = x;
      let carry = 0;
      for (let r = 0; r < 13; r++) {
        const cap = (r & 1) === 0 ? succ[r]! - (r === 0 ? x : 0) : pred[r]!;
        const m = carry < cap ? carry : cap;
        f += m;
        carry = cap - m;
      }
      for (let r = 0; r < 13; r++) {
        if (r === 12 && !this.#qok) carry = 0;
        const cap = (r & 1) === 0 ? pred[r]! - (r === 12 ? x : 0) : succ[r]!;
        const m = carry < cap ? carry : cap;
        f += m;
        carry = cap - m;
      }
      if (f > best) best = f;
    }
    return best;
  }

  /**
   * Fail-soft bounded search for the fewest strokes: returns the exact optimum when it is below `beta`, else a
   * lower bound that is at least `beta`.
   */
  strokes(left: number, drawn: number, top: number, key: number, beta: number): number {
    if (left === 0) {
      const v = drawn - this.stockLen;
      if (v < this.#ub && this.#track) this.#leaf(v);
      return v;
    }
    if ((this.fitMask[top + 1]! & this.#emask) === 0) {
      // Nothing fits: the hole is over, or the draw is forced. Neither needs a table entry of its own.
      if (drawn === this.stockLen) {
        if (left < this.#ub && this.#track) this.#leaf(left);
        return left;
      }
      const r = this.stockRank[drawn]!;
      this.#mv[this.#plen++] = 7;
      const v = this.strokes(left, drawn + 1, r, keyAfterDraw(key, r), beta);
      this.#plen--;
      return v;
    }
    const table = this.#tableAt(drawn);
    const stored = table.get(key, NONE);
    let lb: number;
    if (stored !== NONE) {
      const v = stored >> 2;
      if ((stored & 3) === EXACT) return v;
      if (v >= beta) return v;
      lb = v;
    } else {
      this.nodes++;
      if (this.#budget()) return -INF;
      lb = this.lowerBound(left, drawn, top, beta);
      if (lb >= beta) {
        table.set(key, (lb << 2) | LOWER);
        return lb;
      }
    }
    if (this.stopped) return -INF;
    this.expansions++;
    const h = this.h;
    const colRank = this.colRank;
    const fit = this.fitMask[top + 1]!;
    let best = INF;
    let moved = false;
    // Whether the draw is dominated (`drawDominated`, found along the way: the board is the same at each test).
    let dominated = false;
    const fitMask = this.fitMask;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = colRank[c * COLUMN_HEIGHT + hc - 1]!;
      if (((fit >> r) & 1) === 0) continue;
      moved = true;
      const mask = this.#bmask;
      const em = this.#emask;
      if ((fitMask[r + 1]! & mask) === 0) dominated = true;
      this.playColumn(c);
      this.#mv[this.#plen++] = c;
      const v = this.strokes(left - 1, drawn, r, keyAfterPlay(key, c, r), best < beta ? best : beta);
      this.#plen--;
      this.#unplay(c, hc, r, mask, em);
      if (this.stopped) return -INF;
      if (v < best) {
        best = v;
        if (best <= lb) break;
      }
    }
    if (drawn < this.stockLen && best > lb && !(dominated && this.useDominance)) {
      moved = true;
      const r = this.stockRank[drawn]!;
      this.#mv[this.#plen++] = 7;
      const v = this.strokes(left, drawn + 1, r, keyAfterDraw(key, r), best < beta ? best : beta);
      this.#plen--;
      if (this.stopped) return -INF;
      if (v < best) best = v;
    }
    if (!moved) {
      best = left;
      if (left < this.#ub && this.#track) this.#leaf(left);
    }
    if (best < lb) best = lb;
    table.set(key, (best << 2) | (best < beta ? EXACT : LOWER));
    return best;
  }

  /** Records the end of play reached by the moves in `#mv` as the best known from the root. */
  #leaf(v: number): void {
    this.#ub = v;
    this.#ubLine = Array.from(this.#mv.subarray(0, this.#plen));
  }

  /** Depth-first search for any clear; `path` holds the moves (column 0..6, 7 = draw). */
  win(left: number, drawn: number, top: number, key: number): boolean {
    if (left === 0) {
      this.winLine = this.path.slice();
      return true;
    }
    if ((this.fitMask[top + 1]! & this.#emask) === 0) {
      if (drawn === this.stockLen) return false;
      const r = this.stockRank[drawn]!;
      this.path.push(7);
      const found = this.win(left, drawn + 1, r, keyAfterDraw(key, r));
      this.path.pop();
      return found;
    }
    const table = this.#tableAt(drawn);
    const stored = table.get(key, NONE);
    if (stored !== NONE && stored >> 2 > 0) return false;
    this.nodes++;
    if (this.#budget()) return false;
    if (this.lowerBound(left, drawn, top, 1) > 0) {
      table.set(key, (1 << 2) | LOWER);
      return false;
    }
    const h = this.h;
    const colRank = this.colRank;
    const fit = this.fitMask[top + 1]!;
    let dominated = false;
    const fitMask = this.fitMask;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = colRank[c * COLUMN_HEIGHT + hc - 1]!;
      if (((fit >> r) & 1) === 0) continue;
      const mask = this.#bmask;
      const em = this.#emask;
      if ((fitMask[r + 1]! & mask) === 0) dominated = true;
      this.playColumn(c);
      this.path.push(c);
      const found = this.win(left - 1, drawn, r, keyAfterPlay(key, c, r));
      this.path.pop();
      this.#unplay(c, hc, r, mask, em);
      if (found) return true;
      if (this.stopped) return false;
    }
    if (drawn < this.stockLen && !(dominated && this.useDominance)) {
      const r = this.stockRank[drawn]!;
      this.path.push(7);
      const found = this.win(left, drawn + 1, r, keyAfterDraw(key, r));
      this.path.pop();
      if (found) return true;
    }
    if (!this.stopped) table.set(key, (1 << 2) | LOWER);
    return false;
  }

  /** Whether some exposed card fits a waste of rank `top`. */
  canPlay(top: number): boolean {
    const h = this.h;
    const fit = this.fitMask[top + 1]!;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc > 0 && ((fit >> this.colRank[c * COLUMN_HEIGHT + hc - 1]!) & 1) !== 0) return true;
    }
    return false;
  }

  /** Plays column c's exposed card on the search board (no legality check); the rank counts follow. */
  playColumn(c: number): void {
    const hc = this.h[c]!;
    const r = this.colRank[c * COLUMN_HEIGHT + hc - 1]!;
    this.h[c] = hc - 1;
    if (--this.#bcnt[r]! === 0) this.#bmask &= ~(1 << r);
    const ecnt = this.#ecnt;
    if (--ecnt[r]! === 0) this.#emask &= ~(1 << r);
    if (hc > 1) {
      const u = this.colRank[c * COLUMN_HEIGHT + hc - 2]!;
      if (ecnt[u]!++ === 0) this.#emask |= 1 << u;
    }
  }

  /**
   * Undoes `playColumn(c)`: column c goes back to height `hc` with its exposed rank `r`; `bmask` and `emask`
   * are the masks from before the play.
   */
  #unplay(c: number, hc: number, r: number, bmask: number, emask: number): void {
    this.h[c] = hc;
    this.#bcnt[r]!++;
    this.#bmask = bmask;
    this.#ecnt[r]!++;
    if (hc > 1) this.#ecnt[this.colRank[c * COLUMN_HEIGHT + hc - 2]!]!--;
    this.#emask = emask;
  }

  /** Cards left on the search board. */
  left(): number {
    let n = 0;
    for (let c = 0; c < COLUMNS; c++) n += this.h[c]!;
    return n;
  }

  /** The exposed rank of column c, or -1. */
  exposedRank(c: number): number {
    const hc = this.h[c]!;
    return hc > 0 ? this.colRank[c * COLUMN_HEIGHT + hc - 1]! : -1;
  }

  /**
   * The fewest strokes from a position: bounded searches, the bound raised from 1 (any clear below it is the
   * best clear) by what each failed search proves. Moves in `line`: column 0..6, or 7 for a draw. `floor` is a lower bound the caller
   * already knows (a parent position's optimum); `withLine: false` skips finding the line. With a `ceiling`, the
   * search stops once it has proven the optimum is at least that (`atLeast: true`, `exact: false`, no line), for a
   * caller that only needs to know whether the value is below it.
   */
  optimumStrokes(
    heights: readonly number[],
    drawn: number,
    top: number,
    floor: number = -INF,
    withLine = true,
    ceiling: number = INF,
  ): StrokesAnswer {
    this.stopped = false;
    this.setHeights(heights);
    const left = this.left();
    if (left === 0) return { value: drawn - this.stockLen, exact: true, winnable: true, line: [] };
    const key = this.keyOf(drawn, top);
    // Raise the bound from the first that could hold (1: a clear; above a known `floor`, such as a parent
    // position's optimum) by what each failed search proves; a search below its bound is exact. Measured: one
    // search for the best clear beats finding any clear first and then bounding below it.
    // Every end of play the searches reach is an upper bound (`#ub`, with its line): a search never needs a
    // bound above it, and a proven lower bound that meets it is the optimum.
    let value: number;
    this.#ub = INF;
    this.#ubLine = [];
    this.#plen = 0;
    this.#track = true;
    for (let t = floor === -INF ? 1 : floor + 1, step = 1; ;) {
      if (t > this.#ub) t = this.#ub;
      value = this.strokes(left, drawn, top, key, t);
      if (this.stopped) {
        this.#track = false;
        return this.fallback(heights, drawn, top, t > 1 ? false : null);
      }
      if (value < t) break;
      if (value >= this.#ub) {
        value = this.#ub;
        break;
      }
      if (value >= ceiling) {
        this.#track = false;
        return { value, exact: false, winnable: false, line: [], atLeast: true };
      }
      t = value + step;
      step++;
    }
    this.#track = false;
    const line = !withLine
      ? []
      : value === this.#ub
        ? this.#ubLine
        : this.reconstruct(heights, drawn, top, value);
    return { value, exact: !this.stopped, winnable: value <= 0, line };
  }

  /** Follows children whose exact value is the parent's. */
  reconstruct(heights: readonly number[], drawn: number, top: number, value: number): number[] {
    this.setHeights(heights);
    let left = this.left();
    const line: number[] = [];
    while (left > 0) {
      const fit = this.fitMask[top + 1]!;
      const key = this.keyOf(drawn, top);
      let next = -1;
      for (let c = 0; c < COLUMNS && next < 0; c++) {
        const r = this.exposedRank(c);
        if (r < 0 || ((fit >> r) & 1) === 0) continue;
        let v: number;
        if (left === 1) v = drawn - this.stockLen;
        else {
          const hc = this.h[c]!;
          const mask = this.#bmask;
          const em = this.#emask;
          this.playColumn(c);
          v = this.strokes(left - 1, drawn, r, keyAfterPlay(key, c, r), value + 1);
          this.#unplay(c, hc, r, mask, em);
        }
        if (v === value) next = c;
      }
      if (next < 0 && drawn < this.stockLen) {
        const r = this.stockRank[drawn]!;
        const v = this.strokes(left, drawn + 1, r, keyAfterDraw(key, r), value + 1);
        if (v === value) next = 7;
      }
      if (next < 0 || this.stopped) break;
      line.push(next);
      if (next === 7) top = this.stockRank[drawn++]!;
      else {
        top = this.exposedRank(next);
        this.playColumn(next);
        left--;
      }
    }
    return line;
  }

  /** A legal line to the end when a budget stopped the search: play the first card that fits, else draw. */
  fallback(heights: readonly number[], drawn: number, top: number, winnable: boolean | null): StrokesAnswer {
    this.setHeights(heights);
    const line = this.greedy(drawn, top);
    let left = this.left();
    let d = drawn;
    for (const m of line)
      if (m === 7) d++;
      else left--;
    return {
      value: left === 0 ? d - this.stockLen : left,
      exact: false,
      winnable: left === 0 ? true : winnable,
      line,
    };
  }

  /** Plays the first exposed card that fits, else draws, to the end. Leaves the board at the end. */
  greedy(drawn: number, top: number): number[] {
    const line: number[] = [];
    let left = this.left();
    while (left > 0) {
      const fit = this.fitMask[top + 1]!;
      let next = -1;
      for (let c = 0; c < COLUMNS && next < 0; c++) {
        const r = this.exposedRank(c);
        if (r >= 0 && ((fit >> r) & 1) !== 0) next = c;
      }
      if (next < 0 && drawn < this.stockLen) next = 7;
      if (next < 0) break;
      line.push(next);
      if (next === 7) top = this.stockRank[drawn++]!;
      else {
        top = this.exposedRank(next);
        this.playColumn(next);
        left--;
      }
    }
    return line;
  }

  /** Tables for the points search, one per run length. */
  readonly #pointTables: IntTable[] = [];

  /**
   * Most run points still to gain (`playPoints` per play) from the position in `h`, with `run` column plays
   * since the last draw. A plain exact memoised search (one table per run length, keyed like the strokes
   * search).
   */
  points(left: number, drawn: number, top: number, run: number, key: number): number {
    if (left === 0) return 0;
    if (!this.canPlay(top)) {
      if (drawn === this.stockLen) return 0;
      const r = this.stockRank[drawn]!;
      return this.points(left, drawn + 1, r, 0, keyAfterDraw(key, r));
    }
    let table = this.#pointTables[run];
    if (table === undefined) this.#pointTables[run] = table = new IntTable(12);
    const stored = table.get(key, NONE);
    if (stored !== NONE) return stored;
    this.nodes++;
    if (this.#budget()) return 0;
    const h = this.h;
    const colRank = this.colRank;
    const fit = this.fitMask[top + 1]!;
    let best = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = colRank[c * COLUMN_HEIGHT + hc - 1]!;
      if (((fit >> r) & 1) === 0) continue;
      h[c] = hc - 1;
      const gain = playPoints(run + 1, hc === 1, left === 1);
      const v = gain + this.points(left - 1, drawn, r, run + 1, keyAfterPlay(key, c, r));
      h[c] = hc;
      if (this.stopped) return 0;
      if (v > best) best = v;
    }
    if (drawn < this.stockLen) {
      const r = this.stockRank[drawn]!;
      const v = this.points(left, drawn + 1, r, 0, keyAfterDraw(key, r));
      if (this.stopped) return 0;
      if (v > best) best = v;
    }
    table.set(key, best);
    return best;
  }

  /** The most points from a position and a line that scores them (or, stopped by a budget, a greedy line). */
  optimumPoints(heights: readonly number[], drawn: number, top: number, run: number): PointsAnswer {
    this.stopped = false;
    this.setHeights(heights);
    let left = this.left();
    let key = this.keyOf(drawn, top);
    const value = this.points(left, drawn, top, run, key);
    if (this.stopped) {
      this.setHeights(heights);
      return { value: 0, exact: false, line: this.greedy(drawn, top) };
    }
    const line: number[] = [];
    let target = value;
    while (left > 0) {
      const fit = this.fitMask[top + 1]!;
      let next = -1;
      for (let c = 0; c < COLUMNS && next < 0; c++) {
        const hc = this.h[c]!;
        const r = this.exposedRank(c);
        if (r < 0 || ((fit >> r) & 1) === 0) continue;
        const gain = playPoints(run + 1, hc === 1, left === 1);
        this.h[c] = hc - 1;
        const childKey = keyAfterPlay(key, c, r);
        if (gain + this.points(left - 1, drawn, r, run + 1, childKey) === target) {
          next = c;
          target -= gain;
          top = r;
          run++;
          left--;
          key = childKey;
        } else this.h[c] = hc;
      }
      if (next < 0 && drawn < this.stockLen) {
        const r = this.stockRank[drawn]!;
        const childKey = keyAfterDraw(key, r);
        if (this.points(left, drawn + 1, r, 0, childKey) === target) {
          next = 7;
          drawn++;
          top = r;
          run = 0;
          key = childKey;
        }
      }
      if (next < 0) break;
      line.push(next);
    }
    return { value, exact: true, line };
  }
}
