import type {
  JoinOutcome,
  LeagueDayRecord,
  LeagueInfo,
  LeagueLimits,
  LeagueRecord,
  LeagueStore,
  SeasonRecord,
} from '../../ports/leagues.ts';
import { D1Store } from './statements.ts';

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
        `SELECT l.id, l.name, l.code, l.created_by, l.created_at,
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
    const rows = await this.sql
      .read(
        `SELECT a.player_id, p.name, a.finished_at, a.total, a.strokes, a.review
       FROM league_members m
       JOIN attempts a ON a.date = ? AND a.player_id = m.player_id
       JOIN players p ON p.id = m.player_id
       WHERE m.league_id = ?
       ORDER BY a.finished_at IS NULL, a.total, a.finished_at, a.player_id`,
        date,
        leagueId,
      )
      .all<{
        player_id: string;
        name: string;
        finished_at: number | null;
        total: number | null;
        strokes: string | null;
        review: number;
      }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
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
    const rows = await this.sql
      .read(
        `SELECT player_id, name, max(rounds) AS rounds, count(*) AS counted, sum(total) AS total FROM (
         SELECT a.player_id, p.name, a.total,
           row_number() OVER (PARTITION BY a.player_id ORDER BY a.total, a.date) AS n,
           count(*) OVER (PARTITION BY a.player_id) AS rounds
         FROM league_members m
         JOIN attempts a ON a.player_id = m.player_id
         JOIN players p ON p.id = m.player_id
         WHERE m.league_id = ? AND a.date BETWEEN ? AND ? AND a.finished_at IS NOT NULL AND a.review = 0
       ) WHERE n <= ? GROUP BY player_id, name`,
        leagueId,
        from,
        to,
        best,
      )
      .all<{ player_id: string; name: string; rounds: number; counted: number; total: number }>();
    return rows.results.map((r) => ({
      playerId: r.player_id,
      name: r.name,
      rounds: r.rounds,
      counted: r.counted,
      total: r.total,
    }));
  }
}

interface LeagueRow {
  id: string;
  name: string;
  code: string;
  created_by: string;
  created_at: number;
  members: number;
}

const toLeague = (r: LeagueRow): LeagueInfo => ({
  id: r.id,
  name: r.name,
  code: r.code,
  createdBy: r.created_by,
  createdAt: r.created_at,
  members: r.members,
});
