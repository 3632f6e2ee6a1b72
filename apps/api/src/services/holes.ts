import { COURSE_HOLES } from '@golf/engine';
import { ApiError } from '../errors.ts';
import { progressOf, type AuditProgress } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { closedCourse } from './course.ts';
import { medianOf } from './ranking.ts';
import { courseDay } from './time.ts';
import type { HoleFieldView, DayHolesView } from '../views.ts';

export type { HoleFieldView, DayHolesView };

/**
 * Each hole of a closed day against the field: perfect play, the ranked finishers' clears, median and
 * distribution. Per-hole strokes stay hidden while the day is open (ERR_DAY_OPEN). Read from the per-hole
 * distribution the ledger keeps as rounds finish, so its cost does not grow with the field. `audit` says whether
 * the answer is final (a round going under review leaves the field until the day's audit is complete).
 */
export async function dayHoles(
  ctx: ServiceContext,
  date: string,
): Promise<{ readonly view: DayHolesView; readonly audit: AuditProgress | null }> {
  if (courseDay(date, ctx.now) === 'open')
    throw new ApiError('ERR_DAY_OPEN', `each hole against the field is shown once the day ${date} closes`);
  const [course, field] = await Promise.all([closedCourse(ctx, date), ctx.ledger.rounds.dayHoles(date)]);
  const holes = Array.from({ length: COURSE_HOLES }, (_, i): HoleFieldView => {
    const hole = i + 1;
    const distribution = field.strokes
      .filter((r) => r.hole === hole)
      .map((r): [number, number] => [r.strokes, r.count]);
    return {
      hole,
      perfect: course.holes[i]!.perfect!.strokes,
      cleared: distribution.reduce((n, [strokes, count]) => (strokes <= 0 ? n + count : n), 0),
      median: medianOf(distribution),
      distribution,
    };
  });
  return { view: { date, finishers: field.finishers, holes }, audit: progressOf(field.audit) };
}
