import type { ServiceContext } from './context.ts';
import { ensureCourse } from './course.ts';
import { addDays, utcDate } from '@golf/contract';

/** The cron's job: make sure today's and tomorrow's courses exist, so no player waits for the solver. */
export async function createCourseAhead(ctx: ServiceContext): Promise<string[]> {
  const today = utcDate(ctx.now);
  const dates = [today, addDays(today, 1)];
  for (const date of dates) await ensureCourse(ctx, date);
  return dates;
}
