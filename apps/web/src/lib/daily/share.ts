/**
 * The share text of a finished course: the date, the total against par, and one emoji per hole by its
 * strokes against the hole's par of 5. It shows results only, never a card, so it spoils nothing.
 */
import { m } from '../i18n/index.ts';
import { PAR_PER_HOLE } from '@golf/engine';
import { toParText } from '../format.ts';

/** One emoji per hole: a cleared board, eagle or better, birdie, par, bogey, double bogey or worse. */
export function holeEmoji(strokes: number): string {
  if (strokes <= 0) return '🏆';
  const d = strokes - PAR_PER_HOLE;
  if (d <= -2) return '🦅';
  if (d === -1) return '🐦';
  if (d === 0) return '⛳';
  if (d === 1) return '🟨';
  return '🟥';
}

/** A finished round as the share text and the share card tell it: results only, never a card. */
export interface SharedRound {
  readonly date: string;
  /** Strokes per hole, holes 1..9. */
  readonly holes: readonly number[];
  readonly total: number;
  readonly rank?: number | null;
  readonly players?: number | null;
}

export interface ShareInput extends SharedRound {
  /** Where the course is played (the page's origin). */
  readonly url?: string;
}

export function shareText(input: ShareInput): string {
  const lines = [`Golf Daily ${input.date}`];
  let head = `${input.total} (${toParText(input.total)})`;
  if (input.rank && input.players) head += ` · ${m.share_rank({ rank: input.rank, players: input.players })}`;
  lines.push(head);
  lines.push(input.holes.map(holeEmoji).join(''));
  if (input.url) lines.push(input.url);
  return lines.join('\n');
}
