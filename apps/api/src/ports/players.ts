import type { NameStandIn } from '@golf/contract';

/** Players, their bearer tokens (as hashes) and their one-time transfer codes. Times are milliseconds since the epoch. */
export interface PlayerStore {
  createPlayer(
    player: Omit<PlayerRecord, 'standIn'> & { readonly tokenHash: string; readonly addressHash: string },
  ): Promise<void>;
  /** A player, with the name shown to others (a stand-in while hidden). */
  playerById(id: string): Promise<PlayerRecord | null>;
  /** The names shown for these players (a stand-in where hidden; a deleted player's where the player is gone). */
  shownNames(ids: readonly string[]): Promise<Map<string, ShownName>>;
  /** Whether the player's name is hidden now (read from the primary: a rename clears it at once). */
  isNameHidden(id: string): Promise<boolean>;
  /** The player a token hash names, or null (unknown or revoked). */
  playerIdByTokenHash(tokenHash: string): Promise<string | null>;
  /**
   * Renames a player and clears a hidden name (logged as the owner's rename; the name's open reports are closed),
   * in one transaction. False, and nothing changes, when the name is hidden and `name` is that same name.
   */
  renamePlayer(id: string, name: string, now: number): Promise<boolean>;
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

/**
 * A name as answers show it: the stored name, or a stand-in (`standIn` says why: `hidden`), so that a page can word
 * it in the reader's language. adapters/d1/names.ts is the one place a stored name becomes this.
 */
export interface ShownName {
  readonly name: string;
  readonly standIn: NameStandIn;
}

export interface PlayerRecord extends ShownName {
  readonly id: string;
  readonly createdAt: number;
}

export interface TransferCodeRecord {
  readonly codeHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}
