import fc from 'fast-check';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { d1Ledger } from '../src/adapters/d1/ledger.ts';
import { base64url, DEVELOPMENT_VAPID_PUBLIC_KEY, fromBase64url } from '../src/push/index.ts';
import { noCache } from '../src/ports/edge-cache.ts';
import { MAX_SUBSCRIPTIONS, REMINDER_PAGE } from '../src/services/push.ts';
import type { Env } from '../src/env.ts';
import { callerOf, DAY, errorCode, playCourse, quickPerfect, testAuditor, type Client } from './helpers.ts';
import { decrypt, userAgent, vapidPair } from './push-receiver.ts';

const pair = await vapidPair();
const SUBJECT = 'mailto:ops@golf.test';
const VAPID = {
  VAPID_PUBLIC_KEY: pair.publicKey,
  VAPID_PRIVATE_KEY: pair.privateKey,
  VAPID_SUBJECT: SUBJECT,
};

interface Pushed {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer>;
}

/** A push service the test plays: it keeps every request and answers each endpoint's status (201 unless told). */
function pushService() {
  const received: Pushed[] = [];
  const status = new Map<string, number>();
  /** Runs while a message is being delivered (what a player does meanwhile). */
  const during: { run: (() => Promise<void>) | null } = { run: null };
  const fetch = async (request: Request): Promise<Response> => {
    await during.run?.();
    received.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status: status.get(request.url) ?? 201 });
  };
  return {
    received,
    status,
    during,
    fetch,
    to: (endpoint: string) => received.filter((r) => r.url === endpoint),
  };
}

let ips = 0;

/** An app on a clock the test moves, with these bindings and a push service of its own. */
function client(bindings: Partial<Env> = { ...VAPID, LOCAL_DEV: '1' }, at = `${DAY}T05:00:00.000Z`) {
  let now = new Date(at);
  const service = pushService();
  const app = createApp({
    now: () => now,
    perfect: quickPerfect,
    cache: () => noCache,
    auditor: testAuditor(),
    fetch: service.fetch,
  });
  const appEnv = { ...env, ...bindings } as unknown as Env;
  const call = callerOf(app, appEnv);
  return {
    app,
    call,
    service,
    setNow: (next: string) => {
      now = new Date(next);
    },
    now: () => now,
    async player(): Promise<{ id: string; token: string }> {
      ips++;
      const r = await call<{ id: string; token: string }>('POST', '/api/players', {
        body: { name: 'Pusher' },
        headers: { 'cf-connecting-ip': `10.77.${ips >> 8}.${ips & 255}` },
      });
      if (r.status !== 201) throw new Error(`player: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    /** The cron's job at `time` (through the local `/api/dev/scheduled`). */
    async scheduled(time: string) {
      now = new Date(time);
      const r = await call<{ reminders: { sent: number; gone: number; failed: number } | null }>(
        'POST',
        `/api/dev/scheduled?time=${now.getTime()}`,
      );
      if (r.status !== 200) throw new Error(`scheduled: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.reminders;
    },
  };
}

let endpoints = 0;
const endpoint = () => `http://127.0.0.1:9${String(endpoints % 1000).padStart(3, '0')}/push/${++endpoints}`;

/** A browser's subscription to a push service at `url`, with the keys to read what it receives. */
async function browser(url = endpoint()) {
  const ua = await userAgent();
  return { ua, json: { endpoint: url, keys: { p256dh: base64url(ua.publicKey), auth: base64url(ua.auth) } } };
}

const b = (text: string): Uint8Array<ArrayBuffer> => fromBase64url(text)!;
const claims = (part: string) => JSON.parse(new TextDecoder().decode(b(part))) as Record<string, unknown>;

describe('GET /api/push/key and the VAPID bindings', () => {
  it('answers the public key', async () => {
    const r = await client().call<{ key: string }>('GET', '/api/push/key');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: pair.publicKey });
    expect(b(r.body.key).length).toBe(65);
  });

  it('has reminders off with a coded 503 without keys, with a bad pair, or with the development pair deployed', async () => {
    const dev = {
      VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: 'cdQQzfAXRb9OOBb8mDjUcIocR5judmW9OZ_vym8M5yE',
      VAPID_SUBJECT: 'mailto:dev@golf.local',
    };
    for (const bindings of [
      { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' },
      dev,
      { ...VAPID, VAPID_SUBJECT: 'ops' },
      { ...VAPID, VAPID_PUBLIC_KEY: 'AAAA' },
    ]) {
      const c = client(bindings);
      const p = await c.player();
      for (const [method, path] of [
        ['GET', '/api/push/key'],
        ['GET', '/api/players/me/push'],
        ['GET', '/api/players/me/reminders'],
      ] as const) {
        const r = await c.call(method, path, { token: p.token });
        expect([r.status, errorCode(r)]).toEqual([503, 'ERR_UNAVAILABLE']);
      }
      const put = await c.call('PUT', '/api/players/me/reminders', { token: p.token, body: { kinds: [] } });
      expect(put.status).toBe(503);
    }
    expect((await client({ ...dev, LOCAL_DEV: '1' }).call('GET', '/api/push/key')).body).toEqual({
      key: DEVELOPMENT_VAPID_PUBLIC_KEY,
    });
  });
});

describe('/api/players/me/push', () => {
  it('subscribes a device once, lists it and deletes it', async () => {
    const c = client();
    const p = await c.player();
    const { json } = await browser();
    const first = await c.call<{ id: string }>('POST', '/api/players/me/push', {
      token: p.token,
      body: json,
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String) });
    const again = await c.call<{ id: string }>('POST', '/api/players/me/push', {
      token: p.token,
      body: json,
    });
    expect([again.status, again.body]).toEqual([200, first.body]);
    const list = await c.call('GET', '/api/players/me/push', { token: p.token });
    expect(list).toMatchObject({
      status: 200,
      body: {
        subscriptions: [
          { id: first.body.id, endpoint: json.endpoint, createdAt: '2026-06-15T05:00:00.000Z' },
        ],
      },
    });
    const gone = await c.call('DELETE', `/api/players/me/push/${first.body.id}`, { token: p.token });
    expect([gone.status, gone.body]).toEqual([204, '']);
    const twice = await c.call('DELETE', `/api/players/me/push/${first.body.id}`, { token: p.token });
    expect([twice.status, errorCode(twice)]).toEqual([404, 'ERR_NOT_FOUND']);
    expect((await c.call('GET', '/api/players/me/push', { token: p.token })).body).toEqual({
      subscriptions: [],
    });
  });

  it('needs a player, and keeps each player to their own devices', async () => {
    const c = client();
    const { json } = await browser();
    for (const [method, path] of [
      ['POST', '/api/players/me/push'],
      ['GET', '/api/players/me/push'],
      ['DELETE', '/api/players/me/push/x'],
      ['GET', '/api/players/me/reminders'],
      ['PUT', '/api/players/me/reminders'],
    ] as const) {
      const r = await c.call(method, path, {
        body: method === 'POST' ? json : method === 'PUT' ? {} : undefined,
      });
      expect([method, path, r.status, errorCode(r)]).toEqual([method, path, 401, 'ERR_UNAUTHORIZED']);
    }
    const one = await c.player();
    const two = await c.player();
    const mine = await c.call<{ id: string }>('POST', '/api/players/me/push', {
      token: one.token,
      body: json,
    });
    const other = await c.call('DELETE', `/api/players/me/push/${mine.body.id}`, { token: two.token });
    expect(other.status).toBe(404);
    // The same browser signed in as another player: the device moves to them.
    const moved = await c.call<{ id: string }>('POST', '/api/players/me/push', {
      token: two.token,
      body: json,
    });
    expect(moved.status).toBe(201);
    expect(moved.body.id).not.toBe(mine.body.id);
    expect((await c.call('GET', '/api/players/me/push', { token: one.token })).body).toEqual({
      subscriptions: [],
    });
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS} devices per player (409 ERR_TOO_MANY)`, async () => {
    const c = client();
    const p = await c.player();
    const devices = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) {
      const d = await browser();
      devices.push(d);
      expect((await c.call('POST', '/api/players/me/push', { token: p.token, body: d.json })).status).toBe(
        201,
      );
    }
    const over = await c.call('POST', '/api/players/me/push', {
      token: p.token,
      body: (await browser()).json,
    });
    expect([over.status, errorCode(over)]).toEqual([409, 'ERR_TOO_MANY']);
    // A device already there is still answered with its id.
    expect(
      (await c.call('POST', '/api/players/me/push', { token: p.token, body: devices[3]!.json })).status,
    ).toBe(200);
  });

  it('refuses endpoints that are not https (local development: also http://127.0.0.1:<port>), and bad keys', async () => {
    const deployed = client({ ...VAPID });
    const local = client();
    const p = await deployed.player();
    const q = await local.player();
    const { json } = await browser();
    const https = { ...json, endpoint: 'https://push.example/send/abc' };
    expect(
      (await deployed.call('POST', '/api/players/me/push', { token: p.token, body: https })).status,
    ).toBe(201);
    const plain = await deployed.call('POST', '/api/players/me/push', { token: p.token, body: json });
    expect([plain.status, errorCode(plain)]).toEqual([400, 'ERR_VALIDATION']);
    expect((await local.call('POST', '/api/players/me/push', { token: q.token, body: json })).status).toBe(
      201,
    );

    const point = b(json.keys.p256dh);
    const compressed = base64url(Uint8Array.of(2, ...point.subarray(1, 33)));
    const offCurve = point.slice();
    offCurve[64] = offCurve[64]! ^ 1;
    const bad = [
      { ...json, endpoint: 'http://push.example/send' },
      { ...json, endpoint: 'http://localhost:9000/send' },
      { ...json, endpoint: 'ftp://127.0.0.1/x' },
      { ...json, endpoint: 'not a url' },
      { ...json, endpoint: 'https://user:pw@push.example/x' },
      { ...json, keys: { ...json.keys, p256dh: compressed } },
      { ...json, keys: { ...json.keys, p256dh: base64url(offCurve) } },
      { ...json, keys: { ...json.keys, auth: base64url(new Uint8Array(15)) } },
      { ...json, keys: { ...json.keys, auth: base64url(new Uint8Array(17)) } },
      { ...json, keys: { p256dh: json.keys.p256dh } },
      { endpoint: json.endpoint },
      [],
      'x',
    ];
    for (const body of bad) {
      const r = await local.call('POST', '/api/players/me/push', { token: q.token, body });
      expect([JSON.stringify(body), r.status, errorCode(r)]).toEqual([
        JSON.stringify(body),
        400,
        'ERR_VALIDATION',
      ]);
    }
    const raw = await local.call('POST', '/api/players/me/push', { token: q.token, raw: '{"endpoint":' });
    expect(raw.status).toBe(400);
  });

  it('answers random junk with a coded 4xx, never a 5xx', async () => {
    const c = client();
    const p = await c.player();
    const { json } = await browser();
    const text = fc.oneof(
      fc.string(),
      fc.base64String(),
      fc.constant(json.keys.p256dh),
      fc.constant(json.keys.auth),
    );
    const junk = fc.oneof(
      fc.anything(),
      fc.record(
        {
          endpoint: fc.oneof(fc.webUrl(), fc.string(), fc.constant('http://127.0.0.1:1/x'), fc.integer()),
          keys: fc.oneof(fc.record({ p256dh: text, auth: text }, { requiredKeys: [] }), fc.anything()),
          expirationTime: fc.oneof(fc.constant(null), fc.double(), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(junk, async (body) => {
        const raw = JSON.stringify(body) ?? 'null';
        const r = await c.call('POST', '/api/players/me/push', { token: p.token, raw });
        expect(r.status).toBeGreaterThanOrEqual(200);
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(errorCode(r)).toMatch(/^ERR_/);
      }),
      { numRuns: 150 },
    );
  });
});

describe('/api/players/me/reminders', () => {
  it('answers off by default, stores what is put, and turns off with kinds: []', async () => {
    const c = client();
    const p = await c.player();
    const get = () => c.call('GET', '/api/players/me/reminders', { token: p.token });
    expect(await get()).toMatchObject({ status: 200, body: { hour: 9, timeZone: 'UTC', kinds: [] } });
    const put = await c.call('PUT', '/api/players/me/reminders', {
      token: p.token,
      body: { hour: 19, timeZone: 'europe/paris', kinds: ['closing', 'open', 'open'] },
    });
    expect(put).toMatchObject({
      status: 200,
      body: { hour: 19, timeZone: 'Europe/Paris', kinds: ['open', 'closing'] },
    });
    expect((await get()).body).toEqual(put.body);
    const off = await c.call('PUT', '/api/players/me/reminders', { token: p.token, body: { kinds: [] } });
    expect(off.body).toEqual({ hour: 19, timeZone: 'Europe/Paris', kinds: [] });
    expect((await get()).body).toEqual(off.body);
  });

  it('refuses an unknown time zone, an hour outside 0-23 and unknown kinds', async () => {
    const c = client();
    const p = await c.player();
    for (const body of [
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: '' },
      { timeZone: 'x'.repeat(65) },
      { hour: 24 },
      { hour: -1 },
      { hour: 7.5 },
      { hour: '7' },
      { kinds: ['daily'] },
      { kinds: 'open' },
      [],
    ]) {
      const r = await c.call('PUT', '/api/players/me/reminders', { token: p.token, body });
      expect([JSON.stringify(body), r.status, errorCode(r)]).toEqual([
        JSON.stringify(body),
        400,
        'ERR_VALIDATION',
      ]);
    }
  });
});

/** A player with one device and reminders at `hour` in `timeZone`, set at the client's current time. */
async function reminded(c: ReturnType<typeof client>, settings: object) {
  const p = await c.player();
  const device = await browser();
  const sub = await c.call<{ id: string }>('POST', '/api/players/me/push', {
    token: p.token,
    body: device.json,
  });
  expect(sub.status).toBe(201);
  const put = await c.call('PUT', '/api/players/me/reminders', { token: p.token, body: settings });
  expect(put.status).toBe(200);
  return { player: p, device, id: sub.body.id };
}

/** Checks one delivered request the way a push service and then the browser would, and returns its payload. */
async function opened(message: Pushed, device: Awaited<ReturnType<typeof browser>>, now: Date) {
  expect(message.method).toBe('POST');
  expect(message.headers.get('content-encoding')).toBe('aes128gcm');
  expect(Number(message.headers.get('ttl'))).toBeGreaterThan(0);
  const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(
    message.headers.get('authorization') ?? '',
  );
  expect(auth).not.toBeNull();
  const [, h, c, s, k] = auth!;
  expect(k).toBe(pair.publicKey);
  expect(claims(h!)).toEqual({ typ: 'JWT', alg: 'ES256' });
  const jwt = claims(c!);
  expect(jwt.aud).toBe(new URL(device.json.endpoint).origin);
  expect(jwt.sub).toBe(SUBJECT);
  const exp = jwt.exp as number;
  expect(exp).toBeGreaterThan(now.getTime() / 1000);
  expect(exp - now.getTime() / 1000).toBeLessThanOrEqual(24 * 3600);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    pair.verify,
    b(s!),
    new TextEncoder().encode(`${h}.${c}`),
  );
  expect(valid).toBe(true);
  return JSON.parse((await decrypt(message.body, device.ua)).plaintext) as Record<string, unknown>;
}

describe('the scheduled run sends reminders', () => {
  it('at or after the player hour in their time zone, once per day, kind and device', async () => {
    const c = client();
    // 08:00 in Paris is 06:00 UTC in June.
    const { device } = await reminded(c, { hour: 8, timeZone: 'Europe/Paris', kinds: ['open'] });
    await c.scheduled(`${DAY}T05:50:00.000Z`);
    expect(c.service.to(device.json.endpoint)).toEqual([]);

    const at = `${DAY}T06:03:00.000Z`;
    await c.scheduled(at);
    const got = c.service.to(device.json.endpoint);
    expect(got.length).toBe(1);
    expect(await opened(got[0]!, device, new Date(at))).toEqual({
      kind: 'open',
      date: DAY,
      title: "Today's course is open",
      body: 'Nine new holes, par 45.',
      url: '/',
    });
    await c.scheduled(`${DAY}T06:13:00.000Z`);
    await c.scheduled(`${DAY}T23:50:00.000Z`);
    expect(c.service.to(device.json.endpoint).length).toBe(1);
    // The next day at the same hour, again.
    await c.scheduled('2026-06-16T06:01:00.000Z');
    const next = c.service.to(device.json.endpoint);
    expect(next.length).toBe(2);
    expect((await opened(next[1]!, device, new Date('2026-06-16T06:01:00.000Z'))).date).toBe('2026-06-16');
  });

  it('never twice for overlapping runs: the send is recorded first, under a unique key', async () => {
    const c = client();
    const players = [];
    for (let i = 0; i < 3; i++)
      players.push(await reminded(c, { hour: 7, timeZone: 'UTC', kinds: ['open'] }));
    c.setNow(`${DAY}T07:04:00.000Z`);
    await Promise.all([c.scheduled(`${DAY}T07:04:00.000Z`), c.scheduled(`${DAY}T07:04:00.000Z`)]);
    for (const p of players) expect(c.service.to(p.device.json.endpoint).length).toBe(1);
    // And the store itself: a second claim of the same (day, kind, device) is refused.
    const store = d1Ledger(env.DB).push;
    const send = { date: DAY, kind: 'open' as const, subscriptionId: players[0]!.id, sentAt: 1 };
    expect(await store.claimSends([send])).toEqual([]);
  });

  it('sends "closing" when the hour falls in the last hours of the UTC day, and nothing to a finished player', async () => {
    const c = client(undefined, `${DAY}T12:00:00.000Z`);
    const late = await reminded(c, { hour: 20, timeZone: 'UTC', kinds: ['open', 'closing'] });
    const done = await reminded(c, { hour: 20, timeZone: 'UTC', kinds: ['open', 'closing'] });
    await playCourse(c as unknown as Client, DAY, done.player.token);
    const at = `${DAY}T20:05:00.000Z`;
    await c.scheduled(at);
    const got = c.service.to(late.device.json.endpoint);
    expect(got.length).toBe(1);
    expect(await opened(got[0]!, late.device, new Date(at))).toEqual({
      kind: 'closing',
      date: DAY,
      title: "Today's course closes in 4 hours",
      body: 'You have not finished your round yet.',
      url: '/',
    });
    expect(c.service.to(done.device.json.endpoint)).toEqual([]);
  });

  it('removes a subscription the push service says is gone (404/410), and retries other failures', async () => {
    const c = client();
    const gone = await reminded(c, { hour: 9, timeZone: 'UTC', kinds: ['open'] });
    const flaky = await reminded(c, { hour: 9, timeZone: 'UTC', kinds: ['open'] });
    c.service.status.set(gone.device.json.endpoint, 410);
    c.service.status.set(flaky.device.json.endpoint, 500);
    const run = await c.scheduled(`${DAY}T09:01:00.000Z`);
    expect(run).toMatchObject({ gone: expect.any(Number), failed: expect.any(Number) });
    expect(c.service.to(gone.device.json.endpoint).length).toBe(1);
    expect((await c.call('GET', '/api/players/me/push', { token: gone.player.token })).body).toEqual({
      subscriptions: [],
    });
    expect((await c.call('GET', '/api/players/me/push', { token: flaky.player.token })).body).toMatchObject({
      subscriptions: [{ id: flaky.id }],
    });
    c.service.status.delete(flaky.device.json.endpoint);
    await c.scheduled(`${DAY}T09:05:00.000Z`); // before the retry time
    expect(c.service.to(flaky.device.json.endpoint).length).toBe(1);
    await c.scheduled(`${DAY}T09:12:00.000Z`);
    expect(c.service.to(flaky.device.json.endpoint).length).toBe(2);
    await c.scheduled(`${DAY}T09:30:00.000Z`);
    expect(c.service.to(flaky.device.json.endpoint).length).toBe(2);
    expect(c.service.to(gone.device.json.endpoint).length).toBe(1);
  });

  it('sends nothing when reminders are off, or for a day already closed', async () => {
    const c = client();
    const off = await reminded(c, { hour: 10, timeZone: 'UTC', kinds: ['open'] });
    await c.call('PUT', '/api/players/me/reminders', { token: off.player.token, body: { kinds: [] } });
    // Due at 22:00 UTC on DAY (Tokyo is UTC+9: 07:00 there), but the first run comes the next day.
    const missed = await reminded(c, { hour: 7, timeZone: 'Asia/Tokyo', kinds: ['open'] });
    await c.scheduled(`${DAY}T10:30:00.000Z`);
    await c.scheduled('2026-06-16T00:10:00.000Z');
    expect(c.service.to(off.device.json.endpoint)).toEqual([]);
    expect(c.service.to(missed.device.json.endpoint)).toEqual([]);
    await c.scheduled('2026-06-16T22:01:00.000Z');
    expect(c.service.to(missed.device.json.endpoint).length).toBe(1);
  });

  it('keeps settings a player puts while a run is sending', async () => {
    const c = client();
    const p = await reminded(c, { hour: 11, timeZone: 'UTC', kinds: ['open'] });
    c.service.during.run = async () => {
      c.service.during.run = null;
      await c.call('PUT', '/api/players/me/reminders', { token: p.player.token, body: { kinds: [] } });
    };
    await c.scheduled(`${DAY}T11:01:00.000Z`);
    expect(c.service.to(p.device.json.endpoint).length).toBe(1);
    const row = await env.DB.prepare('SELECT due_at FROM reminders WHERE player_id = ?')
      .bind(p.player.id)
      .first<{ due_at: number | null }>();
    expect(row).toEqual({ due_at: null });
  });

  it(`pages through the due players, ${REMINDER_PAGE} at a time, in one run`, async () => {
    const c = client();
    const many = [];
    for (let i = 0; i < REMINDER_PAGE + 5; i++)
      many.push(await reminded(c, { hour: 13, timeZone: 'UTC', kinds: ['open'] }));
    await c.scheduled(`${DAY}T13:02:00.000Z`);
    for (const p of many) expect(c.service.to(p.device.json.endpoint).length).toBe(1);
  });
});
