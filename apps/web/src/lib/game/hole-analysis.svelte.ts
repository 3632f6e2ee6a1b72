/**
 * What the solver says about a practice hole, kept up to date by itself: once the hole is over, its verdict
 * against perfect play (asked once per finished position), and in points scoring the most points perfect play
 * scores (asked once per deal). An answer is kept with the position or deal it was asked about, so a stale
 * answer never shows. Effects: create it where effects may live (a component, a session, `$effect.root`).
 */
import type { Deal, Position, Rules, Scoring } from '@golf/engine';
import type { BestPoints, CoachLine, PostMortem } from './analysis.ts';
import type { Hole } from './hole.svelte.ts';

/** The solver, off the page's thread (the worker), or a stand-in in tests. */
export interface Analyst {
  postMortem(deal: Deal, rules: Rules, log: string): Promise<PostMortem>;
  bestPoints(deal: Deal, rules: Rules): Promise<BestPoints>;
  coach(deal: Deal, rules: Rules, log: string, timeMs: number): Promise<CoachLine[]>;
  /** Drops what is pending (its promises reject). */
  cancel(): void;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class HoleAnalysis {
  readonly #hole: Hole;
  readonly #scoring: () => Scoring;
  readonly #analyst: Analyst;

  #verdict = $state.raw<{
    readonly for: Position;
    readonly result: PostMortem | null;
    readonly error: string | null;
  } | null>(null);
  #points = $state.raw<{ readonly for: Deal; readonly value: BestPoints } | null>(null);
  /** What was last sent to the solver (not reactive: the effects compare against it). */
  #verdictAsked: Position | null = null;
  #pointsAsked: Deal | null = null;

  constructor(hole: Hole, scoring: () => Scoring, analyst: Analyst) {
    this.#hole = hole;
    this.#scoring = scoring;
    this.#analyst = analyst;
    $effect(() => this.#askVerdict());
    $effect(() => this.#askPoints());
  }

  /** The verdict on the hole as it stands (null until the solver answers, or while the hole is not over). */
  get result(): PostMortem | null {
    const v = this.#verdict;
    return v && v.for === this.#hole.position ? v.result : null;
  }
  /** The solver is looking at the hole as it stands. */
  get analysing(): boolean {
    const v = this.#verdict;
    return v !== null && v.for === this.#hole.position && v.result === null && v.error === null;
  }
  /** Why the solver could not answer about the hole as it stands. */
  get error(): string | null {
    const v = this.#verdict;
    return v && v.for === this.#hole.position ? v.error : null;
  }
  /** In points scoring, once the hole is over: the most points perfect play scores on its deal. */
  get bestPoints(): BestPoints | null {
    const p = this.#points;
    return p && p.for === this.#hole.deal ? p.value : null;
  }

  #askVerdict(): void {
    const hole = this.#hole;
    if (!hole.over) {
      // The hole goes on (undo, restart, a new hole): a verdict still being worked out is of no use.
      if (this.#verdictAsked !== null) this.#analyst.cancel();
      this.#verdictAsked = null;
      return;
    }
    const at = hole.position;
    if (this.#verdictAsked === at) return;
    this.#verdictAsked = at;
    this.#verdict = { for: at, result: null, error: null };
    this.#analyst.postMortem(hole.deal, hole.rules, hole.log).then(
      (result) => {
        if (this.#verdictAsked === at) this.#verdict = { for: at, result, error: null };
      },
      (e: unknown) => {
        if (this.#verdictAsked === at) this.#verdict = { for: at, result: null, error: messageOf(e) };
      },
    );
  }

  #askPoints(): void {
    const hole = this.#hole;
    if (!hole.over || this.#scoring() !== 'points') return;
    const deal = hole.deal;
    if (this.#pointsAsked === deal) return;
    this.#pointsAsked = deal;
    this.#analyst.bestPoints(deal, hole.rules).then(
      (value) => {
        if (this.#pointsAsked === deal) this.#points = { for: deal, value };
      },
      () => {
        // Asked again the next time the hole is over.
        if (this.#pointsAsked === deal) this.#pointsAsked = null;
      },
    );
  }
}
