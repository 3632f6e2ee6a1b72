import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_VAPID_PUBLIC_KEY,
  MAX_PLAINTEXT,
  MAX_TOKEN_SECONDS,
  base64url,
  buildPushRequest,
  encryptPayload,
  encryptedLength,
  fromBase64url,
  importEcdhPrivate,
  importVapidKeys,
  isUncompressedP256,
  parseAuth,
  parseP256dh,
  parseSubscription,
  vapidAuthorization,
  type PushMessage,
  type VapidKeys,
} from '../src/push/index.ts';
import { decrypt, userAgent, vapidPair } from './push-receiver.ts';
import { configOf } from '../src/config.ts';

const b = (text: string): Uint8Array<ArrayBuffer> => {
  const bytes = fromBase64url(text);
  if (bytes === null) throw new Error(`not base64url: ${text}`);
  return bytes;
};
const utf8 = (s: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(s));

// RFC 8291 §5 and Appendix A: every input fixed, so the body is known to the byte.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
} as const;

const MESSAGE: PushMessage = {
  kind: 'open',
  date: '2026-12-02',
  title: "Today's course is open",
  body: 'Nine new holes, par 45.',
  url: '/',
};

describe('RFC 8291 aes128gcm', () => {
  it('reproduces the RFC 8291 example message byte for byte (fixed salt and sender key)', async () => {
    const sender = {
      privateKey: await importEcdhPrivate(b(RFC.asPublic), b(RFC.asPrivate)),
      publicKey: b(RFC.asPublic),
    };
    const body = await encryptPayload(
      utf8(RFC.plaintext),
      { publicKey: b(RFC.uaPublic), auth: b(RFC.auth) },
      { salt: b(RFC.salt), sender },
    );
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    expect(base64url(body.value)).toBe(RFC.body);
    // And the RFC's receiver, with its private key, reads it back.
    const ua = {
      privateKey: await importEcdhPrivate(b(RFC.uaPublic), b(RFC.uaPrivate)),
      publicKey: b(RFC.uaPublic),
      auth: b(RFC.auth),
    };
    expect(await decrypt(body.value, ua)).toEqual({ plaintext: RFC.plaintext, recordSize: 4096 });
  });

  it('decrypts what it encrypts with a fresh salt and sender key each time, padding included', async () => {
    const ua = await userAgent();
    const text = JSON.stringify(MESSAGE);
    const one = await encryptPayload(utf8(text), ua);
    const two = await encryptPayload(utf8(text), ua, { padding: 40 });
    if (!one.ok || !two.ok) throw new Error('encryption failed');
    expect(one.value.length).toBe(encryptedLength(utf8(text).length));
    expect(two.value.length).toBe(encryptedLength(utf8(text).length, 40));
    expect(base64url(one.value.slice(0, 16))).not.toBe(base64url(two.value.slice(0, 16)));
    expect(base64url(one.value.slice(21, 86))).not.toBe(base64url(two.value.slice(21, 86)));
    expect((await decrypt(one.value, ua)).plaintext).toBe(text);
    expect((await decrypt(two.value, ua)).plaintext).toBe(text);
    // Another subscription's keys cannot open it.
    await expect(decrypt(one.value, await userAgent())).rejects.toThrow();
  });

  it('refuses a payload longer than a push service must take', async () => {
    const ua = await userAgent();
    expect((await encryptPayload(new Uint8Array(MAX_PLAINTEXT), ua)).ok).toBe(true);
    const big = await encryptPayload(new Uint8Array(MAX_PLAINTEXT + 1), ua);
    expect(big.ok ? null : big.error.code).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect(encryptedLength(MAX_PLAINTEXT)).toBe(4096);
  });
});

describe('subscription keys', () => {
  it('accepts a real p256dh and a 16-byte auth', async () => {
    const ua = await userAgent();
    expect((await parseP256dh(base64url(ua.publicKey))).ok).toBe(true);
    expect((await parseP256dh(RFC.uaPublic)).ok).toBe(true);
    expect(parseAuth(RFC.auth).ok).toBe(true);
  });

  it('refuses a p256dh that is not an uncompressed point on P-256', async () => {
    const good = b(RFC.uaPublic);
    const compressed = new Uint8Array(33);
    compressed.set(good.subarray(0, 33));
    compressed[0] = 0x02;
    const offCurve = good.slice();
    offCurve[64] = offCurve[64]! ^ 1;
    const wrongPrefix = good.slice();
    wrongPrefix[0] = 0x05;
    for (const bad of [compressed, offCurve, wrongPrefix, new Uint8Array(65), good.subarray(0, 64)]) {
      expect(isUncompressedP256(bad)).toBe(false);
      const r = await parseP256dh(base64url(bad));
      expect(r.ok ? null : r.error.code).toBe('ERR_P256DH');
    }
    for (const text of ['', 'not base64!', RFC.uaPublic + 'A'])
      expect((await parseP256dh(text)).ok).toBe(false);
  });

  it('refuses an auth that is not exactly 16 bytes of base64url', () => {
    for (const text of [
      '',
      'AAAA',
      base64url(new Uint8Array(15)),
      base64url(new Uint8Array(17)),
      'BTBZMqHH6r4Tts7J_aSIg+',
    ]) {
      const r = parseAuth(text);
      expect(r.ok ? null : r.error.code).toBe('ERR_AUTH');
    }
  });

  it('checks a whole subscription, endpoint first', async () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    expect((await parseSubscription({ endpoint: 'https://push.example/send/abc', keys })).ok).toBe(true);
    for (const [endpoint, code] of [
      ['http://push.example/send/abc', 'ERR_ENDPOINT'],
      ['nonsense', 'ERR_ENDPOINT'],
    ] as const) {
      const r = await parseSubscription({ endpoint, keys });
      expect(r.ok ? null : r.error.code).toBe(code);
    }
    const r = await parseSubscription({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'AA' } });
    expect(r.ok ? null : r.error.code).toBe('ERR_AUTH');
  });
});

describe('VAPID (RFC 8292)', () => {
  const decodeJson = (part: string): Record<string, unknown> =>
    JSON.parse(new TextDecoder().decode(b(part))) as Record<string, unknown>;

  it('signs an ES256 JWT for the endpoint origin, valid at most 24 hours, with the subject', async () => {
    const pair = await vapidPair();
    const keys = await importVapidKeys(pair);
    if (!keys.ok) throw new Error(keys.error.message);
    const now = Date.UTC(2026, 11, 2, 6, 0, 0);
    const header = await vapidAuthorization(
      'https://push.example:8443/send/abc?x=1',
      keys.value,
      'mailto:ops@golf.example',
      now,
    );
    const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(m).not.toBeNull();
    const [, h, c, s, k] = m!;
    expect(k).toBe(pair.publicKey);
    expect(decodeJson(h!)).toEqual({ typ: 'JWT', alg: 'ES256' });
    const claims = decodeJson(c!);
    expect(claims.aud).toBe('https://push.example:8443');
    expect(claims.sub).toBe('mailto:ops@golf.example');
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp as number).toBeGreaterThan(now / 1000);
    expect((claims.exp as number) - now / 1000).toBeLessThanOrEqual(MAX_TOKEN_SECONDS);
    // The signature verifies with the public key the header names (raw P-256 point, r ‖ s).
    const signature = b(s!);
    expect(signature.length).toBe(64);
    const verifyKey = await crypto.subtle.importKey(
      'raw',
      b(k!),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      verifyKey,
      signature,
      utf8(`${h}.${c}`),
    );
    expect(valid).toBe(true);
    const forged = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      verifyKey,
      signature,
      utf8(`${h}.${c}x`),
    );
    expect(forged).toBe(false);
  });

  it('refuses key pairs that are not P-256 VAPID keys', async () => {
    const pair = await vapidPair();
    const other = await vapidPair();
    for (const text of [
      { publicKey: 'AAAA', privateKey: pair.privateKey },
      { publicKey: pair.publicKey, privateKey: 'AAAA' },
      { publicKey: pair.publicKey, privateKey: other.privateKey },
    ]) {
      const r = await importVapidKeys(text);
      expect(r.ok ? null : r.error.code).toBe('ERR_VAPID_KEY');
    }
  });

  it('refuses the development key pair outside local development', () => {
    const dev = {
      VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: 'cdQQzfAXRb9OOBb8mDjUcIocR5judmW9OZ_vym8M5yE',
      VAPID_SUBJECT: 'mailto:dev@golf.local',
    };
    expect(configOf(dev).pushProblem).toBe('the VAPID key pair is the public development pair');
    expect(configOf({ ...dev, LOCAL_DEV: '1' }).pushProblem).toBeNull();
    expect(configOf({}).pushProblem).not.toBeNull();
    expect(configOf({ ...dev, LOCAL_DEV: '1', VAPID_SUBJECT: 'ops' }).pushProblem).not.toBeNull();
  });
});

describe('the push request', () => {
  it('is a POST of the encrypted payload with aes128gcm, TTL, Urgency and the VAPID header', async () => {
    const ua = await userAgent();
    const pair = await vapidPair();
    const keys = await importVapidKeys(pair);
    if (!keys.ok) throw new Error(keys.error.message);
    const sub = await parseSubscription({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: base64url(ua.publicKey), auth: base64url(ua.auth) },
    });
    if (!sub.ok) throw new Error(sub.error.message);
    const vapid: VapidKeys = keys.value;
    const req = await buildPushRequest({
      subscription: sub.value,
      message: MESSAGE,
      vapid,
      subject: 'https://golf.example',
      ttl: 3600,
      urgency: 'normal',
    });
    if (!req.ok) throw new Error(req.error.message);
    expect(req.value.endpoint).toBe('https://push.example/send/abc');
    expect(req.value.method).toBe('POST');
    expect(req.value.headers['content-encoding']).toBe('aes128gcm');
    expect(req.value.headers.ttl).toBe('3600');
    expect(req.value.headers.urgency).toBe('normal');
    expect(req.value.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const { plaintext } = await decrypt(req.value.body, ua);
    expect(JSON.parse(plaintext)).toEqual(MESSAGE);
    // Fetch takes it as it is.
    const request = new Request(req.value.endpoint, req.value);
    expect(request.method).toBe('POST');
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(req.value.body);

    const quiet = await buildPushRequest({
      subscription: sub.value,
      message: MESSAGE,
      vapid,
      subject: 'https://golf.example',
      ttl: 0,
    });
    if (!quiet.ok) throw new Error(quiet.error.message);
    expect(quiet.value.headers.urgency).toBeUndefined();
    expect(quiet.value.headers.ttl).toBe('0');
  });
});
