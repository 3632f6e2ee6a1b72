import { standInName } from '@golf/contract/stand-in';
import { ApiError } from '../errors.ts';
import type { PlayerRecord } from '../ports/players.ts';
import type { ServiceContext } from './context.ts';
import { sha256Hex } from '../crypto.ts';
import { checkNameAllowed, sameHiddenName } from './names.ts';
import { limitAddress } from './rate-limit.ts';
import { claimedPlayerId, newToken, TOKEN_PATTERN } from './tokens.ts';
import type { PlayerView, NewPlayer } from '../views.ts';

export type { PlayerView, NewPlayer };

/**
 * Creates a player. `name` is already normalised; a refused one (ERR_NAME_REFUSED) stores nothing. Without a name
 * (a newcomer who plays first and names themself later) the player is named its stand-in, `standInName(id)`. Rate
 * limited per client address (only creations count); the address is not kept with the player.
 */
export async function createPlayer(
  ctx: ServiceContext,
  name: string | undefined,
  addressKey: string,
): Promise<NewPlayer> {
  if (name !== undefined) checkNameAllowed(name);
  await limitAddress(
    ctx,
    'players',
    addressKey,
    'too many players created from this address; try again in a few seconds',
  );
  const now = ctx.now.getTime();
  const id = crypto.randomUUID();
  const token = newToken(id);
  const stored = name ?? standInName(id);
  await ctx.ledger.players.createPlayer({ id, name: stored, tokenHash: await sha256Hex(token), createdAt: now });
  return { id, name: stored, standIn: null, token };
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
  const id = await ctx.ledger.players.playerIdByTokenHash(bearer.tokenHash);
  if (id === null) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  return id;
}

/** A player, read fresh from the ledger (name included). */
export async function getPlayer(ctx: ServiceContext, id: string): Promise<PlayerView> {
  const player = await ctx.ledger.players.playerById(id);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  return playerView(player);
}

/**
 * Renames a player; a refused name (ERR_NAME_REFUSED) leaves the old one. A new name clears a hidden one (scores and
 * ranks never change); the hidden name itself again is ERR_NAME_HIDDEN.
 */
export async function renamePlayer(ctx: ServiceContext, id: string, name: string): Promise<PlayerView> {
  checkNameAllowed(name);
  if (!(await ctx.ledger.players.renamePlayer(id, name, ctx.now.getTime()))) throw sameHiddenName();
  return { id, name, standIn: null };
}

const playerView = (player: PlayerRecord): PlayerView => ({
  id: player.id,
  name: player.name,
  standIn: player.standIn,
});
