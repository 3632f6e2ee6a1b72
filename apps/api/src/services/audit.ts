/**
 * What the API shows of the fair-play audit of a closed day (docs/fair-play.md): the day's progress, a round's
 * verdict with its telling decisions, the rounds under review. The audit itself runs on the queue
 * (services/audit-queue.ts); a day's verdicts are read from the ledger, or from the archive once it has moved there.
 */
import { ApiError } from '../errors.ts';
import type { DayAuditRecord } from '../ports/audit-ledger.ts';
import { archivedRound } from './archive.ts';
import type { ServiceContext } from './context.ts';
import { courseDay } from './time.ts';
import type { AuditProgress, RoundAuditView, TellingView, UnderReviewView } from '../views.ts';

export type { AuditProgress, RoundAuditView, TellingView, UnderReviewView };

export const progressOf = (audit: DayAuditRecord | null): AuditProgress | null =>
  audit && {
    rounds: audit.rounds,
    audited: audit.audited,
    flagged: audit.flagged,
    complete: audit.finishedAt !== null,
  };

interface StoredHole {
  readonly telling?: readonly TellingView[];
}

/** A round's audit, public once its day has closed (with its replay, `…/replays/{playerId}`). */
export async function roundAuditView(
  ctx: ServiceContext,
  date: string,
  playerId: string,
): Promise<RoundAuditView> {
  if (courseDay(date, ctx.now) === 'open')
    throw new ApiError('ERR_FORBIDDEN', 'rounds are audited once the day closes');
  const [player, row, stored, day] = await Promise.all([
    ctx.ledger.players.playerById(playerId),
    ctx.ledger.rounds.attempt(date, playerId),
    ctx.ledger.audits.roundAudit(date, playerId),
    ctx.ledger.audits.dayAudit(date),
  ]);
  if (!player || !row?.finished)
    throw new ApiError('ERR_NOT_FOUND', `no finished round by player ${playerId} on ${date}`);
  // The verdict from the ledger; its holes (and the whole verdict of a clean round) from the archive once moved.
  const archived =
    stored?.holes == null ? ((await archivedRound(ctx, date, playerId))?.verdict ?? null) : null;
  const verdict = stored ?? archived;
  const storedHoles: StoredHole[] =
    stored?.holes != null ? JSON.parse(stored.holes) : (archived?.holes ?? []);
  const holes = storedHoles.map((h, i) => ({
    hole: i + 1,
    telling: (h.telling ?? []).map((t) =>
      t.reason !== undefined
        ? { at: t.at, move: t.move, reason: t.reason }
        : { at: t.at, move: t.move, why: t.why ?? '' },
    ),
  }));
  return {
    date,
    playerId,
    name: player.name,
    standIn: player.standIn,
    total: row.finished.total,
    status: verdict ? 'done' : 'pending',
    verdict: verdict && {
      flagged: verdict.flagged,
      pValue: verdict.pValue,
      telling: verdict.telling,
      decisions: verdict.decisions,
    },
    holes,
    day: progressOf(day),
  };
}

/** The day's rounds under review. */
export async function underReviewView(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
): Promise<UnderReviewView> {
  if (courseDay(date, ctx.now) === 'open') return { date, audit: null, rounds: [] };
  const [day, rounds] = await Promise.all([
    ctx.ledger.audits.dayAudit(date),
    ctx.ledger.audits.underReview(date, limit, offset),
  ]);
  return { date, audit: progressOf(day), rounds: rounds.map((r) => ({ ...r })) };
}
