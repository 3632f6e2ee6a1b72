/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, which runs on WebCrypto (workerd, browsers, Node 20).
 * A player registers a passkey from a device that holds a token; any device with that passkey (synced, or
 * through a phone nearby) then signs in and gets a token of its own. Challenges live in the ledger: single use
 * (the verification that uses one deletes it) and valid 5 minutes.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import type { ChallengePurpose } from '../ports/passkeys.ts';
import type { ServiceContext } from './context.ts';
import { base64url, fromBase64url } from '../crypto.ts';

/** A stored COSE key's bytes (written by this service as base64url, so never anything else). */
function storedKey(text: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64url(text);
  if (bytes === null) throw new Error('a stored passkey public key is not base64url');
  return bytes;
}
import { issueToken, TOO_MANY_TRIES } from './devices.ts';
import { limitAddress } from './rate-limit.ts';
import type { NewPlayer } from './players.ts';
import type { PasskeyView } from '../views.ts';

export type { PasskeyView };

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RP_NAME = 'Golf Daily';

/** Who the passkeys are for: the host name (RP ID) and the page origin the browser reports. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
}

const httpOrigin = (text: string | undefined): string | null => {
  if (text === undefined) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The relying party of a request: `RP_ORIGIN` and `RP_ID` when set (production should set both), else the page's
 * `Origin` header, else the request's own origin; the RP ID is that origin's host name. Browsers allow passkeys
 * on https origins and on `http://localhost`, not on a bare IP address.
 */
export function relyingParty(
  config: Pick<Config, 'rpId' | 'rpOrigin'>,
  requestUrl: string,
  originHeader: string | undefined,
): RelyingParty {
  const origin =
    httpOrigin(config.rpOrigin ?? undefined) ?? httpOrigin(originHeader) ?? new URL(requestUrl).origin;
  return { origin, id: config.rpId ?? new URL(origin).hostname };
}

/** Keeps the options' challenge for one use within {@link CHALLENGE_TTL_MS}, then gives the options back. */
async function withChallenge<O extends { readonly challenge: string }>(
  ctx: ServiceContext,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  playerId: string | null,
  options: O,
): Promise<O> {
  await ctx.ledger.passkeys.insertChallenge({
    challenge: options.challenge,
    purpose,
    playerId,
    rpId: rp.id,
    expiresAt: ctx.now.getTime() + CHALLENGE_TTL_MS,
  });
  return options;
}

/** What every verification expects of a response: a live challenge, this page origin and RP ID. */
interface Expected {
  readonly expectedChallenge: (challenge: string) => Promise<boolean>;
  readonly expectedOrigin: string;
  readonly expectedRPID: string;
  readonly requireUserVerification: false;
}

/** A refused passkey: a registration's is a validation error, a sign-in's an unauthorized one. */
const REFUSAL_CODE: Record<ChallengePurpose, ErrorCode> = {
  register: 'ERR_VALIDATION',
  'sign-in': 'ERR_UNAUTHORIZED',
};
const refusal = (purpose: ChallengePurpose, why: string): ApiError =>
  new ApiError(REFUSAL_CODE[purpose], `the passkey was not accepted: ${why}`);

/**
 * Runs a verification against a live challenge of `purpose`, this relying party and `playerId` (null for a
 * sign-in's, which is no one's); anything it throws about the response (not the ledger) is a {@link refusal}.
 */
async function verifying<T>(
  ctx: ServiceContext,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  playerId: string | null,
  run: (expected: Expected) => Promise<T>,
): Promise<T> {
  let ledgerError: unknown = null;
  const expectedChallenge = async (challenge: string): Promise<boolean> => {
    try {
      const taken = await ctx.ledger.passkeys.takeChallenge(challenge, purpose, ctx.now.getTime());
      return taken !== null && taken.rpId === rp.id && taken.playerId === playerId;
    } catch (error) {
      ledgerError = error;
      throw error;
    }
  };
  try {
    return await run({
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    if (ledgerError !== null) throw ledgerError;
    if (error instanceof ApiError) throw error;
    // The library's text names origins, host names and ports: it stays in the log, never in an answer.
    console.warn(`passkey refused: ${error instanceof Error ? error.message : String(error)}`);
    throw refusal(purpose, 'its challenge, origin, site or signature does not match');
  }
}

/** Options for `navigator.credentials.create`: a discoverable passkey for this player, none it already has. */
export async function registrationOptions(
  ctx: ServiceContext,
  playerId: string,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const player = await ctx.ledger.players.playerById(playerId);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  const existing = await ctx.ledger.passkeys.credentialsOf(playerId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: player.name,
    userDisplayName: player.name,
    userID: Uint8Array.from(new TextEncoder().encode(playerId)),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing
      .filter((c) => c.rpId === rp.id)
      .map((c) => ({ id: c.id, transports: [...c.transports] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return withChallenge(ctx, rp, 'register', playerId, options);
}

/** Verifies `navigator.credentials.create`'s answer against a live challenge of this player and stores the key. */
export async function registerPasskey(
  ctx: ServiceContext,
  playerId: string,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
): Promise<PasskeyView> {
  const result = await verifying(ctx, rp, 'register', playerId, (expected) =>
    verifyRegistrationResponse({ response, ...expected }),
  );
  if (!result.verified) throw new ApiError('ERR_VALIDATION', 'the passkey was not accepted');
  const { credential } = result.registrationInfo;
  if ((await ctx.ledger.passkeys.credential(credential.id)) !== null)
    throw new ApiError('ERR_VALIDATION', 'this passkey is already registered');
  const now = ctx.now.getTime();
  await ctx.ledger.passkeys.insertCredential({
    id: credential.id,
    playerId,
    rpId: rp.id,
    publicKey: base64url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    createdAt: now,
    lastUsedAt: null,
  });
  return { id: credential.id, createdAt: new Date(now).toISOString(), lastUsedAt: null };
}

/** The player's passkeys, oldest first. */
export async function passkeysOf(ctx: ServiceContext, playerId: string): Promise<PasskeyView[]> {
  return (await ctx.ledger.passkeys.credentialsOf(playerId)).map((c) => ({
    id: c.id,
    createdAt: new Date(c.createdAt).toISOString(),
    lastUsedAt: c.lastUsedAt === null ? null : new Date(c.lastUsedAt).toISOString(),
  }));
}

/**
 * Options for `navigator.credentials.get` with discoverable credentials (the browser offers the passkeys it has
 * for this site). Each costs a try from the address's bucket, like a transfer-code claim.
 */
export async function signInOptions(
  ctx: ServiceContext,
  rp: RelyingParty,
  addressKey: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await limitAddress(ctx, 'sign-in', addressKey, TOO_MANY_TRIES);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  return withChallenge(ctx, rp, 'sign-in', null, options);
}

/** Verifies `navigator.credentials.get`'s answer: a new token for the passkey's player on this device. */
export async function signInWithPasskey(
  ctx: ServiceContext,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<NewPlayer> {
  const refused = (why: string): ApiError => refusal('sign-in', why);
  const stored = await ctx.ledger.passkeys.credential(response.id);
  if (!stored || stored.rpId !== rp.id) throw refused('unknown passkey');
  const result = await verifying(ctx, rp, 'sign-in', null, (expected) =>
    verifyAuthenticationResponse({
      response,
      ...expected,
      credential: {
        id: stored.id,
        publicKey: storedKey(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
    }),
  );
  if (!result.verified) throw refused('the signature does not match');
  const player = await ctx.ledger.players.playerById(stored.playerId);
  if (!player) throw refused('unknown player');
  await ctx.ledger.passkeys.touchCredential(
    stored.id,
    result.authenticationInfo.newCounter,
    ctx.now.getTime(),
  );
  return {
    id: player.id,
    name: player.name,
    standIn: player.standIn,
    token: await issueToken(ctx, player.id),
  };
}
