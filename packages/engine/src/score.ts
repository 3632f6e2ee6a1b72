import { cardsLeft, isOver, stockLeft, type Position } from './game.ts';

export const PAR_PER_HOLE = 5;
export const HOLES_PER_MATCH = 9;
export const MATCH_PAR = PAR_PER_HOLE * HOLES_PER_MATCH;

/** The three scorings. The engine computes all of them for every hole; a mode chooses which one to show. */
export const SCORINGS = ['strokes', 'points', 'won'] as const;
export type Scoring = (typeof SCORINGS)[number];

export interface HoleScore {
  readonly over: boolean;
  readonly cleared: boolean;
  readonly cardsLeft: number;
  readonly stockLeft: number;
  /** Cards left on the board; a cleared board scores minus the stock cards left (best -16). */
  readonly strokes: number;
  /**
   * Run points (docs/rules.md, the run-points rules): the n-th card of a run scores 10n, +100 for emptying a
   * column, +500 for a clear.
   */
  readonly points: number;
}

export function scoreOf(pos: Position): HoleScore {
  const left = cardsLeft(pos);
  const stock = stockLeft(pos);
  return {
    over: isOver(pos),
    cleared: left === 0,
    cardsLeft: left,
    stockLeft: stock,
    strokes: left === 0 ? 0 - stock : left, // not `-stock`: a clear on the last card is 0, not -0
    points: pos.points,
  };
}

/** Sum of hole strokes. */
export const matchTotal = (strokes: readonly number[]): number => strokes.reduce((a, b) => a + b, 0);

/** Strokes relative to par after `holes` holes (negative is under par). */
export const toPar = (total: number, holes: number): number => total - PAR_PER_HOLE * holes;

/** Golf words for a hole relative to its par of 5. */
export function holeWord(strokes: number): string {
  const d = strokes - PAR_PER_HOLE;
  if (d <= -4) return 'condor';
  if (d === -3) return 'albatross';
  if (d === -2) return 'eagle';
  if (d === -1) return 'birdie';
  if (d === 0) return 'par';
  if (d === 1) return 'bogey';
  if (d === 2) return 'double bogey';
  if (d === 3) return 'triple bogey';
  return `+${d}`;
}
