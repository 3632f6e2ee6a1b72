/**
 * The one place the web app calls the engine's analysis (post-mortem, run planner, coach). The engine is
 * gaining `postMortem`, `planRun` and `coach`; until they land, this module computes the same answers from
 * `solve`, `replay` and `legalMoves`, so switching to the engine's versions is a change in this file only.
 * Heavy calls (`postMortemOf`, `coachOf`) run in the solver worker, never on the page's thread.
 */
import {
  COLUMNS,
  DRAW,
  applyMove,
  exposed,
  isOver,
  legalMoves,
  makeMove,
  playableColumns,
  rankFits,
  rankOf,
  replay,
  scoreOf,
  solve,
  stockLeft,
  type Card,
  type Deal,
  type Position,
  type Rules,
} from '@golf/engine';

export type Verdict =
  | { readonly kind: 'cleared' }
  | { readonly kind: 'unwinnable' }
  /** `at` is the 0-based index of the move after which the best reachable result got worse. */
  | { readonly kind: 'lost'; readonly at: number };

export interface PostMortem {
  readonly verdict: Verdict;
  /** Best strokes with perfect knowledge of the stock, from the start of the hole. */
  readonly bestStrokes: number;
  /** Whether anyone (seeing the stock) could clear this deal. */
  readonly winnable: boolean;
  /** A perfect-play line for the whole hole (a log). */
  readonly bestLine: string;
  /** The player's strokes. */
  readonly strokes: number;
}

/** Best strokes reachable from the position a log prefix reaches (perfect information). */
function bestFrom(deal: Deal, rules: Rules, from: string): { strokes: number; log: string } {
  const r = solve(deal, rules, { objective: 'strokes', from });
  if (!r.ok) throw new Error(r.error.message);
  return { strokes: r.value.strokes, log: r.value.log };
}

/**
 * How a finished hole went against perfect play. Best strokes along the player's line never improve, so the
 * move that lost it is found by binary search over prefixes (a handful of solves).
 */
export function postMortemOf(deal: Deal, rules: Rules, log: string): PostMortem {
  const end = replay(deal, rules, log);
  if (!end.ok) throw new Error(end.error.message);
  const strokes = scoreOf(end.value).strokes;
  const best = bestFrom(deal, rules, '');
  const winnable = best.strokes <= 0;
  const base = { bestStrokes: best.strokes, winnable, bestLine: best.log, strokes };
  if (scoreOf(end.value).cleared) return { ...base, verdict: { kind: 'cleared' } };
  if (!winnable && strokes <= best.strokes) return { ...base, verdict: { kind: 'unwinnable' } };
  // First k such that best after log[0..k] is worse than best at the start.
  let lo = 0;
  let hi = log.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bestFrom(deal, rules, log.slice(0, mid + 1)).strokes > best.strokes) hi = mid;
    else lo = mid + 1;
  }
  return {
    ...base,
    verdict: winnable || strokes > best.strokes ? { kind: 'lost', at: lo } : { kind: 'unwinnable' },
  };
}

export interface RunPlan {
  /** The suggested move: a column 1..7, or 'draw' when no column plays. */
  readonly move: number | 'draw' | null;
  /** The run (columns in order) the suggestion starts, using only the cards in sight. */
  readonly run: readonly number[];
}

/**
 * The run planner: the longest chain of plays from the waste top with the cards in sight (no draws). Ties go
 * to the chain that starts in the tallest column (seed 002: the hint favours tall columns). Draw only when
 * nothing plays.
 */
export function planRunOf(pos: Position): RunPlan {
  if (isOver(pos)) return { move: null, run: [] };
  const first = playableColumns(pos);
  if (first.length === 0) return { move: stockLeft(pos) > 0 ? 'draw' : null, run: [] };
  const h = pos.heights.slice();
  const cols = pos.deal.columns;
  let best: number[] = [];
  let bestTall = -1;
  let budget = 200_000;
  const path: number[] = [];
  const walk = (topRank: number): void => {
    if (--budget < 0) return;
    let extended = false;
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const card: Card = cols[c]![hc - 1]!;
      const r = rankOf(card);
      if (!rankFits(pos.rules, topRank, r)) continue;
      extended = true;
      h[c] = hc - 1;
      path.push(c + 1);
      walk(r);
      path.pop();
      h[c] = hc;
    }
    if (!extended) {
      const tall = path.length > 0 ? pos.heights[path[0]! - 1]! : -1;
      if (path.length > best.length || (path.length === best.length && tall > bestTall)) {
        best = path.slice();
        bestTall = tall;
      }
    }
  };
  walk(pos.top === null ? -1 : rankOf(pos.top));
  // Guard: the plan must start with a legal play (the engine is the authority on rules).
  const start = best[0];
  if (start === undefined || !first.includes(start)) {
    const tallest = first.reduce((a, b) => (pos.heights[b - 1]! > pos.heights[a - 1]! ? b : a));
    return { move: tallest, run: [tallest] };
  }
  return { move: start, run: best };
}

export interface CoachLine {
  /** A log character: '1'..'7' or 'd'. */
  readonly move: string;
  /** Expected strokes at the end of the hole after this move, over sampled stock orders. */
  readonly expected: number;
  readonly samples: number;
}

/** A small seeded PRNG so the coach is reproducible for a given position. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A quick policy for rollouts: follow the run planner, draw when nothing plays. */
function rollout(pos: Position): number {
  let p = pos;
  for (let guard = 0; guard < 60 && !isOver(p); guard++) {
    const plan = planRunOf(p);
    const move =
      plan.move === 'draw' || plan.move === null ? DRAW : { kind: 'play' as const, column: plan.move };
    const next = applyMove(p, move);
    if (!next.ok) break;
    p = next.value;
  }
  return scoreOf(p).strokes;
}

/**
 * The coach: expected strokes per legal move without knowing the stock. It samples orders of the unseen stock
 * cards and plays each out with the run-planner policy, for about `timeMs`.
 */
export function coachOf(pos: Position, options: { timeMs?: number } = {}): CoachLine[] {
  const moves = legalMoves(pos);
  if (moves.length === 0) return [];
  const timeMs = options.timeMs ?? 400;
  const unseen = pos.deal.stock.slice(pos.drawn);
  const seed = pos.moves * 131 + (pos.top ?? 77) * 7 + pos.heights.reduce((a, b) => a * 6 + b, 0);
  const rand = mulberry32(seed);
  const sums = moves.map(() => 0);
  let samples = 0;
  const deadline = Date.now() + timeMs;
  while (samples < 2000 && (samples < 8 || Date.now() < deadline)) {
    const order = unseen.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const deal: Deal = { ...pos.deal, stock: [...pos.deal.stock.slice(0, pos.drawn), ...order] };
    const sampled: Position = { ...pos, deal };
    moves.forEach((m, i) => {
      const next = applyMove(sampled, m);
      if (next.ok) sums[i]! += rollout(next.value);
    });
    samples++;
  }
  return moves
    .map((m, i) => ({ move: makeMove(m), expected: sums[i]! / samples, samples }))
    .sort((a, b) => a.expected - b.expected);
}

/** The exposed card a plan's first move would play (for announcements). */
export const planCard = (pos: Position, plan: RunPlan): Card | null =>
  typeof plan.move === 'number' ? exposed(pos, plan.move) : null;
