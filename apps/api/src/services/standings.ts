import { progressOf, type AuditProgress } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { finishersAhead, finishersIn, percentileOf, ranked, sameTotal } from './ranking.ts';
import { OPEN_STANDINGS_MAX_AGE } from '../ports/edge-cache.ts';
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
  /** A closed day's fair-play audit (null while the day is open, or before it started). */
  readonly audit: AuditProgress | null;
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
 * The public standings: total ascending, equal totals share a rank (1, 2, 2, 4), ties in finish order. A rank is
 * one more than the number of ranked finishers with a lower total. Nobody's per-hole strokes while the day is
 * open ({@link personalize} adds the caller's own). The same for every caller, so it is kept at the edge.
 */
export async function standings(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
): Promise<StandingsView> {
  const closed = courseDay(date, ctx.now) === 'closed';
  const { counts, audit, before, rows } = await ctx.ledger.rounds.standingsPage(date, offset, limit);
  const players = finishersIn(counts.distribution);
  const entries: StandingEntry[] = ranked(rows, sameTotal, offset, before + 1).map(({ rank, row: e }) => ({
    rank,
    playerId: e.playerId,
    name: e.name,
    total: e.total,
    holesFinished: e.strokes.length,
    holes: closed ? e.strokes : null,
    finishedAt: new Date(e.finishedAt).toISOString(),
  }));
  return {
    date,
    closed,
    players,
    playing: Math.max(0, counts.started - players - counts.review),
    underReview: counts.review,
    audit: progressOf(audit),
    entries,
    distribution: counts.distribution.map((d) => ({ total: d.total, count: d.count })),
    me: null,
  };
}

/**
 * The standings as the caller sees them: their own place (`me`: rank, total, percentile, strokes) and their own
 * per-hole strokes in their entry, on the page `fresh` reads when the caller finished within the shared answer's
 * age. `percentile` is the share of ranked finishers whose total is the same or worse, in whole percent (the
 * leader has 100).
 */
export async function personalize(
  ctx: ServiceContext,
  shared: StandingsView,
  viewerId: string,
  fresh?: () => Promise<StandingsView>,
): Promise<StandingsView> {
  const mine = await ctx.ledger.rounds.attempt(shared.date, viewerId);
  if (!mine?.finished || mine.review) return shared;
  const { total, strokes, finishedAt } = mine.finished;
  // Read your own write: a shared answer may be up to OPEN_STANDINGS_MAX_AGE seconds old, so a caller who finished
  // more recently than that gets the page read now (bounded by the finish rate, not by how often anyone looks).
  const view =
    fresh !== undefined && ctx.now.getTime() - finishedAt < OPEN_STANDINGS_MAX_AGE * 1000
      ? await fresh()
      : shared;
  const ahead = finishersAhead(view.distribution, total);
  return {
    ...view,
    entries: view.entries.map((e) => (e.playerId === viewerId ? { ...e, holes: strokes } : e)),
    me: {
      rank: ahead + 1,
      total,
      percentile: percentileOf(view.players, ahead),
      holes: strokes,
    },
  };
}
