import type { ServiceContext } from './context.ts';
import { courseDay } from './time.ts';

export interface StandingEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  /** Holes this player has finished (every ranked entry has finished all nine). */
  readonly holesFinished: number;
  /**
   * Strokes per hole. While the day is open only the caller's own entry carries them (null for everyone else):
   * which holes cleared would tell a later player where to look.
   */
  readonly holes: readonly number[] | null;
  readonly finishedAt: string;
}

export interface StandingsView {
  readonly date: string;
  readonly closed: boolean;
  /** Ranked finishers. */
  readonly players: number;
  /** Players who started and have not finished. */
  readonly playing: number;
  /** Finished rounds the fair-play audit put under review: they keep their score, out of the ranking. */
  readonly underReview: number;
  readonly entries: StandingEntry[];
  readonly distribution: { readonly total: number; readonly count: number }[];
  /** The caller's place, when a token is given and its player finished (and is ranked). */
  readonly me: {
    readonly rank: number;
    readonly total: number;
    readonly percentile: number;
    readonly holes: readonly number[];
  } | null;
}

/**
 * Standings: total ascending, equal totals share a rank (1, 2, 2, 4), ties in finish order. A rank is one more
 * than the number of ranked finishers with a lower total; `percentile` is the share of ranked finishers whose
 * total is the same or worse, in whole percent (the leader has 100).
 */
export async function standings(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
  viewerId: string | null,
): Promise<StandingsView> {
  const closed = courseDay(date, ctx.now) === 'closed';
  const counts = await ctx.ledger.dayCounts(date);
  const players = counts.distribution.reduce((sum, d) => sum + d.count, 0);
  // The distribution says which total the page starts in and how many finishers come before it, so a deep
  // page seeks by total and skips only within one total, and the first rank needs no count.
  let before = 0;
  let fromTotal = Number.MAX_SAFE_INTEGER;
  for (const d of counts.distribution) {
    if (offset < before + d.count) {
      fromTotal = d.total;
      break;
    }
    before += d.count;
  }
  const [rows, mine] = await Promise.all([
    fromTotal === Number.MAX_SAFE_INTEGER
      ? []
      : ctx.ledger.standingsPage(date, fromTotal, offset - before, limit),
    viewerId === null ? null : ctx.ledger.attempt(date, viewerId),
  ]);
  const entries: StandingEntry[] = [];
  let previous: StandingEntry | undefined;
  for (const [i, e] of rows.entries()) {
    const rank = previous?.total === e.total ? previous.rank : i === 0 ? before + 1 : offset + i + 1;
    previous = {
      rank,
      playerId: e.playerId,
      name: e.name,
      total: e.total,
      holesFinished: e.strokes.length,
      holes: closed || e.playerId === viewerId ? e.strokes : null,
      finishedAt: new Date(e.finishedAt).toISOString(),
    };
    entries.push(previous);
  }
  let me: StandingsView['me'] = null;
  if (mine?.finished && !mine.review) {
    const total = mine.finished.total;
    const better = counts.distribution.filter((d) => d.total < total).reduce((sum, d) => sum + d.count, 0);
    me = {
      rank: better + 1,
      total,
      percentile: Math.floor((100 * (players - better)) / players),
      holes: mine.finished.strokes,
    };
  }
  return {
    date,
    closed,
    players,
    playing: Math.max(0, counts.started - players - counts.review),
    underReview: counts.review,
    entries,
    distribution: counts.distribution.map((d) => ({ total: d.total, count: d.count })),
    me,
  };
}
