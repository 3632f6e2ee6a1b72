/**
 * P-256 keys as Web Push carries them: a public key is an uncompressed point (65 bytes, 0x04 ‖ x ‖ y) in
 * base64url, a private key its 32-byte scalar d. The checks here come before WebCrypto sees a key, so a bad
 * subscription is refused with a code instead of an exception deep in a send.
 */
import { err, ok, type Result } from '@golf/engine';
import { base64url, fromBase64url } from './bytes.ts';

export const POINT_BYTES = 65;
export const SCALAR_BYTES = 32;
export const AUTH_BYTES = 16;

// The curve y² = x³ − 3x + b over GF(p) (FIPS 186-4, P-256).
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const toBig = (bytes: Uint8Array): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
const mod = (n: bigint): bigint => ((n % P) + P) % P;

/** Whether 65 bytes are an uncompressed point on P-256 (coordinates reduced, the curve equation holds). */
export function isUncompressedP256(bytes: Uint8Array): boolean {
  if (bytes.length !== POINT_BYTES || bytes[0] !== 0x04) return false;
  const x = toBig(bytes.subarray(1, 33));
  const y = toBig(bytes.subarray(33, 65));
  if (x >= P || y >= P) return false;
  return mod(y * y) === mod(x * x * x - 3n * x + B);
}

export type KeyErrorCode = 'ERR_P256DH' | 'ERR_AUTH' | 'ERR_VAPID_KEY';
export interface KeyError {
  readonly code: KeyErrorCode;
  readonly message: string;
}

/** A subscription's `p256dh`: base64url of an uncompressed P-256 point that WebCrypto imports for ECDH. */
export async function parseP256dh(text: string): Promise<Result<Uint8Array<ArrayBuffer>, KeyError>> {
  const bytes = fromBase64url(text);
  if (bytes === null || !isUncompressedP256(bytes))
    return err({
      code: 'ERR_P256DH',
      message: 'p256dh must be an uncompressed P-256 point (65 bytes, base64url)',
    });
  try {
    await importEcdhPublic(bytes);
  } catch {
    return err({ code: 'ERR_P256DH', message: 'p256dh is not an importable P-256 key' });
  }
  return ok(bytes);
}

/** A subscription's `auth` secret: exactly 16 bytes, base64url. */
export function parseAuth(text: string): Result<Uint8Array<ArrayBuffer>, KeyError> {
  const bytes = fromBase64url(text);
  return bytes !== null && bytes.length === AUTH_BYTES
    ? ok(bytes)
    : err({ code: 'ERR_AUTH', message: 'auth must be 16 bytes, base64url' });
}

export const importEcdhPublic = (point: Uint8Array<ArrayBuffer>): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, true, []);

/** The JWK of a P-256 key pair given as its public point and private scalar. */
export function p256Jwk(publicPoint: Uint8Array, privateScalar?: Uint8Array): JsonWebKey {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: base64url(publicPoint.subarray(1, 33)),
    y: base64url(publicPoint.subarray(33, 65)),
    ...(privateScalar ? { d: base64url(privateScalar) } : {}),
    ext: true,
  };
}

/** An ECDH private key from its point and scalar (the sender key a test vector fixes). */
export const importEcdhPrivate = (publicPoint: Uint8Array, privateScalar: Uint8Array): Promise<CryptoKey> =>
  crypto.subtle.importKey(
    'jwk',
    p256Jwk(publicPoint, privateScalar),
    { name: 'ECDH', namedCurve: 'P-256' },
    true,
    ['deriveBits'],
  );

/** A fresh ECDH key pair and its public point (a sender key, one per message). */
export async function generateEcdh(): Promise<{ privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer> }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  return { privateKey: pair.privateKey, publicKey: new Uint8Array(raw) };
}
