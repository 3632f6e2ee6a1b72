import type { Deal } from './deal.ts';
import { replay, type LogError, type Position } from './game.ts';
import { err, ok, type Result } from './result.ts';
import type { Rules } from './rules.ts';
import { scoreOf } from './score.ts';
import { Solver } from './solve.ts';

/**
 * How a finished (or abandoned) hole went against perfect play:
 * - `cleared`: the player cleared the board;
 * - `unwinnable`: no one could have cleared it, even knowing the stock;
 * - `lost-at`: it could be cleared until move `move` (1-based), after which it could not;
 * - `clearable`: the hole is not over and can still be cleared.
 */
export type Verdict =
  | { readonly kind: 'cleared' }
  | { readonly kind: 'clearable' }
  | { readonly kind: 'unwinnable' }
  | { readonly kind: 'lost-at'; readonly move: number };

export interface PostMortem {
  /** Best strokes reachable from the start of the hole. */
  readonly best: number;
  /** `after[i]`: best strokes still reachable after move i + 1 of the log. */
  readonly after: readonly number[];
  /**
   * The move that lost it: the first move (1-based) after which the best reachable strokes got worse, or null
   * when every move kept the optimum.
   */
  readonly lostMove: number | null;
  /** The best line from just before that move: a whole hole log starting with the moves played before it. */
  readonly bestLine: string | null;
  /** Strokes the log scores so far. */
  readonly strokes: number;
  readonly verdict: Verdict;
  /** False when a budget cut a search short: figures are then the best known, not proven. */
  readonly exact: boolean;
  /** Positions the solver visited. */
  readonly nodes: number;
}

export interface PostMortemOptions {
  /** Overall budget in milliseconds (spread over the positions); the result then says `exact: false`. */
  readonly timeMs?: number;
  /** Budget of positions per solve. */
  readonly maxNodes?: number;
}

/**
 * Solves every position a log reaches (one solver, one transposition table, so each solve reuses what the
 * previous ones proved) and finds where the optimum slipped.
 */
export function postMortem(
  deal: Deal,
  rules: Rules,
  log: string,
  options: PostMortemOptions = {},
): Result<PostMortem, LogError> {
  const end = replay(deal, rules, log);
  if (!end.ok) return err(end.error);
  const solver = new Solver(deal, rules);
  try {
    return analyse(solver, end.value, log, options);
  } finally {
    solver.release();
  }
}

function analyse(solver: Solver, end: Position, log: string, options: PostMortemOptions): Result<PostMortem, LogError> {
  const deadline = options.timeMs === undefined ? Infinity : Date.now() + options.timeMs;
  let exact = true;
  const values: number[] = [];
  const budget = (k: number) => ({
    ...(deadline === Infinity ? {} : { timeMs: Math.max(1, (deadline - Date.now()) / (log.length + 2 - k)) }),
    ...(options.maxNodes === undefined ? {} : { maxNodes: options.maxNodes }),
  });
  for (let k = 0; k <= log.length; k++) {
    // A move never improves the optimum, so the previous position's optimum is a floor (when it is proven).
    const floor = exact && k > 0 ? values[k - 1]! : undefined;
    const r = solver.optimum(log.slice(0, k), { ...budget(k), ...(floor === undefined ? {} : { floor }) });
    if (!r.ok) return err(r.error);
    if (!r.value.exact) exact = false;
    values.push(r.value.strokes);
  }
  let lostMove: number | null = null;
  for (let k = 1; k < values.length && lostMove === null; k++) if (values[k]! > values[k - 1]!) lostMove = k;
  let bestLine: string | null = null;
  if (lostMove !== null) {
    const r = solver.solve({ from: log.slice(0, lostMove - 1), ...budget(log.length) });
    if (!r.ok) return err(r.error);
    if (!r.value.exact) exact = false;
    bestLine = r.value.log;
  }
  const score = scoreOf(end);
  let verdict: Verdict;
  if (score.cleared) verdict = { kind: 'cleared' };
  else if (values[0]! > 0) verdict = { kind: 'unwinnable' };
  else {
    const move = values.findIndex((v) => v > 0);
    verdict = move < 0 ? { kind: 'clearable' } : { kind: 'lost-at', move };
  }
  return ok({
    best: values[0]!,
    after: values.slice(1),
    lostMove,
    bestLine,
    strokes: score.strokes,
    verdict,
    exact,
    nodes: solver.nodes,
  });
}
