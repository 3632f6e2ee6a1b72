import { dayState } from '@golf/contract';
import type { OwnRound } from '../attempt-object/session.ts';
import {
  AUDITING_MAX_AGE,
  cached,
  IMMUTABLE_MAX_AGE,
  NAME_MAX_AGE,
  OPEN_STANDINGS_MAX_AGE,
} from '../ports/edge-cache.ts';
import type { ShownName } from '../ports/players.ts';
import type { Ledger } from '../ports/ledger.ts';
import { isNewer } from '../ports/ledger-session.ts';
import { ownStanding } from './attempt.ts';
import { progressOf } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { playerOf, type Bearer } from './players.ts';
import { finishersAhead, finishersIn, percentileOf, ranked, sameTotal } from './ranking.ts';
import { courseDay } from './time.ts';
import type { StandingEntry, StandingsView } from '../views.ts';

export type { StandingEntry, StandingsView };

/**
 * The public standings: total ascending, equal totals share a rank (1, 2, 2, 4), ties in finish order. A rank is
 * one more than the number of ranked finishers with a lower total. Nobody's per-hole strokes while the day is
 * open ({@link personalize} adds the caller's own). The same for every caller, so it is kept at the edge
 * ({@link sharedStandings}). Read from `ledger` (the primary unless a session is given).
 */
export async function standings(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
  ledger: Ledger = ctx.ledger,
): Promise<StandingsView> {
  const closed = courseDay(date, ctx.now) === 'closed';
  const { counts, audit, before, rows } = await ledger.rounds.standingsPage(date, offset, limit);
  const players = finishersIn(counts.distribution);
  const entries: StandingEntry[] = ranked(rows, sameTotal, offset, before + 1).map(({ rank, row: e }) => ({
    rank,
    playerId: e.playerId,
    name: e.name,
    standIn: e.standIn,
    total: e.total,
    holesFinished: e.strokes.length,
    holes: closed ? e.strokes : null,
    finishedAt: new Date(e.finishedAt).toISOString(),
  }));
  return {
    date,
    closed,
    players,
    playing: Math.max(0, counts.started - players - counts.review),
    underReview: counts.review,
    audit: progressOf(audit),
    entries,
    distribution: counts.distribution.map((d) => ({ total: d.total, count: d.count })),
    me: null,
  };
}

/**
 * How long a view may be kept: the open day's a few seconds; a closed day's until its fair-play audit is done (a
 * flagged round leaves the ranking), then for good.
 */
export const standingsMaxAge = (view: StandingsView): number =>
  !view.closed ? OPEN_STANDINGS_MAX_AGE : view.audit?.complete ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE;

/** Rows per block of the shared standings: every page is cut from one or two blocks (docs/api.md, "Caching"). */
export const STANDINGS_BLOCK = 100;

/** Public standings as kept at the edge, and the bookmark of the ledger state they were read at (null: unknown). */
export interface SharedStandings {
  readonly view: StandingsView;
  readonly asOf: string | null;
  /**
   * When the names laid over rows kept for good were read (milliseconds since the epoch), or null when the names
   * were read with the rows (and are kept no longer than they are).
   */
  readonly namesReadAt: number | null;
}

/** A final day's names of one block, kept {@link NAME_MAX_AGE} seconds at the edge. */
interface BlockNames {
  readonly readAt: number;
  readonly names: readonly (readonly [string, ShownName])[];
}

const oldest = (a: string | null, b: string | null): string | null =>
  a === null || b === null ? null : isNewer(a, b) ? b : a;

/** Rows `[100k, 100k + 100)`, kept at the edge under the day and `k` alone; a miss reads a read replica. */
function rowsOf(ctx: ServiceContext, date: string, k: number): Promise<Omit<SharedStandings, 'namesReadAt'>> {
  return cached(
    ctx.cache,
    ctx.defer,
    `standings/${date}/block/${k}`,
    async () => {
      const session = ctx.session('any', date);
      const view = await standings(ctx, date, STANDINGS_BLOCK, k * STANDINGS_BLOCK, session.ledger);
      return { view, asOf: session.bookmark() };
    },
    ({ view }) => standingsMaxAge(view),
  );
}

/**
 * Block `k` with its names as shown. A final day's rows are kept for a year, but not its names: those are read
 * apart, by id, and kept {@link NAME_MAX_AGE} seconds under a key of their own, so a name hidden, restored or
 * renamed shows within that time (one read of at most 100 names per block, data center and minute, instead of the
 * block's own statements; docs/api.md, "Caching"). On a closed day both keys are looked up at once; an open day's
 * blocks (kept seconds) carry the names read with their rows.
 */
async function block(ctx: ServiceContext, date: string, k: number): Promise<SharedStandings> {
  const key = `standings/${date}/names/${k}`;
  const [rows, kept] = await Promise.all([
    rowsOf(ctx, date, k),
    dayState(date, ctx.now) === 'closed' ? ctx.cache.get<BlockNames>(key) : undefined,
  ]);
  if (standingsMaxAge(rows.view) <= NAME_MAX_AGE) return { ...rows, namesReadAt: null };
  let names = kept;
  if (names === undefined) {
    const shown = await ctx
      .session('any', date)
      .ledger.players.shownNames(rows.view.entries.map((e) => e.playerId));
    names = { readAt: ctx.now.getTime(), names: [...shown] };
    ctx.defer(ctx.cache.put(key, names, NAME_MAX_AGE));
  }
  const byId = new Map(names.names);
  const entries = rows.view.entries.map((e) => ({ ...e, ...byId.get(e.playerId) }));
  return { view: { ...rows.view, entries }, asOf: rows.asOf, namesReadAt: names.readAt };
}

/**
 * The `max-age` of a public standings answer: its rows' ({@link standingsMaxAge}), but never past the minute its
 * names were read for (so a client's copy and the edge's together keep a name at most {@link NAME_MAX_AGE} s).
 */
export function sharedMaxAge(shared: SharedStandings, now: Date): number {
  const rows = standingsMaxAge(shared.view);
  if (shared.namesReadAt === null) return rows;
  const age = Math.floor((now.getTime() - shared.namesReadAt) / 1000);
  return Math.max(0, Math.min(rows, NAME_MAX_AGE - age));
}

const oldestRead = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

/**
 * The public page of rows `[offset, offset + limit)`, cut from the day's blocks: whatever the query, the edge keeps
 * at most one block per 100 ranked finishers (block 0 for an empty day), so a crowd of any size, or anyone
 * walking through limits and offsets, makes at most that many reads per cache lifetime and data center. A page
 * past the last finisher reads no block but the first. Two blocks read apart can be a few seconds apart: a row
 * is never listed twice.
 */
export async function sharedStandings(
  ctx: ServiceContext,
  date: string,
  limit: number,
  offset: number,
): Promise<SharedStandings> {
  const k = Math.floor(offset / STANDINGS_BLOCK);
  // The first block gives the day's counts; its rows (and so its names) only to a page that starts in it.
  let head: SharedStandings;
  let players: number;
  if (k === 0) {
    head = await block(ctx, date, 0);
    players = head.view.players;
  } else {
    const first = await rowsOf(ctx, date, 0);
    if (offset >= first.view.players)
      return { view: { ...first.view, entries: [] }, asOf: first.asOf, namesReadAt: null };
    head = await block(ctx, date, k);
    players = first.view.players;
  }
  const next = (k + 1) * STANDINGS_BLOCK;
  const tail = offset + limit > next && next < players ? await block(ctx, date, k + 1) : null;
  const seen = new Set<string>();
  const rows = [...head.view.entries, ...(tail?.view.entries ?? [])].filter(
    (e) => !seen.has(e.playerId) && seen.add(e.playerId),
  );
  const from = offset - k * STANDINGS_BLOCK;
  return {
    view: { ...head.view, entries: rows.slice(from, from + limit) },
    asOf: tail === null ? head.asOf : oldest(head.asOf, tail.asOf),
    namesReadAt: oldestRead(head.namesReadAt, tail?.namesReadAt ?? null),
  };
}

/** The caller's round and where to read a page that holds it (see {@link callerStanding}). */
export interface CallerStanding {
  readonly playerId: string;
  /** Their ranked round, null when they have none (not finished, or under review). */
  readonly round: OwnRound | null;
  /** A ledger state known to hold the round, or null when not known. */
  readonly bookmark: string | null;
  /** The ledger as of a state that holds the round. */
  readonly ledger: () => Ledger;
}

/**
 * Who `bearer` is and their own round. While the day is open their attempt object answers (it checks the token,
 * and knows the bookmark of the write that put its finished row in the ledger), so a look at the standings costs
 * the primary nothing; otherwise the token and the round are read from the primary, as every token is.
 */
export async function callerStanding(
  ctx: ServiceContext,
  date: string,
  bearer: Bearer,
): Promise<CallerStanding> {
  if (dayState(date, ctx.now) === 'open') {
    const own = await ownStanding(ctx, date, bearer);
    const from = own.bookmark === null ? ('primary' as const) : { bookmark: own.bookmark };
    return { ...own, ledger: () => ctx.session(from, date).ledger };
  }
  const playerId = await playerOf(ctx, bearer);
  const session = ctx.session('primary', date);
  const row = await session.ledger.rounds.attempt(date, playerId);
  const round = row?.finished && !row.review ? row.finished : null;
  return { playerId, round, bookmark: null, ledger: () => session.ledger };
}

/**
 * The standings as the caller sees them: their own place (`me`: rank, total, percentile, strokes) and their own
 * per-hole strokes in their entry. Read your own write: the page is read afresh, in a state that holds the
 * caller's round, when the shared answer may predate it: the caller finished less than the shared answer's
 * {@link OPEN_STANDINGS_MAX_AGE} seconds ago, or the bookmark of their finish is newer than the shared answer's
 * (a replica's lag can be longer). This costs one read per finisher for a few seconds, however often anyone looks.
 * `percentile` is the share of ranked finishers whose total is the same or worse, in whole percent (the leader
 * has 100).
 */
export async function personalize(
  ctx: ServiceContext,
  shared: SharedStandings,
  caller: CallerStanding,
  page: { readonly limit: number; readonly offset: number },
): Promise<StandingsView> {
  if (caller.round === null) return shared.view;
  const { total, strokes, finishedAt } = caller.round;
  const recent = ctx.now.getTime() - finishedAt < OPEN_STANDINGS_MAX_AGE * 1000;
  const behind = caller.bookmark !== null && (shared.asOf === null || isNewer(caller.bookmark, shared.asOf));
  const view =
    recent || behind
      ? await standings(ctx, shared.view.date, page.limit, page.offset, caller.ledger())
      : shared.view;
  const ahead = finishersAhead(view.distribution, total);
  return {
    ...view,
    entries: view.entries.map((e) => (e.playerId === caller.playerId ? { ...e, holes: strokes } : e)),
    me: {
      rank: ahead + 1,
      total,
      percentile: percentileOf(view.players, ahead),
      holes: strokes,
    },
  };
}
