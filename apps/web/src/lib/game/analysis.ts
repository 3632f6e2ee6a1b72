/**
 * The one place the web app calls the engine's analysis: the post-mortem, the run planner and the coach,
 * shaped for the pages. Heavy calls (`postMortemOf`, `coachOf`, `bestPointsOf`) run in the solver worker, never on the page's
 * thread; `planRunOf` is cheap and runs on the page.
 */
import {
  coach,
  makeMove,
  parseLog,
  planRun,
  postMortem,
  solve,
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
  /** A perfect line for the whole hole (a log): the player's moves up to the slip, then the best play. */
  readonly bestLine: string;
  /** Where "show me" starts: the log length just before the slip (0 when there was none). */
  readonly showFrom: number;
  /** The player's strokes. */
  readonly strokes: number;
  /** False when a time budget cut the search short. */
  readonly exact: boolean;
}

/** How a finished hole went against perfect play. */
export function postMortemOf(deal: Deal, rules: Rules, log: string, timeMs?: number): PostMortem {
  const r = postMortem(deal, rules, log, timeMs === undefined ? {} : { timeMs });
  if (!r.ok) throw new Error(r.error.message);
  const pm = r.value;
  const slipped = pm.lostMove === null ? null : pm.lostMove - 1;
  const verdict: Verdict =
    pm.verdict.kind === 'cleared'
      ? { kind: 'cleared' }
      : slipped !== null
        ? { kind: 'lost', at: slipped }
        : { kind: 'unwinnable' };
  return {
    verdict,
    bestStrokes: pm.best,
    winnable: pm.best <= 0,
    bestLine: pm.bestLine ?? '',
    showFrom: slipped ?? 0,
    strokes: pm.strokes,
    exact: pm.exact,
  };
}

export interface RunPlan {
  /** The suggested move: a column 1..7, 'draw' when no column plays, null when the hole is over. */
  readonly move: number | 'draw' | null;
  /** The run (columns in order) the suggestion starts, using only the cards in sight. */
  readonly run: readonly number[];
}

/** The run planner: the play starting the longest run in sight (ties to the tallest column); draw when nothing plays. */
export function planRunOf(pos: Position): RunPlan {
  const plan = planRun(pos);
  if (plan === null) return { move: null, run: [] };
  if (plan.move.kind === 'draw') return { move: 'draw', run: [] };
  const moves = parseLog(plan.line);
  const run = moves.ok ? moves.value.flatMap((m) => (m.kind === 'play' ? [m.column] : [])) : [];
  return { move: plan.move.column, run: run.length > 0 ? run : [plan.move.column] };
}

export interface CoachLine {
  /** A log character: '1'..'7' or 'd'. */
  readonly move: string;
  /** Expected strokes at the end of the hole after this move, over sampled stock orders. */
  readonly expected: number;
  readonly samples: number;
}

/** The coach: expected strokes per legal move over random orders of the unseen stock, best first. */
export function coachOf(pos: Position, options: { timeMs?: number } = {}): CoachLine[] {
  const advice = coach(pos, { timeMs: options.timeMs ?? 500, seed: pos.moves + 1 });
  return advice.moves.map((m) => ({ move: makeMove(m.move), expected: m.expected, samples: m.samples }));
}

export interface BestPoints {
  /** The most run points perfect play scores in this hole. */
  readonly points: number;
  /** False when the search budget ran out (then it is the best line found, a lower bound). */
  readonly exact: boolean;
  /** The line that scores them. */
  readonly log: string;
}

/** The most run points anyone seeing the stock could score (seed 003's scoring). */
export function bestPointsOf(deal: Deal, rules: Rules, maxNodes = 12_000_000): BestPoints {
  const r = solve(deal, rules, { objective: 'points', maxNodes });
  if (!r.ok) throw new Error(r.error.message);
  return { points: r.value.points, exact: r.value.exact, log: r.value.log };
}
