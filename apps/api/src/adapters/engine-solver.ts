import { solve } from '@golf/engine';
import type { PerfectPlay } from '../ports/perfect-play.ts';

/** The one place the solver is called for a course: the exact optimum with full knowledge of the stock. */
export const solvePerfect: PerfectPlay = (deal, rules) => {
  const result = solve(deal, rules, { objective: 'strokes' });
  if (!result.ok) throw new Error(`solver failed: ${result.error.message}`);
  return { strokes: result.value.strokes, log: result.value.log, exact: result.value.exact };
};
