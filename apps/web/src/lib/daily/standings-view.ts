/**
 * What a day's standings show beside the ranked rows, in plain words: per-hole strokes only where the API sends
 * them (while the day is open, only the viewer's own: which holes cleared would tell a later player where to
 * look), the closed day's fair-play audit, and the rounds it put under review, listed apart from the ranking.
 */
import type { ReviewRound, StandingEntry, StandingsView } from '@golf/api';
import { COURSE_HOLES } from '@golf/engine';
import { auditProgressText, countText, pValueText, toParText } from '../format.ts';
import { m } from '../i18n/index.ts';

/** A row's holes: the strokes when they are public (or the viewer's own), else how far the round went. */
export type RowHoles = { readonly strokes: readonly number[] } | { readonly hidden: string };

/** "9/9 holes". */
export const holesFinishedText = (n: number): string =>
  m.standings_holes_finished({ n: countText(n), total: countText(COURSE_HOLES) });

export function rowHoles(entry: StandingEntry): RowHoles {
  return entry.holes ? { strokes: entry.holes } : { hidden: holesFinishedText(entry.holesFinished) };
}

/** Whether any row hides its holes (the open day's note explains why). */
export const hidesHoles = (entries: readonly StandingEntry[]): boolean =>
  entries.some((e) => e.holes === null);

/** A closed day's audit in one line ("Fair-play audit: 120 of 130 rounds checked, 1 under review so far."); null while open. */
export const standingsAuditText = (s: StandingsView): string | null =>
  s.closed ? auditProgressText(s.audit) : null;

/** "1 round under review, not ranked" (null when none). */
export const underReviewText = (n: number): string | null =>
  n === 0 ? null : m.standings_under_review({ count: n, n: countText(n) });

/** A round under review as the standings list it, with a link to its replay and audit in the archive. */
export interface ReviewRow {
  readonly playerId: string;
  readonly name: string;
  /** Why `name` is a stand-in, or null (the API's `standIn`). */
  readonly standIn: ReviewRound['standIn'];
  readonly total: number;
  /** "+3", "E". */
  readonly toPar: string;
  /** "1.2 × 10⁻⁷". */
  readonly pValue: string;
  readonly href: string;
}

export const reviewRows = (date: string, rounds: readonly ReviewRound[]): ReviewRow[] =>
  rounds.map((r) => ({
    playerId: r.playerId,
    name: r.name,
    standIn: r.standIn,
    total: r.total,
    toPar: toParText(r.total),
    pValue: pValueText(r.pValue),
    href: `/archive/${date}?player=${encodeURIComponent(r.playerId)}`,
  }));
