import { addDays, utcDate } from '@golf/contract';
import type { ServiceContext } from './context.ts';
import { completePerfect, ensureCourse } from './course.ts';

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
 * Everything the cron does (the scheduled handler and the local `/api/dev/scheduled` both run this): the courses,
 * then housekeeping (expired passkey challenges and transfer codes, which no request can use any more).
 */
export async function scheduledJob(ctx: ServiceContext): Promise<{ courses: string[] }> {
  const courses = await createCourseAhead(ctx);
  await ctx.ledger.deleteExpired(ctx.now.getTime());
  return { courses };
}
