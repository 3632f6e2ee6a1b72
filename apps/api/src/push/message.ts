/**
 * What a push message says, and the request that carries it to one subscription's push service: `POST` to
 * the endpoint with the encrypted body (`Content-Encoding: aes128gcm`), `TTL`, the VAPID `Authorization`, and
 * an optional `Urgency`. Nothing is sent here: the caller passes the request to `fetch`.
 */
import { err, ok, type Result } from '@golf/engine';
import { utf8 } from './bytes.ts';
import { encryptPayload, type EncryptError, type EncryptOptions } from './encrypt.ts';
import { parseAuth, parseP256dh, type KeyError } from './keys.ts';
import { vapidAuthorization, type VapidKeys } from './vapid.ts';

export { PUSH_KINDS, type PushKind, type PushMessage } from '@golf/contract/push';
import type { PushMessage } from '@golf/contract/push';

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export interface PushSubscriptionJson {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface Subscription {
  readonly endpoint: string;
  readonly publicKey: Uint8Array<ArrayBuffer>;
  readonly auth: Uint8Array<ArrayBuffer>;
}

export type SubscriptionError = KeyError | { readonly code: 'ERR_ENDPOINT'; readonly message: string };

/**
 * Checks a subscription: an https endpoint, a p256dh that is a P-256 point, an auth of 16 bytes. With
 * `localHttp` (local development only) an `http://127.0.0.1:<port>/…` endpoint is accepted too, so a test can
 * be the push service.
 */
export async function parseSubscription(
  json: PushSubscriptionJson,
  options: { readonly localHttp?: boolean } = {},
): Promise<Result<Subscription, SubscriptionError>> {
  let url: URL;
  try {
    url = new URL(json.endpoint);
  } catch {
    return err({ code: 'ERR_ENDPOINT', message: 'the endpoint is not a URL' });
  }
  const local = options.localHttp === true && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !local)
    return err({ code: 'ERR_ENDPOINT', message: 'the endpoint must be https' });
  if (url.username !== '' || url.password !== '')
    return err({ code: 'ERR_ENDPOINT', message: 'the endpoint must not hold credentials' });
  const publicKey = await parseP256dh(json.keys.p256dh);
  if (!publicKey.ok) return publicKey;
  const auth = parseAuth(json.keys.auth);
  if (!auth.ok) return auth;
  return ok({ endpoint: url.href, publicKey: publicKey.value, auth: auth.value });
}

export const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

export interface PushRequest {
  readonly endpoint: string;
  readonly method: 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array<ArrayBuffer>;
}

export interface PushRequestOptions {
  readonly subscription: Subscription;
  readonly message: PushMessage;
  readonly vapid: VapidKeys;
  /** The VAPID subject (`mailto:` or `https:`). */
  readonly subject: string;
  /** Seconds the push service keeps the message for an offline device. */
  readonly ttl: number;
  readonly urgency?: Urgency;
  /** Milliseconds since the epoch (the token's clock). */
  readonly now?: number;
  /** Fixed salt and sender key (tests). */
  readonly encryption?: EncryptOptions;
}

/** The request that delivers `message` to one subscription. */
export async function buildPushRequest(
  options: PushRequestOptions,
): Promise<Result<PushRequest, EncryptError>> {
  const { subscription, message } = options;
  const payload = utf8(
    JSON.stringify({
      kind: message.kind,
      date: message.date,
      title: message.title,
      body: message.body,
      url: message.url,
    }),
  );
  const body = await encryptPayload(
    payload,
    { publicKey: subscription.publicKey, auth: subscription.auth },
    options.encryption,
  );
  if (!body.ok) return body;
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(
      subscription.endpoint,
      options.vapid,
      options.subject,
      options.now,
    ),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(Math.max(0, Math.floor(options.ttl))),
  };
  if (options.urgency) headers.urgency = options.urgency;
  return ok({ endpoint: subscription.endpoint, method: 'POST', headers, body: body.value });
}
