import { ApiError } from '../errors.ts';
import type { PlayerRecord } from '../storage/storage.ts';
import type { ServiceContext } from './context.ts';
import { hmacHex, randomToken, sha256Hex, TOKEN_PATTERN } from './crypto.ts';

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

/** The stored form of a client address: an HMAC under the secret, so it cannot be reversed by enumeration. */
export const addressHash = (secret: string, address: string): Promise<string> =>
  hmacHex(secret, `address/${address}`);

/** Creates a player. `name` is already normalised. Rate limited per client address; only creations count. */
export async function createPlayer(
  ctx: ServiceContext,
  name: string,
  address: string,
  burst: number = PLAYER_BURST,
): Promise<NewPlayer> {
  const ipHash = await addressHash(ctx.secret, address);
  const now = ctx.now.getTime();
  if (!(await ctx.storage.takeToken(`players/${ipHash}`, now, burst, PLAYER_REFILL_MS))) {
    throw new ApiError(
      'ERR_RATE_LIMITED',
      'too many players created from this address; try again in a few seconds',
      {
        retryAfter: PLAYER_REFILL_MS / 1000,
      },
    );
  }
  const token = randomToken();
  const id = crypto.randomUUID();
  await ctx.storage.createPlayer({ id, name, tokenHash: await sha256Hex(token), ipHash, createdAt: now });
  return { id, name, token };
}

const tokenHashOf = async (authorization: string): Promise<string> => {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (token === undefined || !TOKEN_PATTERN.test(token)) {
    throw new ApiError('ERR_UNAUTHORIZED', 'the Authorization header must be Bearer <token>');
  }
  return sha256Hex(token);
};

/** Token hashes remembered per app instance: a token always names the same player, and players are never deleted. */
const MAX_REMEMBERED_TOKENS = 50_000;

/**
 * The id of the player an `Authorization: Bearer <token>` header names, or null without the header. A header
 * that is malformed or names no player is ERR_UNAUTHORIZED (a forged token is never ignored).
 */
export async function authenticate(
  ctx: ServiceContext,
  authorization: string | undefined,
): Promise<string | null> {
  if (authorization === undefined || authorization === '') return null;
  const hash = await tokenHashOf(authorization);
  const known = ctx.tokens.get(hash);
  if (known !== undefined) return known;
  const player = await ctx.storage.playerByTokenHash(hash);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  if (ctx.tokens.size >= MAX_REMEMBERED_TOKENS) ctx.tokens.clear();
  ctx.tokens.set(hash, player.id);
  return player.id;
}

/** A player, read fresh from storage (name included). */
export async function getPlayer(ctx: ServiceContext, id: string): Promise<PlayerView> {
  const player = await ctx.storage.playerById(id);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  return playerView(player);
}

export async function renamePlayer(ctx: ServiceContext, id: string, name: string): Promise<PlayerView> {
  await ctx.storage.renamePlayer(id, name);
  return { id, name };
}

const playerView = (player: PlayerRecord): PlayerView => ({ id: player.id, name: player.name });
