import { rankOf } from './card.ts';
import { COLUMNS, type Deal } from './deal.ts';
import { playPoints, replay, type LogError } from './game.ts';
import { scoreOf } from './score.ts';
import { DealSearch, type SearchBudget } from './solve-fast.ts';
import { err, ok, type Result } from './result.ts';
import { rankFits, type Rules } from './rules.ts';

export const OBJECTIVES = ['win', 'strokes', 'points'] as const;
export type Objective = (typeof OBJECTIVES)[number];

export interface SolveOptions {
  readonly objective?: Objective;
  /** Solve from the position this log reaches (default: the start of the hole). */
  readonly from?: string;
  /** Stop after visiting this many positions; the result then says `exact: false`. */
  readonly maxNodes?: number;
  /**
   * Stop after about this many milliseconds (by `Date.now()`, checked every 1,024 positions); the result then
   * says `exact: false`. Cloudflare Workers do not advance the clock during a computation: use `maxNodes` there.
   */
  readonly timeMs?: number;
}

export interface SolveResult {
  readonly objective: Objective;
  /** False when a budget stopped the search: the figures are then the best found, not a proof. */
  readonly exact: boolean;
  /**
   * Whether the board can be cleared from the position (null when unknown), for every objective. For
   * `points` the line returned need not be a clear even when one exists.
   */
  readonly winnable: boolean | null;
  /** Best strokes reachable (perfect information). For `win`, the strokes of the line found. */
  readonly strokes: number;
  /** Run points of `log` (for `points`, the maximum). */
  readonly points: number;
  /** The whole hole's log, `from` included, that reaches the claim. */
  readonly log: string;
  /** Positions visited. */
  readonly nodes: number;
}

/**
 * A plain memoised depth-first search over (heights, drawn, top rank[, run]). Exact, simple and slow: it is
 * the baseline the fast solver is measured against.
 */
export function solveBaseline(deal: Deal, rules: Rules, options: SolveOptions = {}): Result<SolveResult, LogError> {
  const objective = options.objective ?? 'strokes';
  const prefix = options.from ?? '';
  const start = replay(deal, rules, prefix);
  if (!start.ok) return err(start.error);
  const maxNodes = options.maxNodes ?? Infinity;
  const cols = deal.columns;
  const stock = deal.stock;
  const h = start.value.heights.slice();
  const memo = new Map<number, number>();
  let nodes = 0;
  let exhausted = false;
  const usePoints = objective === 'points';

  // value: strokes to minimise, or points still to gain to maximise (stored negated so both minimise).
  const key = (drawn: number, topRank: number, run: number): number => {
    let k = 0;
    for (let c = 0; c < COLUMNS; c++) k = k * 6 + h[c]!;
    k = (k * 18 + drawn) * 14 + (topRank + 1);
    return usePoints ? k * 36 + run : k;
  };

  const search = (left: number, drawn: number, topRank: number, run: number): number => {
    if (left === 0) return usePoints ? 0 : -(stock.length - drawn);
    const k = key(drawn, topRank, run);
    const seen = memo.get(k);
    if (seen !== undefined) return seen;
    nodes++;
    if (nodes > maxNodes) exhausted = true;
    let best = Infinity;
    let moved = false;
    if (!exhausted) {
      for (let c = 0; c < COLUMNS; c++) {
        const hc = h[c]!;
        if (hc === 0) continue;
        const r = rankOf(cols[c]![hc - 1]!);
        if (!rankFits(rules, topRank, r)) continue;
        moved = true;
        h[c] = hc - 1;
        const gain = usePoints ? playPoints(run + 1, hc === 1, left === 1) : 0;
        const v = search(left - 1, drawn, r, run + 1) - gain;
        h[c] = hc;
        if (v < best) best = v;
      }
      if (drawn < stock.length) {
        moved = true;
        const v = search(left, drawn + 1, rankOf(stock[drawn]!), 0);
        if (v < best) best = v;
      }
    }
    if (!moved || best === Infinity) best = usePoints ? 0 : left;
    memo.set(k, best);
    return best;
  };

  const p = start.value;
  const left0 = p.heights.reduce((a, b) => a + b, 0);
  const top0 = p.top === null ? -1 : rankOf(p.top);
  search(left0, p.drawn, top0, p.run);

  // Reconstruct one optimal line by following children whose value matches.
  let log = prefix;
  let left = left0;
  let drawn = p.drawn;
  let topRank = top0;
  let run = p.run;
  const valueOf = (l: number, d: number, t: number, r: number): number =>
    l === 0 ? (usePoints ? 0 : -(stock.length - d)) : (memo.get(key(d, t, r)) ?? Infinity);
  for (;;) {
    if (left === 0) break;
    const target = valueOf(left, drawn, topRank, run);
    let next = '';
    for (let c = 0; c < COLUMNS && next === ''; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = rankOf(cols[c]![hc - 1]!);
      if (!rankFits(rules, topRank, r)) continue;
      h[c] = hc - 1;
      const gain = usePoints ? playPoints(run + 1, hc === 1, left === 1) : 0;
      if (valueOf(left - 1, drawn, r, run + 1) - gain === target) {
        next = String(c + 1);
        left--;
        topRank = r;
        run++;
      } else h[c] = hc;
    }
    if (next === '' && drawn < stock.length && valueOf(left, drawn + 1, rankOf(stock[drawn]!), 0) === target) {
      next = 'd';
      topRank = rankOf(stock[drawn]!);
      drawn++;
      run = 0;
    }
    if (next === '') break;
    log += next;
  }
  const end = replay(deal, rules, log);
  if (!end.ok) return err(end.error);
  const finalLeft = end.value.heights.reduce((a, b) => a + b, 0);
  const strokes = finalLeft === 0 ? -(stock.length - end.value.drawn) : finalLeft;
  return ok({
    objective,
    exact: !exhausted,
    winnable: exhausted ? (finalLeft === 0 ? true : null) : objective === 'points' ? null : strokes <= 0 && finalLeft === 0,
    strokes,
    points: end.value.points,
    log,
    nodes,
  });
}

/**
 * The exact solver (see solve-fast.ts for how): from the start of the hole, or from the position `from`
 * reaches.
 * - `win`: whether the board can be cleared, with a winning line when it can (a `false` is a proof).
 *   `strokes` is then the strokes of the line returned, not an optimum.
 * - `strokes`: the fewest strokes with perfect information, and a line that reaches them.
 * - `points`: the most run points, and a line that scores them.
 * With a budget (`maxNodes`, `timeMs`) that runs out, the result says `exact: false` and its line is the best
 * one known (a clear found, or a greedy line).
 */
export function solve(deal: Deal, rules: Rules, options: SolveOptions = {}): Result<SolveResult, LogError> {
  const solver = new Solver(deal, rules);
  try {
    return solver.solve(options);
  } finally {
    solver.release();
  }
}

const moveChar = (m: number): string => (m === 7 ? 'd' : String(m + 1));

/** The search budget of one call: `maxNodes` positions and `timeMs` milliseconds from now. */
const budgetOf = (options: { readonly maxNodes?: number; readonly timeMs?: number }): SearchBudget => ({
  maxNodes: options.maxNodes,
  deadline: options.timeMs === undefined ? undefined : Date.now() + options.timeMs,
});

/**
 * A solver bound to one deal. Its transposition table outlives a call, so solving many positions of the same
 * hole (a post-mortem, a hint) reuses what earlier calls proved.
 */
export class Solver {
  readonly deal: Deal;
  readonly rules: Rules;
  readonly #search: DealSearch;

  constructor(deal: Deal, rules: Rules) {
    this.deal = deal;
    this.rules = rules;
    this.#search = new DealSearch(deal, rules);
  }

  /** Hands the solver's memory to the next solver; this one must not be used again. */
  release(): void {
    this.#search.release();
  }

  /** Positions visited by all calls so far. */
  get nodes(): number {
    return this.#search.nodes;
  }

  /**
   * Only the fewest strokes from the position `from` reaches, without a line: cheaper when many positions of
   * one log are asked in turn. `floor` may pass a lower bound already known (the optimum of an earlier
   * position of the same log: a move never improves it).
   */
  optimum(
    from: string,
    options: { readonly floor?: number; readonly timeMs?: number; readonly maxNodes?: number } = {},
  ): Result<{ readonly strokes: number; readonly exact: boolean }, LogError> {
    const start = replay(this.deal, this.rules, from);
    if (!start.ok) return err(start.error);
    const pos = start.value;
    const s = this.#search;
    const top = pos.top === null ? -1 : rankOf(pos.top);
    const a = s.withBudget(budgetOf(options), () =>
      s.optimumStrokes(pos.heights, pos.drawn, top, options.floor, false),
    );
    if (!a.exact) {
      // A budget ran out: the strokes of a legal line from here (the fallback line).
      const r = this.solve({ from, maxNodes: 0 });
      return r.ok ? ok({ strokes: r.value.strokes, exact: false }) : r;
    }
    return ok({ strokes: a.value + 0, exact: true });
  }

  solve(options: SolveOptions = {}): Result<SolveResult, LogError> {
    const objective = options.objective ?? 'strokes';
    const prefix = options.from ?? '';
    const start = replay(this.deal, this.rules, prefix);
    if (!start.ok) return err(start.error);
    const pos = start.value;
    const s = this.#search;
    const nodes0 = s.nodes;
    const top = pos.top === null ? -1 : rankOf(pos.top);
    // Whether the board can be cleared at all: any clear found, or a proof that there is none.
    const decideWin = (): { won: boolean; exact: boolean } => {
      s.stopped = false;
      s.setHeights(pos.heights);
      const left = s.left();
      s.path.length = 0;
      const won = left === 0 || s.win(left, pos.drawn, top, s.keyOf(pos.drawn, top));
      if (left === 0) s.winLine = [];
      return { won, exact: won || !s.stopped };
    };
    const search = (): { line: number[]; exact: boolean; winnable: boolean | null } => {
      if (objective === 'points') {
        const a = s.optimumPoints(pos.heights, pos.drawn, top, pos.run);
        // `winnable` stays a property of the board: the most points need not come from a clear.
        const w = a.exact ? decideWin() : { won: false, exact: false };
        return { line: a.line, exact: a.exact, winnable: w.won ? true : w.exact ? false : null };
      }
      if (objective === 'win') {
        const w = decideWin();
        const winnable = w.won ? true : w.exact ? false : null;
        if (w.won) return { line: s.winLine, exact: w.exact, winnable };
        s.setHeights(pos.heights);
        return { line: s.greedy(pos.drawn, top), exact: w.exact, winnable };
      }
      const a = s.optimumStrokes(pos.heights, pos.drawn, top);
      return { line: a.line, exact: a.exact, winnable: a.winnable };
    };
    const { line, exact, winnable } = s.withBudget(budgetOf(options), search);
    const log = prefix + line.map(moveChar).join('');
    const end = replay(this.deal, this.rules, log);
    if (!end.ok) return err(end.error);
    const score = scoreOf(end.value);
    return ok({
      objective,
      exact,
      winnable: winnable === null && score.cleared ? true : winnable,
      strokes: score.strokes + 0, // never -0
      points: score.points,
      log,
      nodes: s.nodes - nodes0,
    });
  }
}

