/**
 * Voluntary Application Server Identification (VAPID, RFC 8292): the application server signs a short-lived
 * ES256 JWT for the push service's origin and sends it with its public key:
 * `Authorization: vapid t=<jwt>, k=<public key>`. WebCrypto's ECDSA signature is r ‖ s (64 bytes), which is
 * exactly JWS's ES256 form.
 */
import { err, ok, type Result } from '@golf/engine';
import { base64url, fromBase64url, utf8 } from './bytes.ts';
import { SCALAR_BYTES, isUncompressedP256, p256Jwk, type KeyError } from './keys.ts';

/** A VAPID key pair as configured: base64url of the public point (65 bytes) and of the private scalar (32). */
export interface VapidKeyText {
  readonly publicKey: string;
  readonly privateKey: string;
}

export interface VapidKeys {
  readonly publicKey: string;
  readonly signingKey: CryptoKey;
}

/** The longest a token may live (RFC 8292 §2: no more than 24 hours from the request). */
export const MAX_TOKEN_SECONDS = 24 * 60 * 60;
/** How long the tokens made here live: 12 hours, so a clock a little off never makes one too long. */
export const TOKEN_SECONDS = 12 * 60 * 60;

/** Imports a VAPID key pair for signing; refuses a public key that is not a point or a private key of another size. */
export async function importVapidKeys(text: VapidKeyText): Promise<Result<VapidKeys, KeyError>> {
  const pub = fromBase64url(text.publicKey);
  const priv = fromBase64url(text.privateKey);
  const bad = (message: string) => err({ code: 'ERR_VAPID_KEY' as const, message });
  if (pub === null || !isUncompressedP256(pub))
    return bad('the VAPID public key must be an uncompressed P-256 point');
  if (priv === null || priv.length !== SCALAR_BYTES)
    return bad('the VAPID private key must be 32 bytes, base64url');
  try {
    const signingKey = await crypto.subtle.importKey(
      'jwk',
      p256Jwk(pub, priv),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    return ok({ publicKey: base64url(pub), signingKey });
  } catch {
    return bad('the VAPID private key does not match its public key');
  }
}

export interface VapidClaims {
  /** The push service's origin (the endpoint's scheme, host and port). */
  readonly aud: string;
  /** Seconds since the epoch. */
  readonly exp: number;
  /** Who runs the application server: a `mailto:` or `https:` URI. */
  readonly sub: string;
}

/** A signed ES256 JWT with the claims. */
export async function signVapidJwt(claims: VapidClaims, key: CryptoKey): Promise<string> {
  const header = base64url(utf8(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const body = base64url(utf8(JSON.stringify(claims)));
  const input = `${header}.${body}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, utf8(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

/** Whether a subject is a contact URI the RFC accepts. */
export const isVapidSubject = (sub: string): boolean =>
  /^mailto:[^@\s]+@[^@\s]+$/.test(sub) || /^https:\/\/[^\s]+$/.test(sub);

/**
 * The Authorization header for a request to `endpoint`, valid `TOKEN_SECONDS` from `now` (milliseconds).
 */
export async function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now: number = Date.now(),
): Promise<string> {
  const aud = new URL(endpoint).origin;
  const exp = Math.floor(now / 1000) + TOKEN_SECONDS;
  const jwt = await signVapidJwt({ aud, exp, sub: subject }, keys.signingKey);
  return `vapid t=${jwt}, k=${keys.publicKey}`;
}
