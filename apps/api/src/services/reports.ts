/**
 * Reports of names (docs/names.md, "Reports and moderators"): any player may report another player's name or a
 * league's; enough distinct reporters who have finished a ranked round hide it at once, pending a moderator.
 */
import { addDays, utcDate, type ReportReason } from '@golf/contract';
import { ApiError } from '../errors.ts';
import type { ReportRecord, Target } from '../ports/moderation.ts';
import type { ServiceContext } from './context.ts';
import { limitAddress, limitKey, type BucketSize } from './rate-limit.ts';
import type { ReportView } from '../views.ts';

export type { ReportView };

/** Reports per player and per client address: a burst of 10, then one a minute. */
export const REPORT_BUCKET: BucketSize = { capacity: 10, refillMs: 60_000 };

const TOO_FAST = 'too many reports in a short time; try again in a minute';

const viewOf = (target: Target, report: ReportRecord): ReportView => ({
  target: { kind: target.kind, id: target.id },
  reason: report.reason,
  reportedAt: new Date(report.at).toISOString(),
});

/** What a report answers: 201 for a new report, 200 for one the reporter had already made. */
export interface ReportOutcome {
  readonly status: 200 | 201;
  readonly view: ReportView;
}

/**
 * Reports the target's name as it is now. Checked in this order: the target exists (ERR_NOT_FOUND), it is not the
 * reporter's own name or league (ERR_FORBIDDEN), a repeat of the reporter's report of this name answers it again
 * (200, whatever the reason sent: one report per reporter and name), the name is shown (ERR_NAME_HIDDEN), then the
 * rate limits (per player and per address) and the reporter's daily cap (ERR_RATE_LIMITED, until the next UTC day).
 */
export async function reportName(
  ctx: ServiceContext,
  reporterId: string,
  target: Target,
  reason: ReportReason,
  addressKey: string,
): Promise<ReportOutcome> {
  const moderation = ctx.ledger.moderation;
  const found = await moderation.target(target);
  if (found === null) throw new ApiError('ERR_NOT_FOUND', `no ${target.kind} has this id`);
  if (found.ownerId === reporterId)
    throw new ApiError(
      'ERR_FORBIDDEN',
      target.kind === 'player'
        ? 'you cannot report your own name; rename yourself instead'
        : 'you cannot report a league you created; rename it instead',
    );
  const mine = await moderation.reportOf(reporterId, target, found.name);
  if (mine !== null) return { status: 200, view: viewOf(target, mine) };
  if (found.hiddenAt !== null) throw alreadyHidden();
  await limitKey(ctx, `reports/player/${reporterId}`, REPORT_BUCKET, TOO_FAST);
  await limitAddress(ctx, 'reports', addressKey, TOO_FAST, REPORT_BUCKET);
  const today = utcDate(ctx.now);
  const dayStart = Date.parse(`${today}T00:00:00.000Z`);
  if ((await moderation.reportsSince(reporterId, dayStart)) >= ctx.config.reportsPerDay) {
    const tomorrow = Date.parse(`${addDays(today, 1)}T00:00:00.000Z`);
    throw new ApiError(
      'ERR_RATE_LIMITED',
      `a player may report ${ctx.config.reportsPerDay} names a day; try again tomorrow (UTC)`,
      { retryAfter: Math.ceil((tomorrow - ctx.now.getTime()) / 1000) },
    );
  }
  const counts = await ctx.ledger.rounds.hasRankedRound(reporterId);
  const { filed } = await moderation.fileReport(
    { reporterId, target, name: found.name, reason, counts, at: ctx.now.getTime() },
    ctx.config.reportsToHide,
  );
  if (filed !== null) return { status: 201, view: viewOf(target, filed) };
  // The name changed since it was read: a concurrent repeat of this report, or hidden or renamed meanwhile.
  const again = await moderation.reportOf(reporterId, target, found.name);
  if (again !== null) return { status: 200, view: viewOf(target, again) };
  if ((await moderation.target(target))?.hiddenAt != null) throw alreadyHidden();
  throw new ApiError('ERR_NOT_FOUND', 'this name changed meanwhile; nothing was reported');
}

const alreadyHidden = () =>
  new ApiError('ERR_NAME_HIDDEN', 'this name is already hidden; the moderators have it');
