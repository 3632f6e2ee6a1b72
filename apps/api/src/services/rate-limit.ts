/**
 * The one rate limiter: a token bucket per purpose and client address, of `PLAYER_BURST` tries (20) refilled one per 5 s,
 * kept in the ledger (one conditional statement, so concurrent tries cannot overdraw it). The address is stored
 * only as its keyed hash.
 */
import { ApiError } from '../errors.ts';
import { hmacHex } from '../crypto.ts';
import type { ServiceContext } from './context.ts';

export const ADDRESS_REFILL_MS = 5_000;

/** The stored form of a client address key: an HMAC under the secret, so it cannot be reversed by enumeration. */
export const addressHash = (secret: string, addressKey: string): Promise<string> =>
  hmacHex(secret, `address/${addressKey}`);

/** Takes one try from the address's `bucket` (answering the address's hash), or ERR_RATE_LIMITED with `message`. */
export async function limitAddress(
  ctx: ServiceContext,
  bucket: string,
  addressKey: string,
  message: string,
): Promise<string> {
  const hash = await addressHash(ctx.config.secret, addressKey);
  const key = `${bucket}/${hash}`;
  if (
    !(await ctx.ledger.rateLimits.takeFromBucket(
      key,
      ctx.now.getTime(),
      ctx.config.playerBurst,
      ADDRESS_REFILL_MS,
    ))
  )
    throw new ApiError('ERR_RATE_LIMITED', message, { retryAfter: ADDRESS_REFILL_MS / 1000 });
  return hash;
}
