import type { NameStandIn } from '@golf/contract';

/**
 * Players, their bearer tokens (as hashes), the names they took and their one-time transfer codes. Times are
 * milliseconds since the epoch.
 */
export interface PlayerStore {
  /** The player, its first token and its first name in the history of names, in one transaction. */
  createPlayer(player: Omit<PlayerRecord, 'standIn'> & { readonly tokenHash: string }): Promise<void>;
  /** A player, with the name shown to others (a stand-in while hidden; a deleted one's tombstone as it now is). */
  playerById(id: string): Promise<PlayerRecord | null>;
  /** The names shown for these players (a stand-in where hidden; a deleted player's where the player is gone). */
  shownNames(ids: readonly string[]): Promise<Map<string, ShownName>>;
  /** Whether the player's name is hidden now (read from the primary: a rename clears it at once). */
  isNameHidden(id: string): Promise<boolean>;
  /** The player a token hash names, or null (unknown or revoked). */
  playerIdByTokenHash(tokenHash: string): Promise<string | null>;
  /**
   * Renames a player and clears a hidden name (logged as the owner's rename; the name's open reports are closed),
   * and keeps the new name in the history of names,
   * in one transaction. False, and nothing changes, when the name is hidden and `name` is that same name.
   */
  renamePlayer(id: string, name: string, now: number): Promise<boolean>;
  /** The names the player took, oldest first (`takenAt` null for a name taken before names were recorded). */
  namesOf(playerId: string): Promise<NameRecord[]>;
  /** When each of the player's tokens (one per device) was made, oldest first; never the tokens or their hashes. */
  tokenTimesOf(playerId: string): Promise<number[]>;
  /** The player's live transfer codes' times, oldest first (never the codes or their hashes). */
  transferCodesOf(playerId: string, now: number): Promise<{ createdAt: number; expiresAt: number }[]>;
  /**
   * Deletes the player, in one transaction on the ledger's main database: every token, transfer code, passkey and
   * passkey challenge, push subscription (and the record of what was sent to it), reminder setting, league
   * membership, name of the history and rate-limit bucket of the player goes; the player's row stays as a
   * tombstone named `name`, so the rounds, verdicts and leagues that refer to it stay valid. False when the
   * player was already deleted (nothing changes). The day databases' side is `RoundStore.forgetAddresses`.
   */
  deletePlayer(playerId: string, name: string, now: number): Promise<boolean>;
  /** Players deleted at or after `since`, oldest first, at most `limit`. */
  deletedSince(since: number, limit: number): Promise<string[]>;
  /**
   * Deletes again, for deleted players, everything {@link deletePlayer} deleted: what a request already past its
   * token check when the player was deleted wrote after (a device, a subscription, a membership…).
   */
  eraseAgain(playerIds: readonly string[]): Promise<void>;
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

/** A name a player took, and when (null: before names were recorded). */
export interface NameRecord {
  readonly name: string;
  readonly takenAt: number | null;
}

export interface TransferCodeRecord {
  readonly codeHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}
