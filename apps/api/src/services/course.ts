import {
  courseDecks,
  dealFromDeck,
  GENERATOR_VERSION,
  makeCard,
  MATCH_PAR,
  PRESETS,
  solve,
  type Deal,
  type Deck,
  type Rules,
} from '@golf/engine';
import type { CourseRecord } from '../storage/storage.ts';
import type { ServiceContext } from './context.ts';
import { hmacSha256 } from './crypto.ts';
import { closesAt, opensAt } from '@golf/contract';
import { courseDay } from './time.ts';

export const RULES_NAME = 'classic';
export const RULES: Rules = PRESETS.classic;
export const SEED_PREFIX = 'golf-daily/v1/';

export interface PerfectResult {
  readonly strokes: number;
  readonly log: string;
  /** False if a budget stopped the solver (the line is then the best found, not a proof). */
  readonly exact: boolean;
}

/** The one place the solver is called: perfect play (full knowledge of the stock) for one hole. */
export type PerfectPlay = (deal: Deal, rules: Rules) => PerfectResult;

export const solvePerfect: PerfectPlay = (deal, rules) => {
  const result = solve(deal, rules, { objective: 'strokes' });
  if (!result.ok) throw new Error(`solver failed: ${result.error.message}`);
  return { strokes: result.value.strokes, log: result.value.log, exact: result.value.exact };
};

export interface CourseHole {
  readonly hole: number;
  readonly deck: Deck;
  readonly deal: Deal;
  readonly perfect: PerfectResult;
}

export interface Course {
  readonly date: string;
  readonly generatorVersion: number;
  readonly holes: readonly CourseHole[];
}

/** The course seed: HMAC-SHA256(secret, "golf-daily/v1/" + date). */
export const courseSeed = (secret: string, date: string): Promise<Uint8Array> =>
  hmacSha256(secret, SEED_PREFIX + date);

/** Builds a course from scratch: seed, nine decks, deals and perfect play. Pure apart from the clock. */
export async function buildCourse(
  secret: string,
  date: string,
  perfect: PerfectPlay,
  now: Date,
): Promise<CourseRecord> {
  const decks = courseDecks(await courseSeed(secret, date));
  if (!decks.ok) throw new Error(decks.error.message);
  return {
    date,
    generatorVersion: GENERATOR_VERSION,
    rules: RULES_NAME,
    createdAt: now.getTime(),
    holes: decks.value.map((deck, i) => ({
      hole: i + 1,
      deck,
      perfect: perfect(dealFromDeck(deck, RULES), RULES),
    })),
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

/**
 * The stored course of a date, created first if missing. Concurrent first requests may both build it; the
 * storage keeps the first write, and every caller answers with what is stored.
 */
export async function ensureCourse(ctx: ServiceContext, date: string): Promise<Course> {
  const cached = ctx.courses.get(date);
  if (cached) return cached;
  let record = await ctx.storage.course(date);
  if (!record) {
    await ctx.storage.insertCourse(await buildCourse(ctx.secret, date, ctx.perfect, ctx.now));
    record = await ctx.storage.course(date);
    if (!record) throw new Error(`course ${date} was not stored`);
  }
  const course = fromRecord(record);
  ctx.courses.set(date, course);
  return course;
}

export interface HoleView {
  readonly hole: number;
  readonly columns: string[][];
  readonly waste: string;
  readonly stockSize: number;
  readonly stock?: string[];
  readonly perfect?: { readonly strokes: number; readonly log: string };
}

export interface CourseView {
  readonly date: string;
  readonly rules: typeof RULES_NAME;
  readonly par: number;
  readonly opensAt: string;
  readonly closesAt: string;
  readonly closed: boolean;
  readonly holes: HoleView[];
}

/** The public course. The stocks and perfect lines are included only once the day is closed. */
export async function courseView(ctx: ServiceContext, date: string): Promise<CourseView> {
  const closed = courseDay(date, ctx.now) === 'closed';
  const course = await ensureCourse(ctx, date);
  return {
    date,
    rules: RULES_NAME,
    par: MATCH_PAR,
    opensAt: opensAt(date).toISOString(),
    closesAt: closesAt(date).toISOString(),
    closed,
    holes: course.holes.map((h) => ({
      hole: h.hole,
      columns: h.deal.columns.map((column) => column.map(makeCard)),
      waste: h.deal.waste === null ? '-' : makeCard(h.deal.waste),
      stockSize: h.deal.stock.length,
      ...(closed
        ? { stock: h.deal.stock.map(makeCard), perfect: { strokes: h.perfect.strokes, log: h.perfect.log } }
        : {}),
    })),
  };
}
