/** Web Push, crypto only (no routes, no storage): VAPID (RFC 8292), aes128gcm encryption (RFC 8291), requests. */
export { base64url, fromBase64url } from './bytes.ts';
export { DEVELOPMENT_VAPID_PUBLIC_KEY } from './config.ts';
export {
  MAX_PLAINTEXT,
  RECORD_SIZE,
  deriveKeyAndNonce,
  ecdhSecret,
  encryptPayload,
  encryptedLength,
  type EncryptError,
  type EncryptOptions,
  type Receiver,
} from './encrypt.ts';
export {
  AUTH_BYTES,
  POINT_BYTES,
  generateEcdh,
  importEcdhPrivate,
  isUncompressedP256,
  parseAuth,
  parseP256dh,
  type KeyError,
} from './keys.ts';
export {
  PUSH_KINDS,
  URGENCIES,
  buildPushRequest,
  parseSubscription,
  type PushKind,
  type PushMessage,
  type PushRequest,
  type PushRequestOptions,
  type PushSubscriptionJson,
  type Subscription,
  type SubscriptionError,
  type Urgency,
} from './message.ts';
export {
  MAX_TOKEN_SECONDS,
  TOKEN_SECONDS,
  importVapidKeys,
  isVapidSubject,
  signVapidJwt,
  vapidAuthorization,
  type VapidClaims,
  type VapidKeys,
} from './vapid.ts';
