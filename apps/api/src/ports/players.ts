/** Players, their bearer tokens (as hashes) and their one-time transfer codes. Times are milliseconds since the epoch. */
export interface PlayerStore {
  createPlayer(
    player: PlayerRecord & { readonly tokenHash: string; readonly addressHash: string },
  ): Promise<void>;
  playerById(id: string): Promise<PlayerRecord | null>;
  /** The player a token hash names, or null (unknown or revoked). */
  playerIdByTokenHash(tokenHash: string): Promise<string | null>;
  renamePlayer(id: string, name: string): Promise<void>;
  /** Adds a token (another device) for a player. */
  addToken(playerId: string, tokenHash: string, createdAt: number): Promise<void>;
  /**
   * Sign-out everywhere, in one transaction: deletes every token and every transfer code of the player, then stores
   * `tokenHash` as its only token.
   */
  replaceTokens(playerId: string, tokenHash: string, createdAt: number): Promise<void>;
  /** Stores a transfer code, keeping at most `keepLive` live codes per player (the oldest go first). */
  insertTransferCode(code: TransferCodeRecord, keepLive: number): Promise<void>;
  /**
   * Deletes a live code and returns its player; null when it is unknown, used or expired. One conditional delete,
   * so of concurrent claims of one code exactly one gets the player.
   */
  takeTransferCode(codeHash: string, now: number): Promise<string | null>;
  /** Deletes expired transfer codes (the cron's housekeeping). */
  deleteExpiredCodes(now: number): Promise<void>;
}

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface TransferCodeRecord {
  readonly codeHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}
