/**
 * What the API shows of the fair-play audit of a closed day (docs/fair-play.md): the day's progress, a round's
 * verdict with its telling decisions, the rounds under review. The audit itself runs on the queue
 * (services/audit-queue.ts); a day's verdicts are read from the ledger, or from the archive once it has moved there.
 */
import type { TellingReason } from '@golf/engine';
import { ApiError } from '../errors.ts';
import type { DayAuditRecord, ReviewRecord } from '../ports/audit-ledger.ts';
import { archivedRound } from './archive.ts';
import type { ServiceContext } from './context.ts';
import { courseDay } from './time.ts';

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
  const [player, row, stored, day] = await Promise.all([
    ctx.ledger.players.playerById(playerId),
    ctx.ledger.rounds.attempt(date, playerId),
    ctx.ledger.audits.roundAudit(date, playerId),
    ctx.ledger.audits.dayAudit(date),
  ]);
  if (!player || !row?.finished)
    throw new ApiError('ERR_NOT_FOUND', `no finished round by player ${playerId} on ${date}`);
  // The verdict from the ledger; its holes (and the whole verdict of a clean round) from the archive once moved.
  const archived =
    stored?.holes == null ? ((await archivedRound(ctx, date, playerId))?.verdict ?? null) : null;
  const verdict = stored ?? archived;
  const storedHoles: StoredHole[] =
    stored?.holes != null ? JSON.parse(stored.holes) : (archived?.holes ?? []);
  const holes = storedHoles.map((h, i) => ({
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
    status: verdict ? 'done' : 'pending',
    verdict: verdict && {
      flagged: verdict.flagged,
      pValue: verdict.pValue,
      telling: verdict.telling,
      decisions: verdict.decisions,
    },
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
