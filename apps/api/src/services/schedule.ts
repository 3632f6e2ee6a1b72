import { addDays, utcDate } from '@golf/contract';
import { progressOf, type AuditProgress } from './audit.ts';
import { watchAudits } from './audit-queue.ts';
import type { ServiceContext } from './context.ts';
import { completePerfect, ensureCourse } from './course.ts';
import { forgetOldSends, sendReminders, type ReminderRun } from './push.ts';
import { forgetArchivedAddresses } from './archive.ts';
import { forgetRefilledBuckets } from './rate-limit.ts';
import { sweepDeletedPlayers } from './privacy.ts';

/**
 * The cron's job: today's and tomorrow's courses exist with their perfect play, so no player's request ever
 * waits for the solver.
 */
export async function createCourseAhead(ctx: ServiceContext): Promise<string[]> {
  const today = utcDate(ctx.now);
  const dates = [today, addDays(today, 1)];
  for (const date of dates) {
    await ensureCourse(ctx, date, { completeLater: false });
    await completePerfect(ctx, date);
  }
  return dates;
}

/**
 * Above this size the cron logs, every run, that the database holding today needs a successor: D1 stops a database
 * at 10 GB (docs/scale.md quotes the limit). At 1 M finishers a day the database holding today carries 4.3 GB in
 * flight and grows 0.17 GB a day for good, so 8 GB is reached with about 11 days of room left to add a day database
 * (docs/deploy.md, "A ledger that lasts").
 */
export const FULL_DATABASE_BYTES = 8e9;

/** Logs when the database that holds today is past {@link FULL_DATABASE_BYTES}; one cheap read. */
async function watchLedgerSize(ctx: ServiceContext): Promise<void> {
  const today = utcDate(ctx.now);
  const bytes = await ctx.ledger.audits.databaseBytes(today);
  if (bytes > FULL_DATABASE_BYTES)
    console.error(
      `the database that holds ${today} has ${(bytes / 1e9).toFixed(2)} GB of D1's 10 GB: add a day database for the next days (docs/deploy.md)`,
    );
}

/**
 * Everything the cron does (the scheduled handler and the local `/api/dev/scheduled` both run this): tomorrow's
 * course ahead of time, then the closed days' audits (it starts the day that closed last on the audit queue and
 * resumes any day whose pipeline stalled: a few statements, services/audit-queue.ts), then the reminders due
 * (services/push.ts; a failure there is logged and leaves the rest alone), then housekeeping: expired passkey
 * challenges and transfer codes, which no request can use any more, old reminder send records, rate-limit buckets
 * that have refilled (the address hashes they are keyed by), the address hashes of archive objects written
 * before the archive stopped keeping them, and what requests in flight wrote for players deleted within the hour
 * (docs/privacy.md).
 */
export async function scheduledJob(
  ctx: ServiceContext,
): Promise<{ courses: string[]; audit: AuditProgress | null; reminders: ReminderRun | null }> {
  const courses = await createCourseAhead(ctx);
  const audit = progressOf(await watchAudits(ctx));
  const reminders = await sendReminders(ctx).catch((error: unknown) => {
    console.error('reminders failed', error);
    return null;
  });
  const now = ctx.now.getTime();
  await Promise.all([
    ctx.ledger.players.deleteExpiredCodes(now),
    ctx.ledger.passkeys.deleteExpiredChallenges(now),
    forgetOldSends(ctx),
    forgetRefilledBuckets(ctx),
    forgetArchivedAddresses(ctx),
    sweepDeletedPlayers(ctx),
    watchLedgerSize(ctx),
  ]);
  return { courses, audit, reminders };
}
