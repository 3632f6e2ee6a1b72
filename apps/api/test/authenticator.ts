/**
 * A software passkey for tests: an ES256 key pair answering WebAuthn ceremonies the way a platform authenticator
 * does (attestation "none"), built from WebCrypto and the CBOR encoder the server library ships.
 */
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { base64url, concat, fromBase64url } from '../src/crypto.ts';

const enc = new TextEncoder();
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from(bytes)));
const u32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** An ECDSA signature as WebAuthn carries it: DER, not WebCrypto's raw r‖s. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Ceremony {
  readonly challenge: string;
  readonly rp?: { readonly id: string };
  readonly rpId?: string;
  readonly user?: { readonly id: string };
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  #keys: CryptoKeyPair | null = null;
  #userHandle: string | null = null;
  counter = 0;

  get id(): string {
    return base64url(this.credentialId);
  }

  async #pair(): Promise<CryptoKeyPair> {
    this.#keys ??= (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    return this.#keys;
  }

  /** The answer to `navigator.credentials.create(options)` on `origin`. */
  async create(options: Ceremony, origin: string) {
    const keys = await this.#pair();
    const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as JsonWebKey;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromBase64url(jwk.x!)!],
        [-3, fromBase64url(jwk.y!)!],
      ]),
    );
    this.#userHandle = options.user!.id;
    const rpIdHash = await sha256(enc.encode(options.rp!.id));
    const authData = concat(
      rpIdHash,
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      new Uint8Array(16), // AAGUID
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = enc.encode(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    return {
      ...this.#credential({
        clientDataJSON: base64url(clientDataJSON),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      }),
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to `navigator.credentials.get(options)` on `origin`. */
  async get(options: Ceremony, origin: string) {
    const keys = await this.#pair();
    this.counter++;
    const authData = concat(
      await sha256(enc.encode(options.rpId!)),
      new Uint8Array([0x05]),
      u32(this.counter),
    );
    const clientDataJSON = enc.encode(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed),
    );
    return this.#credential({
      clientDataJSON: base64url(clientDataJSON),
      authenticatorData: base64url(authData),
      signature: base64url(derSignature(raw)),
      ...(this.#userHandle === null ? {} : { userHandle: this.#userHandle }),
    });
  }

  /** A credential as the browser serialises it, around a ceremony's `response`. */
  #credential<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, response, clientExtensionResults: {} };
  }
}
