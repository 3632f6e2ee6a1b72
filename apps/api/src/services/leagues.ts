/**
 * Leagues of friends: their own daily standings (the global rules, among members only) and season tables.
 * Everything but creating and joining is for members only.
 */
import { addDays, utcDate, type NameStandIn } from '@golf/contract';
import { ApiError } from '../errors.ts';
import type { LeagueDayRecord, LeagueInfo, SeasonRecord } from '../ports/leagues.ts';
import type { ServiceContext } from './context.ts';
import { randomText } from '../crypto.ts';
import { CODE_ALPHABET } from './devices.ts';
import { checkNameAllowed, sameHiddenName } from './names.ts';
import { progressOf } from './audit.ts';
import { distributionOf, percentileOf, ranked, sameTotal } from './ranking.ts';
import type { StandingEntry, StandingsView } from './standings.ts';
import { courseDay } from './time.ts';
import type { LeagueView, MyLeague, SeasonEntry, SeasonPeriod, SeasonView } from '../views.ts';

export type { LeagueView, MyLeague, SeasonEntry, SeasonPeriod, SeasonView };

export const MAX_LEAGUES_PER_PLAYER = 20;
export const MAX_LEAGUE_MEMBERS = 1000;
/** Invite codes: 10 characters of the transfer-code alphabet (50 bits), shared in invite links. */
export const INVITE_LENGTH = 10;

/** Season tables: the sum of a member's best (lowest) N ranked rounds in the period. */
export const SEASON_BEST = { week: 5, month: 20 } as const;

/** An invite code as typed or pasted: case, spaces and dashes do not matter. Null when it cannot be one. */
export function normalizeInvite(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== INVITE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

const view = (league: LeagueInfo): LeagueView => ({
  id: league.id,
  name: league.name,
  standIn: league.standIn,
  code: league.code,
  createdBy: league.createdBy,
  members: league.members,
  createdAt: new Date(league.createdAt).toISOString(),
});

export async function createLeague(
  ctx: ServiceContext,
  playerId: string,
  name: string,
): Promise<{ id: string; name: string; standIn: null; code: string }> {
  checkNameAllowed(name);
  const league = {
    id: crypto.randomUUID(),
    name,
    code: randomText(CODE_ALPHABET, INVITE_LENGTH),
    createdBy: playerId,
    createdAt: ctx.now.getTime(),
  };
  if (!(await ctx.ledger.leagues.createLeague(league, MAX_LEAGUES_PER_PLAYER))) throw tooMany();
  return { id: league.id, name: league.name, standIn: null, code: league.code };
}

const tooMany = () =>
  new ApiError(
    'ERR_TOO_MANY_LEAGUES',
    `a player is in at most ${MAX_LEAGUES_PER_PLAYER} leagues; leave one first`,
  );

/** Joins by invite code; joining a league you are in changes nothing and answers the same. */
export async function joinLeague(
  ctx: ServiceContext,
  playerId: string,
  raw: string,
): Promise<{ id: string; name: string; standIn: NameStandIn }> {
  const code = normalizeInvite(raw);
  const outcome =
    code === null
      ? ({ kind: 'not-found' } as const)
      : await ctx.ledger.leagues.joinLeague(code, playerId, ctx.now.getTime(), {
          maxLeagues: MAX_LEAGUES_PER_PLAYER,
          maxMembers: MAX_LEAGUE_MEMBERS,
        });
  switch (outcome.kind) {
    case 'joined':
    case 'member':
      return { id: outcome.league.id, name: outcome.league.name, standIn: outcome.league.standIn };
    case 'not-found':
      throw new ApiError('ERR_NOT_FOUND', 'no league has this invite code');
    case 'full':
      throw new ApiError('ERR_LEAGUE_FULL', `a league holds at most ${MAX_LEAGUE_MEMBERS} members`);
    case 'too-many':
      throw tooMany();
  }
}

export async function leaveLeague(
  ctx: ServiceContext,
  playerId: string,
  leagueId: string,
): Promise<{ id: string; left: true }> {
  if (!(await ctx.ledger.leagues.leaveLeague(leagueId, playerId)))
    throw new ApiError('ERR_NOT_FOUND', 'you are not in this league');
  return { id: leagueId, left: true };
}

export async function myLeagues(ctx: ServiceContext, playerId: string): Promise<{ leagues: MyLeague[] }> {
  const leagues = await ctx.ledger.leagues.leaguesOf(playerId);
  return { leagues: leagues.map((l) => ({ ...view(l), joinedAt: new Date(l.joinedAt).toISOString() })) };
}

/** The league, if the player is in it: ERR_NOT_FOUND for no such league, ERR_FORBIDDEN for a non-member. */
export async function memberLeague(
  ctx: ServiceContext,
  playerId: string,
  leagueId: string,
): Promise<LeagueView> {
  const [league, member] = await Promise.all([
    ctx.ledger.leagues.league(leagueId),
    ctx.ledger.leagues.isMember(leagueId, playerId),
  ]);
  if (!league) throw new ApiError('ERR_NOT_FOUND', 'no such league');
  if (!member) throw new ApiError('ERR_FORBIDDEN', 'only members see a league');
  return view(league);
}

/**
 * Renames a league: its creator only, while a member (ERR_FORBIDDEN otherwise). The name is checked as a new
 * league's is; a new name clears a hidden one, the hidden name itself again is ERR_NAME_HIDDEN.
 */
export async function renameLeague(
  ctx: ServiceContext,
  playerId: string,
  leagueId: string,
  name: string,
): Promise<LeagueView> {
  const league = await memberLeague(ctx, playerId, leagueId);
  if (league.createdBy !== playerId)
    throw new ApiError('ERR_FORBIDDEN', "only the league's creator may rename it");
  checkNameAllowed(name);
  if (!(await ctx.ledger.leagues.renameLeague(leagueId, name, playerId, ctx.now.getTime())))
    throw sameHiddenName();
  return { ...league, name, standIn: null };
}

/**
 * The day's standings among the league's members, in the shape and with the rules of the global standings:
 * ranked finishers only (rounds under review are counted apart), total ascending, equal totals share a rank,
 * earlier finish first within a tie; per-hole strokes of others hidden while the day is open; a closed day's
 * audit progress (the whole day's: the audit ranks nobody, it only takes rounds out).
 */
export async function leagueStandings(
  ctx: ServiceContext,
  playerId: string,
  leagueId: string,
  date: string,
  limit: number,
  offset: number,
): Promise<StandingsView> {
  await memberLeague(ctx, playerId, leagueId);
  const closed = courseDay(date, ctx.now) === 'closed';
  const [rows, audit] = await Promise.all([
    ctx.ledger.leagues.leagueDay(leagueId, date),
    closed ? ctx.ledger.audits.dayAudit(date) : Promise.resolve(null),
  ]);
  return { ...dayStandings(date, closed, rows, playerId, limit, offset), audit: progressOf(audit) };
}

/** Standings of a set of attempts (in standings order) for one viewer. Pure. */
export function dayStandings(
  date: string,
  closed: boolean,
  rows: readonly LeagueDayRecord[],
  viewerId: string,
  limit: number,
  offset: number,
): Omit<StandingsView, 'audit'> {
  const finishers = rows.filter((r) => r.finished !== null && !r.review);
  const all: StandingEntry[] = ranked(
    finishers.map((r) => ({ ...r, ...r.finished! })),
    sameTotal,
  ).map(({ rank, row: r }) => ({
    rank,
    playerId: r.playerId,
    name: r.name,
    standIn: r.standIn,
    total: r.total,
    holesFinished: r.strokes.length,
    holes: closed || r.playerId === viewerId ? r.strokes : null,
    finishedAt: new Date(r.finishedAt).toISOString(),
  }));
  const mine = all.find((e) => e.playerId === viewerId);
  return {
    date,
    closed,
    players: finishers.length,
    playing: rows.filter((r) => r.finished === null).length,
    underReview: rows.filter((r) => r.finished !== null && r.review).length,
    entries: all.slice(offset, offset + limit),
    distribution: distributionOf(finishers.map((r) => r.finished!.total)),
    me: mine
      ? {
          rank: mine.rank,
          total: mine.total,
          percentile: percentileOf(finishers.length, mine.rank - 1),
          holes: mine.holes ?? [],
        }
      : null,
  };
}

/** The period of `date`: its ISO week (Monday to Sunday) or its calendar month, UTC. */
export function periodOf(period: SeasonPeriod, date: string): { from: string; to: string } {
  if (period === 'week') {
    const weekday = (new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    const from = addDays(date, -weekday);
    return { from, to: addDays(from, 6) };
  }
  const from = `${date.slice(0, 7)}-01`;
  const next = new Date(`${from}T00:00:00.000Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(utcDate(next), -1) };
}

/**
 * Season order: more counted rounds first (up to `best`, so playing enough days matters), then the lower sum;
 * equal (counted, sum) share a rank; ties listed by name. Pure.
 */
export function rankSeason(records: readonly SeasonRecord[]): SeasonEntry[] {
  const sorted = [...records].sort(
    (a, b) =>
      b.counted - a.counted ||
      a.total - b.total ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.playerId < b.playerId ? -1 : 1),
  );
  return ranked(sorted, (a, b) => a.counted === b.counted && a.total === b.total).map(({ rank, row: r }) => ({
    rank,
    playerId: r.playerId,
    name: r.name,
    standIn: r.standIn,
    total: r.total,
    counted: r.counted,
    rounds: r.rounds,
  }));
}

export async function leagueSeason(
  ctx: ServiceContext,
  playerId: string,
  leagueId: string,
  period: SeasonPeriod,
  date: string,
  limit: number,
  offset: number,
): Promise<SeasonView> {
  await memberLeague(ctx, playerId, leagueId);
  courseDay(date, ctx.now);
  const { from, to } = periodOf(period, date);
  const best = SEASON_BEST[period];
  const entries = rankSeason(await ctx.ledger.leagues.leagueSeason(leagueId, from, to, best));
  return {
    leagueId,
    period,
    from,
    to,
    best,
    players: entries.length,
    entries: entries.slice(offset, offset + limit),
    me: entries.find((e) => e.playerId === playerId) ?? null,
  };
}
