import { closesAt, opensAt } from '@golf/contract';
import {
  courseDecks,
  dealFromDeck,
  GENERATOR_VERSION,
  makeCard,
  MATCH_PAR,
  PRESETS,
  type PresetName,
  type Rules,
} from '@golf/engine';
import type { CourseRecord } from '../ports/courses.ts';
import type { Course, CourseHole } from './course-model.ts';
import type { ServiceContext } from './context.ts';
import { hmacHex, hmacSha256 } from '../crypto.ts';
import { courseDay } from './time.ts';
import type { HoleView, CourseView } from '../views.ts';

export type { HoleView, CourseView };

export const RULES_NAME: PresetName = 'classic';
export const RULES: Rules = PRESETS[RULES_NAME];
export const SEED_PREFIX = 'golf-daily/v1/';

/** The course seed: HMAC-SHA256(secret, "golf-daily/v1/" + date). */
export const courseSeed = (secret: string, date: string): Promise<Uint8Array> =>
  hmacSha256(secret, SEED_PREFIX + date);

export const AUDIT_SALT_PREFIX = 'golf-daily/audit/v1/';

/**
 * The day's audit salt: HMAC-SHA256(secret, "golf-daily/audit/v1/" + date), hex. It seeds the orders the fair-play
 * audit samples (docs/fair-play.md): secret while the day is open, so no player can compute them and choose moves
 * that fool them; public once it closes (the course's `auditSalt`), so anyone can run the audit again.
 */
export const auditSalt = (secret: string, date: string): Promise<string> =>
  hmacHex(secret, AUDIT_SALT_PREFIX + date);

/** A course's deals from its seed (no solver: perfect play is computed later, by {@link completePerfect}). */
export async function buildCourse(secret: string, date: string, now: Date): Promise<CourseRecord> {
  const decks = courseDecks(await courseSeed(secret, date));
  if (!decks.ok) throw new Error(decks.error.message);
  return {
    date,
    generatorVersion: GENERATOR_VERSION,
    rules: RULES_NAME,
    createdAt: now.getTime(),
    holes: decks.value.map((deck, i) => ({ hole: i + 1, deck, perfect: null })),
  };
}

const fromRecord = (record: CourseRecord): Course => ({
  date: record.date,
  generatorVersion: record.generatorVersion,
  holes: record.holes.map((h) => ({
    hole: h.hole,
    deck: h.deck,
    deal: dealFromDeck(h.deck, RULES),
    perfect: h.perfect,
  })),
});

const isComplete = (course: Course): boolean => course.holes.every((h) => h.perfect !== null);

/** Dates whose perfect play this instance is already computing after a response. */
const completing = new Set<string>();

/**
 * The stored course of a date, its deals created first if missing (never the solver: perfect play follows after
 * the response). Concurrent first requests may both build the deals; the ledger keeps the first write, and every
 * caller answers with what is stored.
 */
export async function ensureCourse(
  ctx: ServiceContext,
  date: string,
  options: { readonly completeLater?: boolean } = {},
): Promise<Course> {
  const cached = ctx.courses.get(date);
  if (cached) return cached;
  let record = await ctx.ledger.courses.course(date);
  if (!record) {
    await ctx.ledger.courses.insertCourse(await buildCourse(ctx.config.secret, date, ctx.now));
    record = await ctx.ledger.courses.course(date);
    if (!record) throw new Error(`course ${date} was not stored`);
  }
  const course = fromRecord(record);
  if (isComplete(course)) ctx.courses.set(date, course);
  else if (options.completeLater !== false && !completing.has(date)) {
    completing.add(date);
    ctx.defer(completePerfect(ctx, date).finally(() => completing.delete(date)));
  }
  return course;
}

/**
 * Computes and stores the perfect play of every hole of a stored course that lacks it (the scheduled handler,
 * after a response that stored new deals, or a closed day's first view). Answers the completed course.
 */
export async function completePerfect(ctx: ServiceContext, date: string): Promise<Course> {
  const record = await ctx.ledger.courses.course(date);
  if (!record) throw new Error(`no course ${date} to complete`);
  const course = fromRecord(record);
  const holes: CourseHole[] = [];
  for (const h of course.holes) {
    if (h.perfect !== null) holes.push(h);
    else {
      const perfect = ctx.perfect(h.deal, RULES);
      await ctx.ledger.courses.setPerfect(date, h.hole, perfect);
      holes.push({ ...h, perfect });
    }
  }
  const complete = { ...course, holes };
  ctx.courses.set(date, complete);
  return complete;
}

/** A closed day's course with its perfect play: computed now if it is still missing (a closed day shows it). */
export async function closedCourse(ctx: ServiceContext, date: string): Promise<Course> {
  const course = await ensureCourse(ctx, date);
  return isComplete(course) ? course : completePerfect(ctx, date);
}

/** The public course. The stocks and perfect lines are included only once the day is closed. */
export async function courseView(ctx: ServiceContext, date: string): Promise<CourseView> {
  const closed = courseDay(date, ctx.now) === 'closed';
  const course = closed ? await closedCourse(ctx, date) : await ensureCourse(ctx, date);
  return {
    date,
    rules: RULES_NAME,
    par: MATCH_PAR,
    opensAt: opensAt(date).toISOString(),
    closesAt: closesAt(date).toISOString(),
    closed,
    ...(closed ? { auditSalt: await auditSalt(ctx.config.secret, date) } : {}),
    holes: course.holes.map((h) => ({
      hole: h.hole,
      columns: h.deal.columns.map((column) => column.map(makeCard)),
      waste: h.deal.waste === null ? '-' : makeCard(h.deal.waste),
      stockSize: h.deal.stock.length,
      ...(closed
        ? {
            stock: h.deal.stock.map(makeCard),
            perfect: { strokes: h.perfect!.strokes, log: h.perfect!.log },
          }
        : {}),
    })),
  };
}
