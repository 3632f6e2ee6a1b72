/** Byte helpers for Web Push: base64url (RFC 4648 §5, no padding) and concatenation. */

export { base64url, concat, fromBase64url } from '../crypto.ts';

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));
