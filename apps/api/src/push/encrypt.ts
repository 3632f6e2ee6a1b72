/**
 * Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188), with WebCrypto only.
 * The sender makes a fresh ECDH key pair and a random 16-byte salt per message; both can be given instead
 * (the RFC's test vector fixes them). The body is one record: the header (salt ‖ record size ‖ key id length ‖
 * the sender's public point), then AES-128-GCM of the payload ‖ 0x02.
 */
import { err, ok, type Result } from '@golf/engine';
import { concat, utf8 } from './bytes.ts';
import { POINT_BYTES, generateEcdh, importEcdhPublic } from './keys.ts';

/** The record size written in the header (RFC 8291 uses 4096 in its example). */
export const RECORD_SIZE = 4096;
/** The longest plaintext a push service must accept (RFC 8291 §4: 4096 − 86 header − 16 tag − 1 delimiter). */
export const MAX_PLAINTEXT = 3993;
const HEADER_BYTES = 16 + 4 + 1 + POINT_BYTES;
const TAG_BYTES = 16;

export interface Receiver {
  /** The subscription's p256dh: the user agent's public point (65 bytes). */
  readonly publicKey: Uint8Array<ArrayBuffer>;
  /** The subscription's auth secret (16 bytes). */
  readonly auth: Uint8Array<ArrayBuffer>;
}

export interface EncryptOptions {
  /** 16 bytes; random when absent. */
  readonly salt?: Uint8Array<ArrayBuffer>;
  /** The sender's ECDH key pair; a fresh one when absent. */
  readonly sender?: { readonly privateKey: CryptoKey; readonly publicKey: Uint8Array<ArrayBuffer> };
  /** Zero bytes of padding after the delimiter (hides the length a little); 0 by default. */
  readonly padding?: number;
}

export interface EncryptError {
  readonly code: 'ERR_PAYLOAD_TOO_LARGE' | 'ERR_SALT';
  readonly message: string;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8),
  );
}

/**
 * The content key and nonce both sides derive (RFC 8291 §3.4, RFC 8188 §2.2): IKM from the ECDH secret and the
 * auth secret, then the key and nonce from IKM and the salt.
 */
export async function deriveKeyAndNonce(
  ecdhSecret: Uint8Array<ArrayBuffer>,
  auth: Uint8Array<ArrayBuffer>,
  receiverPublic: Uint8Array,
  senderPublic: Uint8Array,
  salt: Uint8Array<ArrayBuffer>,
): Promise<{ key: Uint8Array<ArrayBuffer>; nonce: Uint8Array<ArrayBuffer> }> {
  const keyInfo = concat(utf8('WebPush: info\0'), receiverPublic, senderPublic);
  const ikm = await hkdf(auth, ecdhSecret, keyInfo, 32);
  const key = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  return { key, nonce };
}

export async function ecdhSecret(
  privateKey: CryptoKey,
  publicPoint: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const pub = await importEcdhPublic(publicPoint);
  // WebCrypto's member is `public` (the Workers types spell it `$public`).
  const algorithm = { name: 'ECDH', public: pub } as unknown as Parameters<
    typeof crypto.subtle.deriveBits
  >[0];
  return new Uint8Array(await crypto.subtle.deriveBits(algorithm, privateKey, 256));
}

/** The encrypted body of one push message for one subscription. */
export async function encryptPayload(
  plaintext: Uint8Array<ArrayBuffer>,
  receiver: Receiver,
  options: EncryptOptions = {},
): Promise<Result<Uint8Array<ArrayBuffer>, EncryptError>> {
  const padding = options.padding ?? 0;
  if (plaintext.length + padding > MAX_PLAINTEXT)
    return err({
      code: 'ERR_PAYLOAD_TOO_LARGE',
      message: `a push payload is at most ${MAX_PLAINTEXT} bytes`,
    });
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) return err({ code: 'ERR_SALT', message: 'the salt is 16 bytes' });
  const sender = options.sender ?? (await generateEcdh());
  const secret = await ecdhSecret(sender.privateKey, receiver.publicKey);
  const { key, nonce } = await deriveKeyAndNonce(
    secret,
    receiver.auth,
    receiver.publicKey,
    sender.publicKey,
    salt,
  );

  const record = concat(plaintext, new Uint8Array([2]), new Uint8Array(padding));
  const aes = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, tagLength: 128 }, aes, record),
  );

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = POINT_BYTES;
  header.set(sender.publicKey, 21);
  return ok(concat(header, sealed));
}

/** The size of the body `encryptPayload` makes for a plaintext of `length` bytes. */
export const encryptedLength = (length: number, padding = 0): number =>
  HEADER_BYTES + length + 1 + padding + TAG_BYTES;
