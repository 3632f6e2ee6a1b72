import type { ShownName } from './players.ts';

/** Leagues of friends: membership within limits, a league's day and its seasons. Times are milliseconds since the epoch. */
export interface LeagueStore {
  /**
   * Creates a league and makes its creator a member, in one transaction, unless the creator is already in
   * `maxLeagues` leagues (then false, and nothing is written).
   */
  createLeague(league: LeagueRecord, maxLeagues: number): Promise<boolean>;
  /** Joins the league whose invite code is `code`, within both limits, in one conditional write. */
  joinLeague(code: string, playerId: string, joinedAt: number, limits: LeagueLimits): Promise<JoinOutcome>;
  /** Leaves a league; false when the player was not in it. The last member out deletes the league. */
  leaveLeague(leagueId: string, playerId: string): Promise<boolean>;
  league(id: string): Promise<LeagueInfo | null>;
  /**
   * Renames a league and clears a hidden name, as a player's rename does (ports/players.ts): false, and
   * nothing changes, when the name is hidden and `name` is that same name.
   */
  renameLeague(id: string, name: string, by: string, now: number): Promise<boolean>;
  isMember(leagueId: string, playerId: string): Promise<boolean>;
  /** The player's leagues, in the order joined. */
  leaguesOf(playerId: string): Promise<(LeagueInfo & { readonly joinedAt: number })[]>;
  /** The members' attempts on a date (started, finished or under review), in standings order. */
  leagueDay(leagueId: string, date: string): Promise<LeagueDayRecord[]>;
  /**
   * Per member with at least one ranked round from `from` to `to` (inclusive): ranked rounds played, how many of
   * the best count (at most `best`), and the sum of the `best` lowest totals.
   */
  leagueSeason(leagueId: string, from: string, to: string, best: number): Promise<SeasonRecord[]>;
}

export interface LeagueRecord {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly createdBy: string;
  readonly createdAt: number;
}

/** A league as read: its name as shown (a stand-in while hidden). */
export interface LeagueInfo extends LeagueRecord, ShownName {
  readonly members: number;
}

export interface LeagueLimits {
  readonly maxLeagues: number;
  readonly maxMembers: number;
}

export type JoinOutcome =
  | { readonly kind: 'joined' | 'member'; readonly league: LeagueRecord & ShownName }
  | { readonly kind: 'not-found' | 'full' | 'too-many' };

export interface LeagueDayRecord extends ShownName {
  readonly playerId: string;
  /** Null while the attempt is being played. */
  readonly finished: {
    readonly total: number;
    readonly strokes: readonly number[];
    readonly finishedAt: number;
  } | null;
  readonly review: boolean;
}

export interface SeasonRecord extends ShownName {
  readonly playerId: string;
  /** Ranked rounds in the period. */
  readonly rounds: number;
  /** Rounds counted: min(rounds, best). */
  readonly counted: number;
  /** Sum of the counted (lowest) totals. */
  readonly total: number;
}
