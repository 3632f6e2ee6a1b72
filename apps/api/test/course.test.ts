import { courseDecks, dealFromDeck, makeCard, PRESETS, replay, scoreOf, solve } from '@golf/engine';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { hmacHex } from '../src/crypto.ts';
import type { CourseView } from '../src/index.ts';
import { createWorker } from '../src/handlers.ts';
import { DAY, errorCode, quickPerfect, seedOf, testClient } from './helpers.ts';

describe('the daily course', () => {
  it("serves today's public layouts and nothing of the stocks", async () => {
    const client = testClient();
    const r = await client.call<CourseView>('GET', '/api/daily');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      date: DAY,
      rules: 'classic',
      par: 45,
      opensAt: `${DAY}T00:00:00.000Z`,
      closesAt: '2026-06-16T00:00:00.000Z',
      closed: false,
    });
    expect(r.body.holes.map((h) => h.hole)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const decks = courseDecks(await seedOf(DAY));
    expect(decks.ok).toBe(true);
    if (!decks.ok) return;
    r.body.holes.forEach((h, i) => {
      expect(Object.keys(h).sort()).toEqual(['columns', 'hole', 'stockSize', 'waste']);
      const deal = dealFromDeck(decks.value[i]!, PRESETS.classic);
      expect(h.columns).toEqual(deal.columns.map((col) => col.map(makeCard)));
      expect(h.waste).toBe(makeCard(deal.waste!));
      expect(h.stockSize).toBe(16);
    });
    const stockCards = decks.value.flatMap((deck) => dealFromDeck(deck, PRESETS.classic).stock.map(makeCard));
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('perfect');
    expect(text).not.toContain('stock"');
    expect(text).not.toContain('auditSalt');
    // No stock card appears anywhere except as a column or waste card of some other hole.
    const visible = new Set(
      r.body.holes.flatMap((h, i) => [...h.columns.flat(), h.waste].map((c) => `${i}:${c}`)),
    );
    decks.value.forEach((deck, i) =>
      dealFromDeck(deck, PRESETS.classic).stock.forEach((c) =>
        expect(visible.has(`${i}:${makeCard(c)}`)).toBe(false),
      ),
    );
    expect(stockCards).toHaveLength(144);
    expect(r.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect((await client.call('GET', `/api/daily/${DAY}`)).body).toEqual(r.body);
    // A trailing slash is the same route.
    expect((await client.call('GET', `/api/daily/${DAY}/`)).body).toEqual(r.body);
    expect((await client.call('GET', '/api/daily/')).status).toBe(200);
  });

  it('gives each day its own course and stores it once, even when first requested concurrently', async () => {
    const client = testClient('2026-07-01T08:00:00.000Z');
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => client.call<CourseView>('GET', '/api/daily/2026-07-01')),
    );
    replies.forEach((r) => expect(r.body).toEqual(replies[0]!.body));
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM course_holes WHERE date = ?')
      .bind('2026-07-01')
      .first<{ n: number }>();
    expect(rows?.n).toBe(9);
    const other = await client.call<CourseView>('GET', '/api/daily/2026-06-30');
    expect(other.body.holes[0]!.columns).not.toEqual(replies[0]!.body.holes[0]!.columns);
    const stored = await env.DB.prepare('SELECT generator_version, rules FROM courses WHERE date = ?')
      .bind('2026-07-01')
      .first();
    expect(stored).toEqual({ generator_version: 1, rules: 'classic' });
  });

  it('opens the stocks and perfect lines once the day is closed', async () => {
    const client = testClient();
    const r = await client.call<CourseView>('GET', '/api/daily/2026-06-10');
    expect(r.body.closed).toBe(true);
    // The audit's salt, HMAC-SHA256(secret, "golf-daily/audit/v1/" + date) in hex (docs/api.md).
    expect(r.body.auditSalt).toBe(await hmacHex(env.DAILY_SECRET, 'golf-daily/audit/v1/2026-06-10'));
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000');
    const decks = courseDecks(await seedOf('2026-06-10'));
    if (!decks.ok) throw new Error('seed');
    r.body.holes.forEach((h, i) => {
      const deal = dealFromDeck(decks.value[i]!, PRESETS.classic);
      expect(h.stock).toEqual(deal.stock.map(makeCard));
      const pos = replay(deal, PRESETS.classic, h.perfect!.log);
      expect(pos.ok).toBe(true);
      if (pos.ok) expect(scoreOf(pos.value).strokes).toBe(h.perfect!.strokes);
    });
  });

  it('stores the exact perfect-play result of each hole', { timeout: 120_000 }, async () => {
    // The default app runs the real solver (this date is used by no other test).
    const date = '2026-03-03';
    const app = createApp({ now: () => new Date('2026-03-04T00:00:00.000Z') });
    const res = await app.request(`/api/daily/${date}`, {}, env);
    const body = (await res.json()) as CourseView;
    const decks = courseDecks(await seedOf(date));
    if (!decks.ok) throw new Error('seed');
    body.holes.forEach((h, i) => {
      const solved = solve(dealFromDeck(decks.value[i]!, PRESETS.classic), PRESETS.classic, {
        objective: 'strokes',
      });
      expect(solved.ok && solved.value.exact).toBe(true);
      if (solved.ok) expect(h.perfect!.strokes).toBe(solved.value.strokes);
    });
  });

  it('answers 404 for a future day or one before the first course, 400 for a malformed date', async () => {
    const client = testClient();
    const future = await client.call('GET', '/api/daily/2026-06-16');
    expect([future.status, errorCode(future)]).toEqual([404, 'ERR_FUTURE_DATE']);
    const early = await client.call('GET', '/api/daily/2025-12-31');
    expect([early.status, errorCode(early)]).toEqual([404, 'ERR_NOT_FOUND']);
    for (const bad of ['2026-02-30', '2026-6-1', 'today', '20260615', '2026-06-15x']) {
      const r = await client.call('GET', `/api/daily/${bad}`);
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
    }
    const row = await env.DB.prepare('SELECT count(*) AS n FROM courses WHERE date > ?')
      .bind('2026-12-31')
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe('the worker', () => {
  it("creates today's and tomorrow's courses on the cron", async () => {
    const worker = createWorker({ perfect: quickPerfect });
    const ctx = createExecutionContext();
    const scheduledTime = Date.parse('2026-08-20T00:05:00.000Z');
    await worker.scheduled(createScheduledController({ scheduledTime, cron: '5 0,12 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const rows = await env.DB.prepare(
      "SELECT date FROM courses WHERE date BETWEEN '2026-08-19' AND '2026-08-22' ORDER BY date",
    ).all<{
      date: string;
    }>();
    expect(rows.results.map((r) => r.date)).toEqual(['2026-08-20', '2026-08-21']);
  });

  it('answers through its default export with JSON errors', async () => {
    const health = await exports.default.fetch('http://localhost/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const missing = await exports.default.fetch('http://localhost/api/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'ERR_NOT_FOUND' } });
    const big = await exports.default.fetch('http://localhost/api/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(17_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'ERR_BODY_TOO_LARGE' } });
    const malformed = await exports.default.fetch('http://localhost/api/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'ERR_VALIDATION' } });
  });
});

describe('the local scheduled route', () => {
  it('runs the cron job only in local development, and is a 404 anywhere else', async () => {
    const client = testClient('2026-09-10T08:00:00.000Z');
    const deployed = await client.call('POST', '/api/dev/scheduled');
    expect([deployed.status, errorCode(deployed)]).toEqual([404, 'ERR_NOT_FOUND']);
    const local = await client.app.request(
      '/api/dev/scheduled?time=1789000000',
      { method: 'POST' },
      {
        ...env,
        LOCAL_DEV: '1',
      },
    );
    expect(local.status).toBe(200);
    const day = new Date(1789000000 * 1000).toISOString().slice(0, 10);
    expect(await local.json()).toMatchObject({ ok: true, courses: [day, expect.any(String)] });
    const perfect = await env.DB.prepare(
      'SELECT count(*) AS n FROM course_holes WHERE date = ? AND perfect_log IS NOT NULL',
    )
      .bind(day)
      .first<{ n: number }>();
    expect(perfect?.n).toBe(9);
  });
});
