import { COURSE_HOLES, countDraws, makeCard } from '@golf/engine';
import type {
  AttemptHoleView,
  AttemptView,
  DrawView,
  HoleResultView,
  Outcome,
} from '../attempt-object/fair-stock.ts';
import type { AttemptRecordView, AttemptRpc, Caller, OwnStanding } from '../attempt-object/session.ts';
import { ApiError } from '../errors.ts';
import type { AttemptRecord } from '../ports/rounds.ts';
import { roundLogs } from './archive.ts';
import type { ServiceContext } from './context.ts';
import { ensureCourse, RULES_NAME } from './course.ts';
import { type Course } from './course-model.ts';
import { playerOf, type Bearer } from './players.ts';
import { courseDay, requireOpen } from './time.ts';

export type { AttemptHoleView, AttemptView, DrawView, HoleResultView };

const valueOf = <T>(outcome: Outcome<T>): T => {
  if (outcome.ok) return outcome.value;
  const { code, message, at } = outcome.error;
  throw new ApiError(code, message, at === undefined ? {} : { at });
};

/**
 * Calls the caller's attempt object. The token's embedded id addresses the object, which checks the token
 * against the ledger. A token without a usable id (older tokens were all random) is looked up here instead.
 */
async function withAttempt<T>(
  ctx: ServiceContext,
  date: string,
  bearer: Bearer,
  call: (attempt: AttemptRpc, caller: Caller) => Promise<Outcome<T>>,
): Promise<T> {
  if (bearer.claimedId !== null) {
    const caller = { playerId: bearer.claimedId, tokenHash: bearer.tokenHash };
    const outcome = await call(ctx.attempts(date, caller.playerId), caller);
    if (outcome.ok || outcome.error.code !== 'ERR_UNAUTHORIZED') return valueOf(outcome);
  }
  const owner = await ctx.ledger.players.playerIdByTokenHash(bearer.tokenHash);
  if (owner === null || owner === bearer.claimedId) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  const caller = { playerId: owner, tokenHash: bearer.tokenHash };
  return valueOf(await call(ctx.attempts(date, owner), caller));
}

/** The caller's own ranked round from their attempt object, which checks the token (services/standings.ts). */
export const ownStanding = (ctx: ServiceContext, date: string, bearer: Bearer): Promise<OwnStanding> =>
  withAttempt(ctx, date, bearer, (attempt, caller) => attempt.standing(caller));

/** Starts today's attempt, or resumes it (one per player per day, never restarted). */
export async function startAttempt(
  ctx: ServiceContext,
  date: string,
  bearer: Bearer,
  addressHash: string,
): Promise<AttemptView> {
  requireOpen(date, ctx.now);
  const course = await ensureCourse(ctx, date);
  const input = {
    date,
    rules: RULES_NAME,
    decks: course.holes.map((h) => h.deck),
    addressHash,
    now: ctx.now.getTime(),
  };
  return withAttempt(ctx, date, bearer, (attempt, caller) => attempt.start(caller, input));
}

/**
 * The player's attempt on any day that has one. A finished attempt of a closed day comes from the ledger (closed
 * days never need the objects); anything else from its object.
 */
export async function getAttempt(ctx: ServiceContext, date: string, bearer: Bearer): Promise<AttemptView> {
  if (courseDay(date, ctx.now) === 'closed') {
    const playerId = await playerOf(ctx, bearer);
    const row = await ctx.ledger.rounds.attempt(date, playerId);
    const logs = row?.finished ? await roundLogs(ctx, date, playerId) : null;
    if (row?.finished && logs) return viewOfFinished(await ensureCourse(ctx, date), row, logs);
  }
  return withAttempt(ctx, date, bearer, (attempt, caller) => attempt.view(caller));
}

function viewOfFinished(course: Course, row: AttemptRecord, logs: readonly string[]): AttemptView {
  const finished = row.finished!;
  const holes: AttemptHoleView[] = course.holes.map((h, i) => ({
    hole: i + 1,
    log: logs[i]!,
    drawn: h.deal.stock.slice(0, countDraws(logs[i]!)).map(makeCard),
    strokes: finished.strokes[i]!,
  }));
  return { date: row.date, hole: null, finished: true, total: finished.total, holes };
}

/** A move on the open day's attempt, at the request's time. */
function onOpenDay<T>(
  ctx: ServiceContext,
  date: string,
  bearer: Bearer,
  call: (attempt: AttemptRpc, caller: Caller, now: number) => Promise<Outcome<T>>,
): Promise<T> {
  requireOpen(date, ctx.now);
  const now = ctx.now.getTime();
  return withAttempt(ctx, date, bearer, (attempt, caller) => call(attempt, caller, now));
}

/** One draw (fair-stock.ts `draw` says what is checked, in which order). */
export const draw = (ctx: ServiceContext, date: string, bearer: Bearer, hole: number, log: string) =>
  onOpenDay<DrawView>(ctx, date, bearer, (attempt, caller, now) => attempt.draw(caller, hole, log, now));

/** Finishes the hole being played (fair-stock.ts `finish`). */
export const finishHole = (ctx: ServiceContext, date: string, bearer: Bearer, hole: number, log: string) =>
  onOpenDay<HoleResultView>(ctx, date, bearer, (attempt, caller, now) =>
    attempt.finishHole(caller, hole, log, now),
  );

/**
 * The finished holes of a player's attempt: from the ledger (or the archive, services/archive.ts) once finished,
 * else from its object.
 */
export async function attemptRecord(
  ctx: ServiceContext,
  date: string,
  playerId: string,
): Promise<AttemptRecordView | null> {
  const row = await ctx.ledger.rounds.attempt(date, playerId);
  if (row === null) return null;
  const logs = row.finished ? await roundLogs(ctx, date, playerId) : null;
  if (row.finished && logs) {
    const f = row.finished;
    return {
      finished: true,
      total: f.total,
      holes: logs.slice(0, COURSE_HOLES).map((log, i) => ({ hole: i + 1, log, strokes: f.strokes[i]! })),
    };
  }
  return ctx.attempts(date, playerId).record();
}
