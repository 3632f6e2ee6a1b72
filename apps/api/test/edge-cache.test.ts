import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CourseView, StandingsView } from '../src/index.ts';
import { workersCache } from '../src/adapters/workers-cache.ts';
import { type EdgeCache } from '../src/ports/edge-cache.ts';
import { DAY, playCourse, testClient } from './helpers.ts';

/** A cache that keeps what it is given for as long as it is told, on the test's clock. */
function recordingCache(clock: () => Date) {
  const kept = new Map<string, { value: unknown; maxAge: number; until: number }>();
  const cache: EdgeCache = {
    get: async <T>(key: string) => {
      const entry = kept.get(key);
      return entry && clock().getTime() < entry.until ? (entry.value as T) : undefined;
    },
    put: async (key, value, maxAge) =>
      void kept.set(key, { value, maxAge, until: clock().getTime() + maxAge * 1000 }),
  };
  return { cache, kept };
}

describe('answers kept at the edge', () => {
  it('keeps a closed day for a year and the open day for seconds; never a personal answer', async () => {
    let clock = () => new Date(0);
    const { cache, kept } = recordingCache(() => clock());
    const client = testClient(`${DAY}T12:00:00.000Z`, cache);
    clock = client.now;
    const player = await client.player('Edge');
    await playCourse(client, DAY, player.token);
    const open = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings`);
    expect(open.headers.get('cache-control')).toBe('public, max-age=5');
    await Promise.resolve();
    expect(kept.get(`standings/${DAY}/block/0`)?.maxAge).toBe(5);
    const mine = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings`, {
      token: player.token,
    });
    expect(mine.headers.get('cache-control')).toBe('private, max-age=5');
    expect(mine.body.me?.total).toBe(open.body.entries.find((e) => e.playerId === player.id)!.total);
    // The kept public answer carries nobody's strokes, the caller's included.
    const keptView = (kept.get(`standings/${DAY}/block/0`)!.value as { view: StandingsView }).view;
    expect(keptView.me).toBeNull();
    expect(keptView.entries.map((e) => e.holes)).toEqual(keptView.entries.map(() => null));

    // A second finisher within the staleness window is not shown yet: the kept answer is served.
    const other = await client.player('Later');
    await playCourse(client, DAY, other.token);
    const stale = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings`);
    expect(stale.body.players).toBe(open.body.players);
    // …except to that finisher, who reads their own write: their row and place, from a page read now.
    const own = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings`, {
      token: other.token,
    });
    expect(own.body.players).toBe(open.body.players + 1);
    expect(own.body.entries.some((e) => e.playerId === other.id)).toBe(true);
    expect(own.body.me?.rank).toBe(own.body.entries.find((e) => e.playerId === other.id)!.rank);
    expect((await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings`)).body.players).toBe(
      open.body.players,
    );

    client.setNow('2026-06-16T00:00:01.000Z');
    const course = await client.call<CourseView>('GET', `/api/daily/${DAY}`);
    expect(course.body.closed).toBe(true);
    expect(course.headers.get('cache-control')).toBe('public, max-age=31536000');
    await Promise.resolve();
    expect(kept.get(`course/${DAY}`)?.maxAge).toBe(31_536_000);
    // Closed, but its fair-play audit may still move a round out of the ranking: kept 30 s.
    const auditing = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=20`);
    expect(auditing.body.audit?.complete ?? false).toBe(false);
    expect(auditing.headers.get('cache-control')).toBe('public, max-age=30');
    // Once the audit is done the standings are final: their rows kept for a year, their names for a minute.
    const job = await client.app.request(
      '/api/dev/scheduled',
      { method: 'POST' },
      { ...env, LOCAL_DEV: '1' },
    );
    expect(((await job.json()) as { audit: { complete: boolean } }).audit.complete).toBe(true);
    // (What was kept while it was auditing is served for its 30 s, whatever the page asked for.)
    const kept30 = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=21`);
    expect(kept30.body.audit?.complete ?? false).toBe(false);
    client.setNow('2026-06-16T00:00:31.000Z');
    const final = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=21`);
    expect(final.body.audit?.complete).toBe(true);
    expect(final.headers.get('cache-control')).toBe('public, max-age=60');
    await Promise.resolve();
    expect(kept.get(`standings/${DAY}/block/0`)?.maxAge).toBe(31_536_000);
    expect(kept.get(`standings/${DAY}/names/0`)?.maxAge).toBe(60);
    // 25 s later the names kept at the edge have 35 s left: so has a client's copy.
    client.setNow('2026-06-16T00:00:56.000Z');
    const later = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=21`);
    expect(later.headers.get('cache-control')).toBe('public, max-age=35');
  });

  it('round-trips a value through the Workers cache', async () => {
    const cache = workersCache();
    const key = `test/${crypto.randomUUID()}`;
    expect(await cache.get(key)).toBeUndefined();
    await cache.put(key, { a: [1, 2, 3] }, 60);
    expect(await cache.get(key)).toEqual({ a: [1, 2, 3] });
  });
});
