import type {
  NameRecord,
  PlayerRecord,
  PlayerStore,
  ShownName,
  TransferCodeRecord,
} from '../../ports/players.ts';
import { playerNameColumns, shownPlayerName, type NameRow } from './names.ts';
import { renameStatements } from './moderation.ts';
import { D1Store } from './statements.ts';
import { EXPORT_BUCKET } from '../../ports/rate-limits.ts';

export class D1PlayerStore extends D1Store implements PlayerStore {
  async createPlayer(p: Omit<PlayerRecord, 'standIn'> & { tokenHash: string }): Promise<void> {
    // One transaction: a player never exists without its first token, nor without its name in the history.
    await this.sql.batch([
      this.sql.write(
        'INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)',
        p.id,
        p.name,
        p.createdAt,
      ),
      this.sql.write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        p.tokenHash,
        p.id,
        p.createdAt,
      ),
      this.sql.write(
        'INSERT INTO player_names (player_id, name, taken_at) VALUES (?, ?, ?)',
        p.id,
        p.name,
        p.createdAt,
      ),
    ]);
  }
  async playerById(id: string): Promise<PlayerRecord | null> {
    const row = await this.sql
      .read(`SELECT id, ${playerNameColumns()}, created_at FROM players WHERE id = ?`, id)
      .first<PlayerRow>();
    return row && toPlayer(row);
  }
  async shownNames(ids: readonly string[]): Promise<Map<string, ShownName>> {
    const rows = await this.playerNames(ids);
    return new Map(ids.map((id) => [id, shownPlayerName(id, rows.get(id))]));
  }
  async isNameHidden(id: string): Promise<boolean> {
    const row = await this.sql
      .read('SELECT name_hidden_at FROM players WHERE id = ?', id)
      .first<{ name_hidden_at: number | null }>();
    return row !== null && row.name_hidden_at !== null;
  }
  async playerIdByTokenHash(tokenHash: string): Promise<string | null> {
    const row = await this.sql.read('SELECT player_id FROM tokens WHERE token_hash = ?', tokenHash).first<{
      player_id: string;
    }>();
    return row?.player_id ?? null;
  }
  async renamePlayer(id: string, name: string, now: number): Promise<boolean> {
    // One transaction: a hidden name renamed is logged (the name it was) and its open reports closed, then the new
    // name clears the hidden state (the same hidden name again changes nothing) and joins the history of names.
    const [, , renamed] = await this.sql.batch([
      ...renameStatements(this.sql, 'player', id, name, id, now),
      this.sql.write(
        `INSERT INTO player_names (player_id, name, taken_at)
         SELECT id, ?2, ?3 FROM players WHERE id = ?1 AND name = ?2 AND name_hidden_at IS NULL AND deleted_at IS NULL`,
        id,
        name,
        now,
      ),
    ]);
    return (renamed?.results.length ?? 0) > 0;
  }
  async namesOf(playerId: string): Promise<NameRecord[]> {
    const rows = await this.sql
      .read('SELECT name, taken_at FROM player_names WHERE player_id = ? ORDER BY taken_at, rowid', playerId)
      .all<{ name: string; taken_at: number | null }>();
    return rows.results.map((r) => ({ name: r.name, takenAt: r.taken_at }));
  }
  async tokenTimesOf(playerId: string): Promise<number[]> {
    const rows = await this.sql
      .read('SELECT created_at FROM tokens WHERE player_id = ? ORDER BY created_at', playerId)
      .all<{ created_at: number }>();
    return rows.results.map((r) => r.created_at);
  }
  async transferCodesOf(playerId: string, now: number): Promise<{ createdAt: number; expiresAt: number }[]> {
    const rows = await this.sql
      .read(
        `SELECT created_at, expires_at FROM transfer_codes WHERE player_id = ? AND expires_at > ?
         ORDER BY created_at`,
        playerId,
        now,
      )
      .all<{ created_at: number; expires_at: number }>();
    return rows.results.map((r) => ({ createdAt: r.created_at, expiresAt: r.expires_at }));
  }
  async deletePlayer(playerId: string, name: string, now: number): Promise<boolean> {
    // One transaction, the tombstone last: its condition makes a second deletion change nothing visible.
    const results = await this.sql.batch([
      ...this.#erase([playerId]),
      this.sql.write(
        'UPDATE players SET name = ?, deleted_at = ? WHERE id = ? AND deleted_at IS NULL',
        name,
        now,
        playerId,
      ),
    ]);
    return (results.at(-1)?.meta.changes ?? 0) > 0;
  }
  async deletedSince(since: number, limit: number): Promise<string[]> {
    const rows = await this.sql
      .read('SELECT id FROM players WHERE deleted_at >= ? ORDER BY deleted_at LIMIT ?', since, limit)
      .all<{ id: string }>();
    return rows.results.map((r) => r.id);
  }
  async eraseAgain(playerIds: readonly string[]): Promise<void> {
    if (playerIds.length > 0) await this.sql.batch(this.#erase(playerIds));
  }
  /** Everything of these players but their rows, each table by its index on the player. */
  #erase(playerIds: readonly string[]) {
    const ids = JSON.stringify(playerIds);
    const mine = 'player_id IN (SELECT value FROM json_each(?))';
    const sql = this.sql;
    return [
      sql.write(`DELETE FROM tokens WHERE ${mine}`, ids),
      sql.write(`DELETE FROM transfer_codes WHERE ${mine}`, ids),
      sql.write(`DELETE FROM challenges WHERE ${mine}`, ids),
      sql.write(`DELETE FROM credentials WHERE ${mine}`, ids),
      sql.write(
        `DELETE FROM push_sends WHERE subscription_id IN (SELECT id FROM push_subscriptions WHERE ${mine})`,
        ids,
      ),
      sql.write(`DELETE FROM push_subscriptions WHERE ${mine}`, ids),
      sql.write(`DELETE FROM reminders WHERE ${mine}`, ids),
      sql.write(`DELETE FROM league_members WHERE ${mine}`, ids),
      sql.write(`DELETE FROM player_names WHERE ${mine}`, ids),
      sql.write(
        `DELETE FROM rate_limits WHERE key IN (SELECT '${EXPORT_BUCKET}/' || value FROM json_each(?))`,
        ids,
      ),
    ];
  }
  async addToken(playerId: string, tokenHash: string, createdAt: number): Promise<void> {
    await this.sql
      .write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        tokenHash,
        playerId,
        createdAt,
      )
      .run();
  }
  async replaceTokens(playerId: string, tokenHash: string, createdAt: number): Promise<void> {
    await this.sql.batch([
      this.sql.write('DELETE FROM tokens WHERE player_id = ?', playerId),
      this.sql.write('DELETE FROM transfer_codes WHERE player_id = ?', playerId),
      this.sql.write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        tokenHash,
        playerId,
        createdAt,
      ),
    ]);
  }
  async insertTransferCode(code: TransferCodeRecord, keepLive: number): Promise<void> {
    await this.sql.batch([
      this.sql.write(
        'DELETE FROM transfer_codes WHERE player_id = ? AND expires_at <= ?',
        code.playerId,
        code.createdAt,
      ),
      this.sql.write(
        'INSERT INTO transfer_codes (code_hash, player_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        code.codeHash,
        code.playerId,
        code.createdAt,
        code.expiresAt,
      ),
      this.sql.write(
        `DELETE FROM transfer_codes WHERE player_id = ?1 AND code_hash NOT IN (
           SELECT code_hash FROM transfer_codes WHERE player_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
        code.playerId,
        keepLive,
      ),
    ]);
  }
  async takeTransferCode(codeHash: string, now: number): Promise<string | null> {
    const row = await this.sql
      .write(
        'DELETE FROM transfer_codes WHERE code_hash = ? AND expires_at > ? RETURNING player_id',
        codeHash,
        now,
      )
      .first<{ player_id: string }>();
    return row?.player_id ?? null;
  }
  async deleteExpiredCodes(now: number): Promise<void> {
    await this.sql.write('DELETE FROM transfer_codes WHERE expires_at <= ?', now).run();
  }
}

interface PlayerRow extends NameRow {
  id: string;
  created_at: number;
}

const toPlayer = (row: PlayerRow): PlayerRecord => ({
  id: row.id,
  ...shownPlayerName(row.id, row),
  createdAt: row.created_at,
});
