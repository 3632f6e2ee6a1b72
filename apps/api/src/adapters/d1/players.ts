import type { PlayerRecord, PlayerStore, ShownName, TransferCodeRecord } from '../../ports/players.ts';
import { playerNameColumns, shownPlayerName, type NameRow } from './names.ts';
import { renameStatements } from './moderation.ts';
import { D1Store } from './statements.ts';

export class D1PlayerStore extends D1Store implements PlayerStore {
  async createPlayer(
    p: Omit<PlayerRecord, 'standIn'> & { tokenHash: string; addressHash: string },
  ): Promise<void> {
    // One transaction: a player never exists without its first token.
    await this.sql.batch([
      this.sql.write(
        'INSERT INTO players (id, name, ip_hash, created_at) VALUES (?, ?, ?, ?)',
        p.id,
        p.name,
        p.addressHash,
        p.createdAt,
      ),
      this.sql.write(
        'INSERT INTO tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)',
        p.tokenHash,
        p.id,
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
    // name clears the hidden state; the same hidden name again changes nothing.
    const [, , renamed] = await this.sql.batch(renameStatements(this.sql, 'player', id, name, id, now));
    return (renamed?.results.length ?? 0) > 0;
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
