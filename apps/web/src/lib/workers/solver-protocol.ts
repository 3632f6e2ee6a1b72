import type { Deal, Rules } from '@golf/engine';
import type { BestPoints, CoachLine, PostMortem } from '../game/analysis.ts';

/** Messages to the solver worker. Every request names a hole by `(deal, rules, log)`. */
export type SolverRequest =
  | {
      readonly id: number;
      readonly kind: 'postMortem';
      readonly deal: Deal;
      readonly rules: Rules;
      readonly log: string;
    }
  | {
      readonly id: number;
      readonly kind: 'coach';
      readonly deal: Deal;
      readonly rules: Rules;
      readonly log: string;
      readonly timeMs: number;
    }
  | { readonly id: number; readonly kind: 'bestPoints'; readonly deal: Deal; readonly rules: Rules };

export interface SolverAnswers {
  postMortem: PostMortem;
  coach: CoachLine[];
  bestPoints: BestPoints;
}

export type SolverResponse =
  | { readonly id: number; readonly ok: true; readonly value: SolverAnswers[keyof SolverAnswers] }
  | { readonly id: number; readonly ok: false; readonly message: string };
