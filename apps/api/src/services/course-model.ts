/** The course as every service holds it: decks dealt, ready to play and replay (decoded once per instance). */
import type { Deal, Deck } from '@golf/engine';
import type { PerfectResult } from '../ports/perfect-play.ts';

export interface CourseHole {
  readonly hole: number;
  readonly deck: Deck;
  readonly deal: Deal;
  /** Null until computed: the deals are stored first, perfect play follows off the request path. */
  readonly perfect: PerfectResult | null;
}

export interface Course {
  readonly date: string;
  readonly generatorVersion: number;
  readonly holes: readonly CourseHole[];
}
