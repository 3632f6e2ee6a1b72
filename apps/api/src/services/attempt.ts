import { COURSE_HOLES, countDraws, logThroughDraw, makeCard, replay, scoreOf } from '@golf/engine';
import { ApiError } from '../errors.ts';
import type { AttemptRecord } from '../storage/storage.ts';
import type { ServiceContext } from './context.ts';
import { ensureCourse, RULES, type Course } from './course.ts';
import { courseDay, requireOpen } from './time.ts';

export interface AttemptHoleView {
  readonly hole: number;
  /** The recorded log: up to the last draw while the hole is played, the verified final log once finished. */
  readonly log: string;
  /** The stock cards drawn so far, in draw order. */
  readonly drawn: string[];
  readonly strokes: number | null;
}

export interface AttemptView {
  readonly date: string;
  /** The hole being played, null once the attempt is finished. */
  readonly hole: number | null;
  readonly finished: boolean;
  /** The strokes of the finished holes so far, null before the first hole is finished. */
  readonly total: number | null;
  readonly holes: AttemptHoleView[];
}

export interface DrawView {
  readonly hole: number;
  readonly card: string;
  readonly stockLeft: number;
}

export interface HoleResultView {
  readonly hole: number;
  readonly strokes: number;
  /** The total after this hole. */
  readonly total: number;
  readonly finished: boolean;
}

/** How many times a write that lost a race is re-evaluated against the new state. */
const MAX_TRIES = 3;

function attemptView(course: Course, attempt: AttemptRecord): AttemptView {
  const finished = attempt.finishedAt !== null;
  const done = attempt.holes.filter((h) => h.strokes !== null);
  return {
    date: attempt.date,
    hole: finished ? null : attempt.hole,
    finished,
    total: done.length === 0 ? null : attempt.total,
    holes: attempt.holes.map((h) => ({
      hole: h.hole,
      log: h.log,
      drawn: course.holes[h.hole - 1]!.deal.stock.slice(0, h.drawn).map(makeCard),
      strokes: h.strokes,
    })),
  };
}

async function loadAttempt(ctx: ServiceContext, date: string, playerId: string): Promise<AttemptRecord> {
  const attempt = await ctx.storage.attempt(date, playerId);
  if (!attempt)
    throw new ApiError(
      'ERR_NO_ATTEMPT',
      `no attempt on ${date}; start it with POST /api/daily/${date}/attempt`,
    );
  return attempt;
}

/** Starts today's attempt, or resumes it (one per player per day, never restarted). */
export async function startAttempt(
  ctx: ServiceContext,
  date: string,
  playerId: string,
  addressHash: string,
): Promise<AttemptView> {
  requireOpen(date, ctx.now);
  const course = await ensureCourse(ctx, date);
  await ctx.storage.startAttempt(date, playerId, ctx.now.getTime(), addressHash);
  return attemptView(course, await loadAttempt(ctx, date, playerId));
}

/** The player's attempt on any day that has one. */
export async function getAttempt(ctx: ServiceContext, date: string, playerId: string): Promise<AttemptView> {
  courseDay(date, ctx.now);
  const attempt = await loadAttempt(ctx, date, playerId);
  return attemptView(await ensureCourse(ctx, date), attempt);
}

function requirePlayable(attempt: AttemptRecord, hole: number): void {
  if (attempt.finishedAt !== null) throw new ApiError('ERR_ALREADY_FINISHED', 'the attempt is finished');
  if (hole < attempt.hole) throw new ApiError('ERR_ALREADY_FINISHED', `hole ${hole} is finished`);
  if (hole > attempt.hole)
    throw new ApiError('ERR_HOLE_ORDER', `hole ${attempt.hole} is being played, not hole ${hole}`);
}

function replayOrThrow(course: Course, hole: number, log: string) {
  const pos = replay(course.holes[hole - 1]!.deal, RULES, log);
  if (!pos.ok) throw new ApiError('ERR_ILLEGAL_MOVE', pos.error.message, { at: pos.error.at });
  return pos.value;
}

/**
 * One draw. `log` is the hole's whole log ending in exactly one new `d`; it must extend the log recorded at the
 * previous draw and replay legally. The answer is the next stock card. Sending a log that was already recorded
 * (a retry) answers the same card again.
 *
 * The common case costs one write: a log that replays legally is recorded by a compare-and-set that itself
 * demands everything else (current unfinished hole, exactly one draw more than recorded, the recorded log as a
 * prefix). Anything else is then explained from the stored state, checked in the documented order, so an error
 * never depends on a card the player has not drawn.
 */
export async function draw(
  ctx: ServiceContext,
  date: string,
  playerId: string,
  hole: number,
  log: string,
): Promise<DrawView> {
  requireOpen(date, ctx.now);
  const course = await ensureCourse(ctx, date);
  const stock = course.holes[hole - 1]!.deal.stock;
  const answer = (k: number): DrawView => ({
    hole,
    card: makeCard(stock[k - 1]!),
    stockLeft: stock.length - k,
  });
  const k = countDraws(log);
  const record = (drawn: number) =>
    ctx.storage.recordDraw({ date, playerId, hole, drawn, log, now: ctx.now.getTime() });
  if (replay(course.holes[hole - 1]!.deal, RULES, log).ok && (await record(k - 1))) return answer(k);
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const state = await loadAttempt(ctx, date, playerId);
    const recorded = state.holes[hole - 1]!;
    // A retry of an earlier draw: the same log as recorded then is answered with the same card.
    if (recorded.strokes === null && k <= recorded.drawn && logThroughDraw(recorded.log, k) === log)
      return answer(k);
    requirePlayable(state, hole);
    if (!log.startsWith(recorded.log)) {
      throw new ApiError(
        'ERR_HISTORY_REWRITTEN',
        `the log must extend the one recorded at your last draw: "${recorded.log}"`,
      );
    }
    if (k > recorded.drawn + 1) {
      throw new ApiError(
        'ERR_NOT_DRAWN',
        'draw one card per request: the log holds a draw that was never requested',
      );
    }
    replayOrThrow(course, hole, log);
    if (await record(recorded.drawn)) return answer(k);
    // Another request changed the hole first: look again.
  }
  throw new ApiError('ERR_CONFLICT', 'the hole changed while drawing; fetch the attempt and retry');
}

/**
 * Finishes the current hole. The log must extend the recorded draw log, hold no draw that was not requested,
 * replay legally in full and leave the hole over. The same log sent again for a finished hole answers the same
 * result; any other log for it is refused. Like a draw, the common case is one compare-and-set write.
 */
export async function finishHole(
  ctx: ServiceContext,
  date: string,
  playerId: string,
  hole: number,
  log: string,
): Promise<HoleResultView> {
  requireOpen(date, ctx.now);
  const course = await ensureCourse(ctx, date);
  const deal = course.holes[hole - 1]!.deal;
  const k = countDraws(log);
  const result = (strokes: number, total: number): HoleResultView => ({
    hole,
    strokes,
    total,
    finished: hole === COURSE_HOLES,
  });
  const record = (drawn: number, strokes: number) =>
    ctx.storage.finishHole({ date, playerId, hole, drawn, log, strokes, now: ctx.now.getTime() });
  const quick = replay(deal, RULES, log);
  if (quick.ok) {
    const score = scoreOf(quick.value);
    const total = score.over ? await record(k, score.strokes) : null;
    if (total !== null) return result(score.strokes, total);
  }
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const state = await loadAttempt(ctx, date, playerId);
    const recorded = state.holes[hole - 1]!;
    if (recorded.strokes !== null && recorded.log === log) {
      return result(
        recorded.strokes,
        state.holes.slice(0, hole).reduce((sum, h) => sum + (h.strokes ?? 0), 0),
      );
    }
    requirePlayable(state, hole);
    if (!log.startsWith(recorded.log)) {
      throw new ApiError(
        'ERR_HISTORY_REWRITTEN',
        `the log must extend the one recorded at your last draw: "${recorded.log}"`,
      );
    }
    if (k > recorded.drawn) {
      throw new ApiError('ERR_NOT_DRAWN', `the log draws more cards than the ${recorded.drawn} you drew`);
    }
    const score = scoreOf(replayOrThrow(course, hole, log));
    if (!score.over)
      throw new ApiError(
        'ERR_HOLE_NOT_OVER',
        `hole ${hole} is not over: a card can still be played or drawn`,
      );
    const total = await record(recorded.drawn, score.strokes);
    if (total !== null) return result(score.strokes, total);
  }
  throw new ApiError('ERR_CONFLICT', 'the hole changed while finishing; fetch the attempt and retry');
}
