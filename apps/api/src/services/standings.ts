import type { ServiceContext } from './context.ts';
import { courseDay } from './time.ts';

export interface StandingEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  readonly holes: readonly number[];
  readonly finishedAt: string;
}

export interface StandingsView {
  readonly date: string;
  /** Players who finished. */
  readonly players: number;
  /** Players who started and have not finished. */
  readonly playing: number;
  readonly entries: StandingEntry[];
  readonly distribution: { readonly total: number; readonly count: number }[];
  /** The caller's place, when a token is given and its player finished. */
  readonly me: { readonly rank: number; readonly total: number; readonly percentile: number } | null;
}

/**
 * Standings: total ascending, equal totals share a rank (1, 2, 2, 4), ties in finish order. A rank is one more
 * than the number of finishers with a lower total; `percentile` is the share of finishers whose total is the
 * same or worse, in whole percent (the leader has 100).
 */
export async function standings(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
  viewerId: string | null,
): Promise<StandingsView> {
  courseDay(date, ctx.now);
  const counts = await ctx.storage.dayCounts(date);
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
  const rows =
    fromTotal === Number.MAX_SAFE_INTEGER
      ? []
      : await ctx.storage.standingsPage(date, fromTotal, offset - before, limit);
  const entries: StandingEntry[] = [];
  let previous: StandingEntry | undefined;
  for (const [i, e] of rows.entries()) {
    const rank = previous?.total === e.total ? previous.rank : i === 0 ? before + 1 : offset + i + 1;
    previous = {
      rank,
      playerId: e.playerId,
      name: e.name,
      total: e.total,
      holes: e.strokes,
      finishedAt: new Date(e.finishedAt).toISOString(),
    };
    entries.push(previous);
  }
  let me: StandingsView['me'] = null;
  if (viewerId !== null) {
    const attempt = await ctx.storage.attempt(date, viewerId);
    if (attempt && attempt.finishedAt !== null) {
      const better = counts.distribution
        .filter((d) => d.total < attempt.total)
        .reduce((sum, d) => sum + d.count, 0);
      me = {
        rank: better + 1,
        total: attempt.total,
        percentile: Math.floor((100 * (players - better)) / players),
      };
    }
  }
  return {
    date,
    players,
    playing: Math.max(0, counts.started - players),
    entries,
    distribution: counts.distribution.map((d) => ({ total: d.total, count: d.count })),
    me,
  };
}
