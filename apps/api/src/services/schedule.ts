import { addDays, FIRST_DATE, utcDate } from '@golf/contract';
import { auditDay, type AuditProgress } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { completePerfect, ensureCourse } from './course.ts';
import { forgetOldSends, sendReminders, type ReminderRun } from './push.ts';

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
 * What one cron run gives a closed day's audit: at most 200 slices (one round each) and no new slice after
 * 240 s, under the 300 s of CPU `wrangler.jsonc` allows a scheduled run. The cron runs every 10 minutes, so a day
 * of a few thousand rounds is audited within hours of closing; requests about the day carry it on in between.
 */
export const SCHEDULED_AUDIT = { slices: 200, ms: 240_000 } as const;

/**
 * Everything the cron does (the scheduled handler and the local `/api/dev/scheduled` both run this): tomorrow's
 * course ahead of time, then the audit of the day that closed last (requests about that day carry it on if one
 * run does not finish it), then the reminders due (services/push.ts; a failure there is logged and leaves the rest
 * alone), then housekeeping (expired passkey challenges and transfer codes, which no request can use any more, and
 * old reminder send records).
 */
export async function scheduledJob(
  ctx: ServiceContext,
): Promise<{ courses: string[]; audit: AuditProgress | null; reminders: ReminderRun | null }> {
  const courses = await createCourseAhead(ctx);
  const yesterday = addDays(utcDate(ctx.now), -1);
  const audit = yesterday < FIRST_DATE ? null : await auditDay(ctx, yesterday, SCHEDULED_AUDIT);
  const reminders = await sendReminders(ctx).catch((error: unknown) => {
    console.error('reminders failed', error);
    return null;
  });
  const now = ctx.now.getTime();
  await Promise.all([
    ctx.ledger.players.deleteExpiredCodes(now),
    ctx.ledger.passkeys.deleteExpiredChallenges(now),
    forgetOldSends(ctx),
  ]);
  return { courses, audit, reminders };
}
