/**
 * Moving a player to another device, and cutting every device off: one-time transfer codes, extra tokens, and
 * sign-out everywhere. Passkeys are in passkeys.ts.
 */
import { addDays, utcDate } from '@golf/contract';
import { ApiError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { hmacHex, randomText, sha256Hex } from '../crypto.ts';
import type { NewPlayer } from './players.ts';
import { limitAddress } from './rate-limit.ts';
import { newToken } from './tokens.ts';
import type { TransferCodeView } from '../views.ts';

export type { TransferCodeView };

/** What a rate-limited sign-in or code claim answers. */
export const TOO_MANY_TRIES = 'too many tries from this address; try again in a few seconds';

/** Transfer codes: 8 characters without 0, O, 1 and I (32 symbols, 40 bits), valid 10 minutes, used once. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;
export const TRANSFER_TTL_MS = 10 * 60_000;
/** Live codes a player may hold at once; a new one past that replaces the oldest. */
export const LIVE_CODES = 5;

/**
 * A code as typed: case, spaces and dashes do not matter. Null when it cannot be a code (it is then unknown,
 * like any other code that was never issued).
 */
export function normalizeCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** Codes are stored as an HMAC under the server's secret: a leaked table does not give live codes away. */
const codeHash = (secret: string, code: string): Promise<string> => hmacHex(secret, `transfer/${code}`);

/** A new token for a player on one more device. */
export async function issueToken(ctx: ServiceContext, playerId: string): Promise<string> {
  const token = newToken(playerId);
  await ctx.ledger.players.addToken(playerId, await sha256Hex(token), ctx.now.getTime());
  return token;
}

export async function createTransferCode(ctx: ServiceContext, playerId: string): Promise<TransferCodeView> {
  const code = randomText(CODE_ALPHABET, CODE_LENGTH);
  const now = ctx.now.getTime();
  const expiresAt = now + TRANSFER_TTL_MS;
  await ctx.ledger.players.insertTransferCode(
    { codeHash: await codeHash(ctx.config.secret, code), playerId, createdAt: now, expiresAt },
    LIVE_CODES,
  );
  return { code, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Claims a transfer code: a new token for the code's player on this device. Every try counts against the
 * address's bucket (a guess costs as much as a hit). A used, expired or unknown code is ERR_NOT_FOUND.
 */
export async function claimTransferCode(
  ctx: ServiceContext,
  raw: string,
  addressKey: string,
): Promise<NewPlayer> {
  await limitAddress(ctx, 'claims', addressKey, TOO_MANY_TRIES);
  const code = normalizeCode(raw);
  const playerId =
    code === null
      ? null
      : await ctx.ledger.players.takeTransferCode(await codeHash(ctx.config.secret, code), ctx.now.getTime());
  const player = playerId === null ? null : await ctx.ledger.players.playerById(playerId);
  if (!player) throw new ApiError('ERR_NOT_FOUND', 'no such code: it may have been used or have expired');
  return {
    id: player.id,
    name: player.name,
    standIn: player.standIn,
    token: await issueToken(ctx, player.id),
  };
}

/**
 * Revokes every token of the player (and every live transfer code) and returns a fresh token for this device.
 * The ledger is the truth for every route but the attempt objects, which remember tokens they checked: today's
 * (and yesterday's, harmlessly, in case a clock is behind) are told to forget them, so a revoked token cannot
 * draw a card either.
 */
export async function signOutEverywhere(ctx: ServiceContext, playerId: string): Promise<{ token: string }> {
  const token = newToken(playerId);
  await ctx.ledger.players.replaceTokens(playerId, await sha256Hex(token), ctx.now.getTime());
  const today = utcDate(ctx.now);
  await Promise.all([today, addDays(today, -1)].map((date) => ctx.attempts(date, playerId).forgetTokens()));
  return { token };
}
