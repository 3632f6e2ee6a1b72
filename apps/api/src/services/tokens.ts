/**
 * Bearer tokens: 32 bytes in base64url (43 characters). The first 16 bytes are the player's id (a UUID), the
 * other 16 are random. The id lets a request reach the player's attempt object without a database read; the
 * object then checks the token's SHA-256 against the ledger (once per token, until it is revoked). The server
 * stores only hashes, so a lost token cannot be recovered.
 */
import { base64url } from '../crypto.ts';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new token for the player `playerId` (a UUID). */
export function newToken(playerId: string): string {
  const bytes = new Uint8Array(32);
  const hex = playerId.replace(/-/g, '');
  for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  crypto.getRandomValues(bytes.subarray(16));
  return base64url(bytes);
}

/** The player id a token claims to be for (not a proof: the token's hash is checked against the ledger). */
export function claimedPlayerId(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/') + '=');
  let hex = '';
  for (let i = 0; i < 16; i++) hex += binary.charCodeAt(i).toString(16).padStart(2, '0');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) ? id : null;
}
