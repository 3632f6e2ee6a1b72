import type {
  JoinOutcome,
  LeagueDayRecord,
  LeagueInfo,
  LeagueLimits,
  LeagueRecord,
  LeagueStore,
  SeasonRecord,
} from '../../ports/leagues.ts';
import type { ShownName } from '../../ports/players.ts';
import { renameStatements } from './moderation.ts';
import {
  leagueNameColumns,
  playerNameColumns,
  shownLeagueName,
  shownPlayerName,
  type NameRow,
} from './names.ts';
import { D1Store, periodsBetween } from './statements.ts';

export class D1LeagueStore extends D1Store implements LeagueStore {
  async createLeague(league: LeagueRecord, maxLeagues: number): Promise<boolean> {
    const [created] = await this.sql.batch([
      this.sql.write(
        `INSERT INTO leagues (id, name, code, created_by, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT count(*) FROM league_members WHERE player_id = ?4) < ?6`,
        league.id,
        league.name,
        league.code,
        league.createdBy,
        league.createdAt,
        maxLeagues,
      ),
      this.sql.write(
        `INSERT INTO league_members (league_id, player_id, joined_at)
         SELECT id, created_by, created_at FROM leagues WHERE id = ?`,
        league.id,
      ),
    ]);
    return (created?.meta.changes ?? 0) > 0;
  }
  async joinLeague(
    code: string,
    playerId: string,
    joinedAt: number,
    limits: LeagueLimits,
  ): Promise<JoinOutcome> {
    // One statement: the limits are checked where the row is written, so concurrent joins cannot overshoot.
    const joined = await this.sql
      .write(
        `INSERT INTO league_members (league_id, player_id, joined_at)
       SELECT l.id, ?2, ?3 FROM leagues l WHERE l.code = ?1
         AND (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) < ?4
         AND (SELECT count(*) FROM league_members m WHERE m.player_id = ?2) < ?5
       ON CONFLICT DO NOTHING`,
        code,
        playerId,
        joinedAt,
        limits.maxMembers,
        limits.maxLeagues,
      )
      .run();
    const row = await this.sql
      .read(
        `SELECT l.id, ${leagueNameColumns('l')}, l.code, l.created_by, l.created_at,
         (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) AS members,
         EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.player_id = ?2) AS mine
       FROM leagues l WHERE l.code = ?1`,
        code,
        playerId,
      )
      .first<LeagueRow & { mine: number }>();
    if (!row) return { kind: 'not-found' };
    const league = toLeague(row);
    if (joined.meta.changes > 0) return { kind: 'joined', league };
    if (row.mine === 1) return { kind: 'member', league };
    return { kind: row.members >= limits.maxMembers ? 'full' : 'too-many' };
  }
  async leaveLeague(leagueId: string, playerId: string): Promise<boolean> {
    // RETURNING counts this row only (`changes` may include the trigger's delete of an emptied league).
    const row = await this.sql
      .write(
        'DELETE FROM league_members WHERE league_id = ? AND player_id = ? RETURNING player_id',
        leagueId,
        playerId,
      )
      .first<{ player_id: string }>();
    return row !== null;
  }
  async league(id: string): Promise<LeagueInfo | null> {
    const row = await this.sql
      .read(
        `SELECT l.*, (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) AS members
       FROM leagues l WHERE l.id = ?`,
        id,
      )
      .first<LeagueRow>();
    return row && toLeague(row);
  }
  async renameLeague(id: string, name: string, by: string, now: number): Promise<boolean> {
    const [, , renamed] = await this.sql.batch(renameStatements(this.sql, 'league', id, name, by, now));
    return (renamed?.results.length ?? 0) > 0;
  }
  async isMember(leagueId: string, playerId: string): Promise<boolean> {
    const row = await this.sql
      .read('SELECT 1 AS yes FROM league_members WHERE league_id = ? AND player_id = ?', leagueId, playerId)
      .first<{ yes: number }>();
    return row !== null;
  }
  async leaguesOf(playerId: string): Promise<(LeagueInfo & { joinedAt: number })[]> {
    const rows = await this.sql
      .read(
        `SELECT l.*, m.joined_at,
         (SELECT count(*) FROM league_members o WHERE o.league_id = l.id) AS members
       FROM league_members m JOIN leagues l ON l.id = m.league_id
       WHERE m.player_id = ? ORDER BY m.joined_at, l.id`,
        playerId,
      )
      .all<LeagueRow & { joined_at: number }>();
    return rows.results.map((r) => ({ ...toLeague(r), joinedAt: r.joined_at }));
  }
  async leagueDay(leagueId: string, date: string): Promise<LeagueDayRecord[]> {
    // The members from `DB`, their rounds of the day from the day's database.
    const members = await this.#members(leagueId);
    const rows = await this.day(date)
      .read(
        `SELECT player_id, finished_at, total, strokes, review FROM attempts
         WHERE date = ? AND player_id IN (SELECT value FROM json_each(?))`,
        date,
        JSON.stringify([...members.keys()]),
      )
      .all<{
        player_id: string;
        finished_at: number | null;
        total: number | null;
        strokes: string | null;
        review: number;
      }>();
    const order = (r: (typeof rows.results)[number]): [number, number, number, string] => [
      r.finished_at === null ? 1 : 0,
      r.total ?? 0,
      r.finished_at ?? 0,
      r.player_id,
    ];
    return rows.results
      .sort((x, y) => compareKeys(order(x), order(y)))
      .map((r) => ({
        playerId: r.player_id,
        ...members.get(r.player_id)!,
        finished:
          r.finished_at === null
            ? null
            : {
                total: r.total ?? 0,
                strokes: JSON.parse(r.strokes ?? '[]') as number[],
                finishedAt: r.finished_at,
              },
        review: r.review === 1,
      }));
  }
  async leagueSeason(leagueId: string, from: string, to: string, best: number): Promise<SeasonRecord[]> {
    // The members from `DB`; their ranked rounds of the season from each period's database that holds some of it
    // (by primary key, player then date), in parallel; each member's `best` lowest totals, earliest first on a tie.
    const members = await this.#members(leagueId);
    const ids = JSON.stringify([...members.keys()]);
    const pages = await Promise.all(
      periodsBetween(this.periods, from, to).map(({ db }) =>
        db
          .read(
            `SELECT player_id, date, total FROM attempts
             WHERE player_id IN (SELECT value FROM json_each(?)) AND date BETWEEN ? AND ?
               AND finished_at IS NOT NULL AND review = 0`,
            ids,
            from,
            to,
          )
          .all<{ player_id: string; date: string; total: number }>(),
      ),
    );
    const rounds = new Map<string, { date: string; total: number }[]>();
    for (const r of pages.flatMap((p) => p.results)) {
      const list = rounds.get(r.player_id) ?? [];
      list.push({ date: r.date, total: r.total });
      rounds.set(r.player_id, list);
    }
    return [...rounds.entries()]
      .sort(([a], [b]) => compareKeys([a], [b]))
      .map(([playerId, list]) => {
        const counted = list.sort((x, y) => compareKeys([x.total, x.date], [y.total, y.date])).slice(0, best);
        return {
          playerId,
          ...members.get(playerId)!,
          rounds: list.length,
          counted: counted.length,
          total: counted.reduce((sum, r) => sum + r.total, 0),
        };
      });
  }
  /** A league's members and their names as shown. */
  async #members(leagueId: string): Promise<Map<string, ShownName>> {
    const rows = await this.sql
      .read(
        `SELECT m.player_id, ${playerNameColumns('p')} FROM league_members m JOIN players p ON p.id = m.player_id
         WHERE m.league_id = ?`,
        leagueId,
      )
      .all<NameRow & { player_id: string }>();
    return new Map(rows.results.map((r) => [r.player_id, shownPlayerName(r.player_id, r)]));
  }
}

/** Compares two keys field by field as SQLite orders them (numbers by value, text by its bytes). */
function compareKeys(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

interface LeagueRow extends NameRow {
  id: string;
  code: string;
  created_by: string;
  created_at: number;
  members: number;
}

const toLeague = (r: LeagueRow): LeagueInfo => ({
  id: r.id,
  ...shownLeagueName(r.id, r),
  code: r.code,
  createdBy: r.created_by,
  createdAt: r.created_at,
  members: r.members,
});
