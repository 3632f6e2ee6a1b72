import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, DEVELOPMENT_VAPID_PUBLIC_KEY } from '../src/push/index.ts';
import { MAX_SUBSCRIPTIONS } from '../src/services/push.ts';
import { errorCode } from './helpers.ts';
import { b, browser, client, pair, VAPID } from './push-client.ts';

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
    expect(await get()).toMatchObject({
      status: 200,
      body: { hour: 9, timeZone: 'UTC', kinds: [], language: 'en' },
    });
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
    expect(off.body).toEqual({ hour: 19, timeZone: 'Europe/Paris', kinds: [], language: 'en' });
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
