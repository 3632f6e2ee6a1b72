import type { Deal, Rules } from '@golf/engine';

export interface PerfectResult {
  readonly strokes: number;
  readonly log: string;
  /** False if a budget stopped the solver (the line is then the best found, not a proof). */
  readonly exact: boolean;
}

/** The one place the solver is called for a course: perfect play (full knowledge of the stock) for one hole. */
export type PerfectPlay = (deal: Deal, rules: Rules) => PerfectResult;
