import { rankOf } from './card.ts';
import type { Deal } from './deal.ts';
import { DRAW, isOver, legalMoves, makeMove, play, type Move, type Position } from './game.ts';
import { rankFits } from './rules.ts';
import { Xoshiro128 } from './rng.ts';
import { DealSearch, type SearchBudget } from './solve-fast.ts';

const COLUMNS = 7;

export interface RunPlan {
  /** The move to make now. */
  readonly move: Move;
  /** Column plays in the planned run (0 for a draw). */
  readonly run: number;
  /** The planned run as log characters (`d` for a draw). */
  readonly line: string;
}

/**
 * The run planner (the rulebooks' hint, see docs/rules.md): the play that starts the longest run through the
 * cards on the table, each card beneath becoming playable once the card above it is played; ties go to the
 * tallest column, then the leftmost. A draw only when nothing plays. Uses only what the player sees (never
 * the stock order). Null when the hole is over.
 */
export function planRun(pos: Position): RunPlan | null {
  if (isOver(pos)) return null;
  const { deal, rules } = pos;
  const h = pos.heights.slice();
  const rankAt = (c: number): number => {
    const hc = h[c]!;
    return hc > 0 ? rankOf(deal.columns[c]![hc - 1]!) : -1;
  };
  const memo = new Map<number, number>();
  const keyOf = (top: number): number => {
    let k = top + 1;
    for (let c = 0; c < COLUMNS; c++) k = k * 6 + h[c]!;
    return k;
  };
  // Longest run from the board in `h` with waste rank `top`.
  const longest = (top: number): number => {
    const key = keyOf(top);
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let best = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const r = rankAt(c);
      if (r < 0 || !rankFits(rules, top, r)) continue;
      h[c]!--;
      const v = 1 + longest(r);
      h[c]!++;
      if (v > best) best = v;
    }
    memo.set(key, best);
    return best;
  };
  // Best first move: longest run, then tallest column, then leftmost.
  const choose = (top: number): { column: number; run: number } | null => {
    let pick: { column: number; run: number } | null = null;
    for (let c = 0; c < COLUMNS; c++) {
      const r = rankAt(c);
      if (r < 0 || !rankFits(rules, top, r)) continue;
      const height = h[c]!;
      h[c] = height - 1;
      const run = 1 + longest(r);
      h[c] = height;
      if (pick === null || run > pick.run || (run === pick.run && height > h[pick.column]!)) pick = { column: c, run };
    }
    return pick;
  };
  let top = pos.top === null ? -1 : rankOf(pos.top);
  const first = choose(top);
  if (first === null) return { move: DRAW, run: 0, line: 'd' };
  let line = '';
  for (let step: { column: number; run: number } | null = first; step !== null; step = choose(top)) {
    line += String(step.column + 1);
    top = rankAt(step.column);
    h[step.column]!--;
  }
  return { move: play(first.column + 1), run: first.run, line };
}

export interface CoachMove {
  readonly move: Move;
  /** Mean best strokes after this move over the sampled stock orders (lower is better). */
  readonly expected: number;
  /** Samples behind `expected`. */
  readonly samples: number;
}

export interface CoachAdvice {
  /** Every legal move, best first. Empty when the hole is over. */
  readonly moves: readonly CoachMove[];
  /** Stock orders sampled. */
  readonly samples: number;
  /** False when a budget cut a solve short (its value is then the best line known, not the optimum). */
  readonly exact: boolean;
}

export interface CoachOptions {
  /** Time budget in milliseconds (default 200). At least one sample is always taken. */
  readonly timeMs?: number;
  /** Most samples to take (default 64). */
  readonly samples?: number;
  /** Where the shuffles come from (default: xoshiro128** seeded with `seed`, default 1). */
  readonly rng?: { below(n: number): number };
  readonly seed?: number;
  /** Budget of positions per solve for the first sample, which ignores the time budget (default 200,000). */
  readonly firstSampleNodes?: number;
}

/**
 * The coach: each legal move's expected strokes over random orders of the cards the player has not seen (the
 * undrawn stock), each order solved exactly with perfect information. It never looks at the real stock order:
 * every sample reshuffles the undrawn cards. All moves share each sample's order.
 */
export function coach(pos: Position, options: CoachOptions = {}): CoachAdvice {
  const moves = legalMoves(pos);
  if (moves.length === 0) return { moves: [], samples: 0, exact: true };
  const deadline = Date.now() + (options.timeMs ?? 200);
  const maxSamples = Math.max(1, options.samples ?? 64);
  const rng = options.rng ?? Xoshiro128.fromSeed(options.seed ?? 1);
  const drawnPart = pos.deal.stock.slice(0, pos.drawn);
  // Sorted first, so that not even the starting order of a shuffle depends on the real stock order.
  const unseen = pos.deal.stock.slice(pos.drawn).sort((a, b) => a - b);
  // With nothing unseen every order is the same: one sample says it all.
  const wanted = unseen.length <= 1 ? 1 : maxSamples;
  const sums = new Array<number>(moves.length).fill(0);
  let samples = 0;
  let exact = true;
  while (samples < wanted && (samples === 0 || Date.now() < deadline)) {
    const order = unseen.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    const deal: Deal = { columns: pos.deal.columns, waste: pos.deal.waste, stock: [...drawnPart, ...order] };
    const search = new DealSearch(deal, pos.rules);
    // The first sample has a budget of positions per solve instead of the time budget.
    const budget: SearchBudget =
      samples === 0 ? { maxNodes: options.firstSampleNodes ?? 200_000 } : { deadline };
    const values: number[] = [];
    for (const move of moves) {
      const heights = pos.heights.slice();
      let drawn = pos.drawn;
      let t: number;
      if (move.kind === 'draw') t = rankOf(deal.stock[drawn++]!);
      else {
        const c = move.column - 1;
        t = rankOf(deal.columns[c]![heights[c]! - 1]!);
        heights[c]!--;
      }
      const a = search.withBudget(budget, () => search.optimumStrokes(heights, drawn, t));
      if (!a.exact && samples > 0) break; // out of time
      if (!a.exact) exact = false;
      values.push(a.value);
    }
    search.release();
    if (values.length < moves.length) break;
    values.forEach((v, i) => (sums[i]! += v));
    samples++;
  }
  const advice = moves.map((move, i) => ({ move, expected: sums[i]! / samples, samples }));
  advice.sort((a, b) => a.expected - b.expected || makeMove(a.move).localeCompare(makeMove(b.move)));
  return { moves: advice, samples, exact };
}
