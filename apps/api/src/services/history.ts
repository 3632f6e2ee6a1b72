/**
 * A player's own record: finished rounds newest first, with rank and field, and the numbers every daily game
 * keeps (played, streaks, best, the distribution of totals). Read from the ledger's attempt rows.
 */
import { addDays, utcDate } from '@golf/contract';
import { MATCH_PAR } from '@golf/engine';
import type { RoundRecord } from '../ports/rounds.ts';
import type { ServiceContext } from './context.ts';
import { distributionOf } from './ranking.ts';
import type { HistoryRound, Streak, HistorySummary, HistoryView } from '../views.ts';

export type { HistoryRound, Streak, HistorySummary, HistoryView };

/**
 * A streak over the days in `days` (a subset of the played days). The current streak ends today when today was
 * played, else yesterday: a day not played yet does not break it, a day played outside `days` does.
 */
function streakOf(days: ReadonlySet<string>, played: ReadonlySet<string>, today: string): Streak {
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of [...days].sort()) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  let current = 0;
  for (let day = played.has(today) ? today : addDays(today, -1); days.has(day); day = addDays(day, -1))
    current++;
  return { current, best };
}

/** The numbers of a record, from its finished rounds (one a day at most), seen on `today`. */
export function summarize(rounds: readonly RoundRecord[], today: string): HistorySummary {
  const played = new Set(rounds.map((r) => r.date));
  const underPar = new Set(rounds.filter((r) => r.total < MATCH_PAR).map((r) => r.date));
  let best: HistorySummary['best'] = null;
  for (const r of rounds) {
    if (r.review) continue;
    if (best === null || r.total < best.total || (r.total === best.total && r.date < best.date))
      best = { date: r.date, total: r.total };
  }
  return {
    played: rounds.length,
    streak: streakOf(played, played, today),
    underPar: streakOf(underPar, played, today),
    best,
    distribution: distributionOf(rounds.map((r) => r.total)),
  };
}

export async function history(
  ctx: ServiceContext,
  playerId: string,
  limit: number,
  offset: number,
): Promise<HistoryView> {
  const [rounds, page] = await Promise.all([
    ctx.ledger.rounds.playerRounds(playerId),
    ctx.ledger.rounds.historyPage(playerId, limit, offset),
  ]);
  return {
    rounds: page.map((r) => ({
      date: r.date,
      total: r.total,
      rank: r.review ? null : r.better + 1,
      finishers: r.finishers,
      strokes: r.strokes,
      review: r.review,
    })),
    ...summarize(rounds, utcDate(ctx.now)),
  };
}
