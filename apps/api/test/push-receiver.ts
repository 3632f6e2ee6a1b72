/**
 * The receiving side of Web Push, for tests: a browser's subscription keys, its RFC 8291 decryption, and a VAPID
 * key pair with its verifying key.
 */
import { expect } from 'vitest';
import { base64url, deriveKeyAndNonce, ecdhSecret } from '../src/push/index.ts';

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
export async function userAgent(): Promise<{
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { privateKey: pair.privateKey, publicKey, auth: crypto.getRandomValues(new Uint8Array(16)) };
}

/**
 * The receiver's side of RFC 8291, as a browser runs it: read the header (salt, record size, key id = the
 * sender's public key), ECDH with the subscription's private key, the same key schedule, AES-GCM open, then
 * strip the padding back to the 0x02 delimiter of the last record.
 */
export async function decrypt(
  body: Uint8Array<ArrayBuffer>,
  ua: { privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> },
): Promise<{ plaintext: string; recordSize: number }> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20]!;
  expect(idLength).toBe(65);
  const senderPublic = body.slice(21, 21 + idLength);
  const sealed = body.slice(21 + idLength);
  expect(sealed.length).toBeLessThanOrEqual(recordSize);
  const secret = await ecdhSecret(ua.privateKey, senderPublic);
  const { key, nonce } = await deriveKeyAndNonce(secret, ua.auth, ua.publicKey, senderPublic, salt);
  const aes = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  const record = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, tagLength: 128 }, aes, sealed),
  );
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  expect(record[end]).toBe(2); // the last (only) record's delimiter
  return { plaintext: new TextDecoder().decode(record.subarray(0, end)), recordSize };
}

export async function vapidPair(): Promise<{ publicKey: string; privateKey: string; verify: CryptoKey }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { publicKey: base64url(raw), privateKey: jwk.d!, verify: pair.publicKey };
}
