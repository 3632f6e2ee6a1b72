import type { PlayerRecord } from '../storage/storage.ts';
import type { ServiceContext } from './context.ts';
import { dayState } from './time.ts';

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
  viewer: PlayerRecord | null,
): Promise<StandingsView> {
  dayState(date, ctx.now);
  const record = await ctx.storage.standings(date, limit, offset);
  const players = record.distribution.reduce((sum, d) => sum + d.count, 0);
  const entries: StandingEntry[] = [];
  let previous: StandingEntry | undefined;
  for (const [i, e] of record.entries.entries()) {
    let rank: number;
    if (previous && previous.total === e.total) rank = previous.rank;
    else if (i > 0) rank = offset + i + 1;
    else rank = 1 + (await ctx.storage.finishersBelow(date, e.total));
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
  if (viewer) {
    const attempt = await ctx.storage.attempt(date, viewer.id);
    if (attempt && attempt.finishedAt !== null) {
      const better = record.distribution.filter((d) => d.total < attempt.total).reduce((sum, d) => sum + d.count, 0);
      me = { rank: better + 1, total: attempt.total, percentile: Math.floor((100 * (players - better)) / players) };
    }
  }
  return {
    date,
    players,
    playing: Math.max(0, record.started - players),
    entries,
    distribution: record.distribution.map((d) => ({ total: d.total, count: d.count })),
    me,
  };
}
