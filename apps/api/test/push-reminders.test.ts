/** The scheduled run's reminders: who gets one, when, once, and what the push service and the browser see. */
import { env } from 'cloudflare:workers';
import { testLedger } from './seed.ts';
import { describe, expect, it } from 'vitest';
import { REMINDER_PAGE } from '../src/services/push.ts';
import { DAY, playCourse, type Client } from './helpers.ts';
import { decrypt } from './push-receiver.ts';
import { b, browser, claims, client, pair, SUBJECT, type Pushed } from './push-client.ts';

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
    const store = testLedger().push;
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

  it('writes each reminder in the language stored with the player’s settings', async () => {
    const c = client(undefined, `${DAY}T12:00:00.000Z`);
    const es = await reminded(c, { hour: 23, timeZone: 'UTC', kinds: ['closing'], language: 'es' });
    const ja = await reminded(c, { hour: 23, timeZone: 'UTC', kinds: ['closing'], language: 'ja' });
    const en = await reminded(c, { hour: 23, timeZone: 'UTC', kinds: ['closing'] });
    const at = `${DAY}T23:01:00.000Z`;
    await c.scheduled(at);
    const [toEs] = c.service.to(es.device.json.endpoint);
    expect(await opened(toEs!, es.device, new Date(at))).toEqual({
      kind: 'closing',
      date: DAY,
      title: 'El recorrido de hoy cierra en 1 hora',
      body: 'Aún no has terminado tu ronda.',
      url: '/',
    });
    const [toJa] = c.service.to(ja.device.json.endpoint);
    expect((await opened(toJa!, ja.device, new Date(at))).title).toBe('今日のコースはあと1時間で締め切り');
    const [toEn] = c.service.to(en.device.json.endpoint);
    expect((await opened(toEn!, en.device, new Date(at))).title).toBe("Today's course closes in 1 hour");
    // The language is kept with the settings, and a later change of hour leaves it as it was.
    const put = await c.call('PUT', '/api/players/me/reminders', {
      token: es.player.token,
      body: { hour: 8 },
    });
    expect(put.body).toMatchObject({ hour: 8, language: 'es' });
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
