import { ApiError } from '../errors.ts';
import type { PlayerRecord } from '../storage/ledger.ts';
import type { ServiceContext } from './context.ts';
import { hmacHex, sha256Hex } from './crypto.ts';
import { claimedPlayerId, newToken, TOKEN_PATTERN } from './tokens.ts';

/** Player creation per client address: a token bucket of `PLAYER_BURST` (20) refilled one per 5 s. */
export const PLAYER_BURST = 20;
export const PLAYER_REFILL_MS = 5_000;

export interface PlayerView {
  readonly id: string;
  readonly name: string;
}

export interface NewPlayer extends PlayerView {
  readonly token: string;
}

/** The stored form of a client address key: an HMAC under the secret, so it cannot be reversed by enumeration. */
export const addressHash = (secret: string, addressKey: string): Promise<string> =>
  hmacHex(secret, `address/${addressKey}`);

/** Creates a player. `name` is already normalised. Rate limited per client address; only creations count. */
export async function createPlayer(
  ctx: ServiceContext,
  name: string,
  addressKey: string,
  burst: number = PLAYER_BURST,
): Promise<NewPlayer> {
  const ipHash = await addressHash(ctx.secret, addressKey);
  const now = ctx.now.getTime();
  if (!(await ctx.ledger.takeToken(`players/${ipHash}`, now, burst, PLAYER_REFILL_MS))) {
    throw new ApiError(
      'ERR_RATE_LIMITED',
      'too many players created from this address; try again in a few seconds',
      {
        retryAfter: PLAYER_REFILL_MS / 1000,
      },
    );
  }
  const id = crypto.randomUUID();
  const token = newToken(id);
  await ctx.ledger.createPlayer({ id, name, tokenHash: await sha256Hex(token), ipHash, createdAt: now });
  return { id, name, token };
}

/** A bearer token as sent: its hash, and the player it claims (checked later against the ledger). */
export interface Bearer {
  readonly tokenHash: string;
  /** The id embedded in the token, or null for a token without one (checked through the ledger only). */
  readonly claimedId: string | null;
}

/**
 * Reads `Authorization: Bearer <token>`: null without the header, ERR_UNAUTHORIZED when it is malformed (a
 * forged header is never ignored).
 */
export async function bearerOf(authorization: string | undefined): Promise<Bearer | null> {
  if (authorization === undefined || authorization === '') return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (token === undefined || !TOKEN_PATTERN.test(token)) {
    throw new ApiError('ERR_UNAUTHORIZED', 'the Authorization header must be Bearer <token>');
  }
  return { tokenHash: await sha256Hex(token), claimedId: claimedPlayerId(token) };
}

/**
 * The player a bearer token names, read from the ledger on every call (a revoked token fails at once, on every
 * instance), or ERR_UNAUTHORIZED.
 */
export async function playerOf(ctx: ServiceContext, bearer: Bearer): Promise<string> {
  const id = await ctx.ledger.playerIdByTokenHash(bearer.tokenHash);
  if (id === null) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  return id;
}

/** A player, read fresh from the ledger (name included). */
export async function getPlayer(ctx: ServiceContext, id: string): Promise<PlayerView> {
  const player = await ctx.ledger.playerById(id);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  return playerView(player);
}

export async function renamePlayer(ctx: ServiceContext, id: string, name: string): Promise<PlayerView> {
  await ctx.ledger.renamePlayer(id, name);
  return { id, name };
}

const playerView = (player: PlayerRecord): PlayerView => ({ id: player.id, name: player.name });
