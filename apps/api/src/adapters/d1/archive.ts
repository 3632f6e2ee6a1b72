import type { ArchivedRound, ArchiveLedger, PackRecord } from '../../ports/archive.ts';
import { D1Store } from './statements.ts';
import { decodeTimes } from './times.ts';

/** The ledger's side of the archive (ports/archive.ts): pages of evidence in player order, and the objects' index. */
export class D1ArchiveLedger extends D1Store implements ArchiveLedger {
  async archivePage(date: string, after: string | null, limit: number): Promise<ArchivedRound[]> {
    const rows = await this.day(date)
      .read(
        `SELECT e.player_id, e.started_at, e.logs, e.times,
           a.finished_at, a.total, a.strokes, a.review,
           v.flagged, v.p_value, v.telling, v.decisions, v.holes
         FROM round_evidence e
           LEFT JOIN attempts a ON a.player_id = e.player_id AND a.date = e.date
           LEFT JOIN audits v ON v.date = e.date AND v.player_id = e.player_id
         WHERE e.date = ?1 AND e.player_id > ?2
         ORDER BY e.player_id LIMIT ?3`,
        date,
        after ?? '',
        limit,
      )
      .all<EvidenceRow>();
    return rows.results.map(toArchived);
  }
  async startArchive(date: string, now: number): Promise<boolean> {
    const r = await this.day(date)
      .write(
        `UPDATE day_audits SET archive_at = ?2
         WHERE date = ?1 AND archive_at IS NULL AND finished_at IS NOT NULL AND archived_at IS NULL`,
        date,
        now,
      )
      .run();
    return r.meta.changes === 1;
  }
  async touchArchive(date: string, now: number): Promise<void> {
    await this.day(date).write('UPDATE day_audits SET archive_at = ? WHERE date = ?', now, date).run();
  }
  async commitPack(
    date: string,
    from: string | null,
    pack: PackRecord,
    rounds: readonly ArchivedRound[],
    now: number,
  ): Promise<boolean> {
    const sql = this.day(date);
    // One transaction: the cursor moves from `from` (or nothing happens), and only then, in the same batch, the
    // archived rows leave. A round finished after its evidence was read keeps its row (its logs are not archived).
    const moved = `EXISTS (SELECT 1 FROM day_audits WHERE date = ?1 AND archive_cursor = ?2 AND archive_at = ?3)`;
    const ids = (finished: boolean) =>
      JSON.stringify(rounds.filter((r) => (r.finished !== null) === finished).map((r) => r.playerId));
    const all = JSON.stringify(rounds.map((r) => r.playerId));
    const [cursor] = await sql.batch([
      sql.write(
        `UPDATE day_audits SET archive_cursor = ?3, archive_at = ?4
         WHERE date = ?1 AND archive_cursor IS ?2 AND archived_at IS NULL AND finished_at IS NOT NULL`,
        date,
        from,
        pack.last,
        now,
      ),
      sql.write(
        `INSERT OR IGNORE INTO archive_packs (date, first_player, last_player, rounds, bytes, addresses)
         SELECT ?1, ?4, ?2, ?5, ?6, 0 WHERE ${moved}`,
        date,
        pack.last,
        now,
        pack.first,
        pack.rounds,
        pack.bytes,
      ),
      // Two statements, each an index lookup per id (an OR of the two would scan the day).
      sql.write(
        `DELETE FROM round_evidence WHERE date = ?1 AND ${moved} AND logs IS NOT NULL
           AND player_id IN (SELECT value FROM json_each(?4))`,
        date,
        pack.last,
        now,
        ids(true),
      ),
      sql.write(
        `DELETE FROM round_evidence WHERE date = ?1 AND ${moved} AND logs IS NULL
           AND player_id IN (SELECT value FROM json_each(?4))`,
        date,
        pack.last,
        now,
        ids(false),
      ),
      sql.write(
        `DELETE FROM audits WHERE date = ?1 AND ${moved} AND flagged = 0
           AND player_id IN (SELECT value FROM json_each(?4))`,
        date,
        pack.last,
        now,
        all,
      ),
      sql.write(
        `UPDATE audits SET holes = NULL WHERE date = ?1 AND ${moved} AND flagged = 1
           AND player_id IN (SELECT value FROM json_each(?4))`,
        date,
        pack.last,
        now,
        all,
      ),
    ]);
    return cursor?.meta.changes === 1;
  }
  async finishArchive(date: string, from: string | null, now: number): Promise<boolean> {
    const r = await this.day(date)
      .write(
        `UPDATE day_audits SET archived_at = ?3, archive_at = ?3
         WHERE date = ?1 AND archive_cursor IS ?2 AND archived_at IS NULL AND finished_at IS NOT NULL`,
        date,
        from,
        now,
      )
      .run();
    return r.meta.changes === 1;
  }
  async packOf(date: string, playerId: string): Promise<PackRecord | null> {
    const row = await this.day(date)
      .read(
        `SELECT first_player, last_player, rounds, bytes FROM archive_packs
         WHERE date = ?1 AND first_player <= ?2 ORDER BY first_player DESC LIMIT 1`,
        date,
        playerId,
      )
      .first<{ first_player: string; last_player: string; rounds: number; bytes: number }>();
    if (!row || row.last_player < playerId) return null;
    return { first: row.first_player, last: row.last_player, rounds: row.rounds, bytes: row.bytes };
  }
  async packsOfPlayer(playerId: string): Promise<Map<string, PackRecord>> {
    // Each of the player's days by the attempts' primary key, its object by the packs' (the last one starting at or
    // before the player, if the player is in its range).
    const pages = await Promise.all(
      this.periods.map(({ db }) =>
        db
          .read(
            `SELECT p.date, p.first_player, p.last_player, p.rounds, p.bytes
             FROM attempts a JOIN archive_packs p ON p.date = a.date AND p.first_player = (
               SELECT max(q.first_player) FROM archive_packs q WHERE q.date = a.date AND q.first_player <= ?1)
             WHERE a.player_id = ?1 AND p.last_player >= ?1`,
            playerId,
          )
          .all<{ date: string; first_player: string; last_player: string; rounds: number; bytes: number }>(),
      ),
    );
    return new Map(
      pages
        .flatMap((p) => p.results)
        .map((r) => [
          r.date,
          { first: r.first_player, last: r.last_player, rounds: r.rounds, bytes: r.bytes },
        ]),
    );
  }
  async packsWithAddresses(limit: number): Promise<{ date: string; first: string }[]> {
    const found: { date: string; first: string }[] = [];
    for (const { db } of this.periods) {
      if (found.length >= limit) break;
      const rows = await db
        .read(
          `SELECT date, first_player FROM archive_packs WHERE addresses = 1
           ORDER BY date, first_player LIMIT ?`,
          limit - found.length,
        )
        .all<{ date: string; first_player: string }>();
      found.push(...rows.results.map((r) => ({ date: r.date, first: r.first_player })));
    }
    return found;
  }
  async addressesGone(date: string, first: string): Promise<void> {
    await this.day(date)
      .write('UPDATE archive_packs SET addresses = 0 WHERE date = ? AND first_player = ?', date, first)
      .run();
  }
}

interface EvidenceRow {
  player_id: string;
  started_at: number | null;
  logs: string | null;
  times: string | null;
  finished_at: number | null;
  total: number | null;
  strokes: string | null;
  review: number | null;
  flagged: number | null;
  p_value: number | null;
  telling: number | null;
  decisions: number | null;
  holes: string | null;
}

const parsed = <T>(text: string | null, fallback: T): T =>
  text === null ? fallback : (JSON.parse(text) as T);

function toArchived(r: EvidenceRow): ArchivedRound {
  return {
    playerId: r.player_id,
    startedAt: r.started_at,
    finished:
      r.finished_at === null || r.logs === null
        ? null
        : {
            finishedAt: r.finished_at,
            total: r.total ?? 0,
            strokes: parsed<number[]>(r.strokes, []),
            logs: parsed<string[]>(r.logs, []),
            ...decodeTimes(r.times ?? ''),
          },
    review: r.review === 1,
    verdict:
      r.flagged === null
        ? null
        : {
            flagged: r.flagged === 1,
            pValue: r.p_value ?? 1,
            telling: r.telling ?? 0,
            decisions: r.decisions ?? 0,
            holes: parsed<unknown[]>(r.holes, []),
          },
  };
}
