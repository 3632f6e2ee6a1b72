import { COURSE_HOLES, type TellingReason } from '@golf/engine';
import { ApiError } from '../errors.ts';
import type { DayAuditRecord, ReviewRecord } from '../ports/audit-queue.ts';
import type { ServiceContext } from './context.ts';
import { ensureCourse, RULES } from './course.ts';
import { courseDay } from './time.ts';

/**
 * The fair-play audit of a closed day (docs/fair-play.md). Every ranked round is audited once its day has closed,
 * hole by hole, in bounded slices that resume where they stopped: the scheduled job runs slices until the day is
 * done, and any request about a closed day whose audit is not done starts one after its response. Slices claim
 * rounds with a lease (top of the standings first), so several run side by side without doing the same work
 * twice, and a slice that dies only delays its rounds until the lease ends.
 */

/** Holes one slice audits: one round, a few seconds of CPU in Node (the audit calibration bench, docs/fair-play.md). */
export const SLICE_HOLES = COURSE_HOLES;
/** How long a slice holds the rounds it claimed. */
export const AUDIT_LEASE_MS = 120_000;

export interface AuditProgress {
  /** Finished rounds of the day. */
  readonly rounds: number;
  readonly audited: number;
  readonly flagged: number;
  /** True once every round is audited: the day's standings are then final. */
  readonly complete: boolean;
}

export const progressOf = (audit: DayAuditRecord | null): AuditProgress | null =>
  audit && {
    rounds: audit.rounds,
    audited: audit.audited,
    flagged: audit.flagged,
    complete: audit.finishedAt !== null,
  };

/**
 * Audits up to `holes` holes of the day's rounds (starting the day's audit if needed). Answers the progress
 * after the slice. Only closed days are audited.
 */
export async function auditSlice(
  ctx: ServiceContext,
  date: string,
  holes: number = SLICE_HOLES,
): Promise<AuditProgress> {
  if (courseDay(date, ctx.now) !== 'closed')
    throw new ApiError('ERR_FORBIDDEN', 'a day is audited once it has closed');
  const now = ctx.now.getTime();
  let day = (await ctx.ledger.audits.dayAudit(date)) ?? (await ctx.ledger.audits.startDayAudit(date, now));
  if (day.finishedAt !== null) return progressOf(day)!;
  const course = await ensureCourse(ctx, date);
  let budget = holes;
  while (budget > 0) {
    const claims = await ctx.ledger.audits.claimAuditRounds(
      date,
      now,
      AUDIT_LEASE_MS,
      Math.max(1, Math.ceil(budget / COURSE_HOLES)),
    );
    if (claims.length === 0) break;
    for (const claim of claims) {
      const done = JSON.parse(claim.holes) as unknown[];
      while (done.length < COURSE_HOLES && budget > 0) {
        const h = done.length;
        done.push(ctx.auditor.hole(course.holes[h]!.deal, RULES, claim.logs[h] ?? ''));
        budget--;
      }
      if (done.length < COURSE_HOLES) {
        await ctx.ledger.audits.saveAuditHoles(date, claim.playerId, JSON.stringify(done));
        break;
      }
      const verdict = ctx.auditor.verdict(done);
      await ctx.ledger.audits.finishAudit(
        date,
        claim.playerId,
        { ...verdict, holes: JSON.stringify(done) },
        now,
      );
    }
  }
  day = (await ctx.ledger.audits.dayAudit(date))!;
  return progressOf(day)!;
}

/** Dates whose audit this instance is already advancing after a response. */
const running = new Set<string>();

/**
 * Holes a request's slice audits: one. The slice runs after the response but in the same isolate, whose other
 * requests (today's draws among them) wait while it computes; one hole is a fraction of a second of CPU, a round
 * several seconds. The cron's slices take whole rounds.
 */
export const REQUEST_SLICE_HOLES = 1;

/** After the response, one slice of the day's audit, if the day is closed and its audit not done. */
export function advanceAudit(ctx: ServiceContext, date: string, progress: AuditProgress | null): void {
  if (progress?.complete || running.has(date) || courseDay(date, ctx.now) !== 'closed') return;
  running.add(date);
  ctx.defer(auditSlice(ctx, date, REQUEST_SLICE_HOLES).finally(() => running.delete(date)));
}

/**
 * The scheduled job's part: slices until the day's audit is done, `budget.slices` ran, or `budget.ms` of wall time
 * went by (the real clock, not `ctx.now`: a scheduled run has a CPU ceiling, and the audit's time is nearly all
 * CPU). A slice is never cut short: the budget is checked between slices.
 */
export async function auditDay(
  ctx: ServiceContext,
  date: string,
  budget: { readonly slices: number; readonly ms: number },
): Promise<AuditProgress> {
  const start = Date.now();
  let progress = await auditSlice(ctx, date);
  for (let i = 1; i < budget.slices && !progress.complete && Date.now() - start < budget.ms; i++)
    progress = await auditSlice(ctx, date);
  return progress;
}

export interface RoundAuditView {
  readonly date: string;
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  /** `pending` until this round's audit is done. */
  readonly status: 'pending' | 'done';
  /** Null while pending. */
  readonly verdict: {
    readonly flagged: boolean;
    /** The chance that an honest round shows at least this much evidence (an upper bound). */
    readonly pValue: number;
    readonly telling: number;
    readonly decisions: number;
  } | null;
  /**
   * The telling decisions of each audited hole, with their index in the hole's log and why: `reason`, the engine's
   * graded reason as data (audit version 4 on; the web words it), or `why`, plain words stored by an earlier version.
   */
  readonly holes: {
    readonly hole: number;
    readonly telling: TellingView[];
  }[];
  readonly day: AuditProgress | null;
}

/** A telling decision as the API shows it: `reason` (the engine's, as data) or, from an earlier audit version, `why`. */
export interface TellingView {
  readonly at: number;
  readonly move: string;
  readonly reason?: TellingReason;
  readonly why?: string;
}

interface StoredHole {
  readonly telling?: readonly TellingView[];
}

/** A round's audit, public once its day has closed (with its replay, `…/replays/{playerId}`). */
export async function roundAuditView(
  ctx: ServiceContext,
  date: string,
  playerId: string,
): Promise<RoundAuditView> {
  if (courseDay(date, ctx.now) === 'open')
    throw new ApiError('ERR_FORBIDDEN', 'rounds are audited once the day closes');
  const [player, row, audit, day] = await Promise.all([
    ctx.ledger.players.playerById(playerId),
    ctx.ledger.rounds.attempt(date, playerId),
    ctx.ledger.audits.roundAudit(date, playerId),
    ctx.ledger.audits.dayAudit(date),
  ]);
  if (!player || !row?.finished)
    throw new ApiError('ERR_NOT_FOUND', `no finished round by player ${playerId} on ${date}`);
  const holes = (JSON.parse(audit?.holes ?? '[]') as StoredHole[]).map((h, i) => ({
    hole: i + 1,
    telling: (h.telling ?? []).map((t) =>
      t.reason !== undefined
        ? { at: t.at, move: t.move, reason: t.reason }
        : { at: t.at, move: t.move, why: t.why ?? '' },
    ),
  }));
  return {
    date,
    playerId,
    name: player.name,
    total: row.finished.total,
    status: audit?.status ?? 'pending',
    verdict: audit?.verdict ?? null,
    holes,
    day: progressOf(day),
  };
}

export interface UnderReviewView {
  readonly date: string;
  readonly audit: AuditProgress | null;
  /** Flagged rounds, lowest p-value first: verified scores, out of the ranking. */
  readonly rounds: readonly ReviewRecord[];
}

/** The day's rounds under review. */
export async function underReviewView(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
): Promise<UnderReviewView> {
  if (courseDay(date, ctx.now) === 'open') return { date, audit: null, rounds: [] };
  const [day, rounds] = await Promise.all([
    ctx.ledger.audits.dayAudit(date),
    ctx.ledger.audits.underReview(date, limit, offset),
  ]);
  return { date, audit: progressOf(day), rounds: rounds.map((r) => ({ ...r })) };
}
