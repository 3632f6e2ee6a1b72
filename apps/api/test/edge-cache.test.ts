import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CourseView, StandingsView } from '../src/index.ts';
import { workersCache } from '../src/adapters/workers-cache.ts';
import { DAY, playCourse, recordingCache, testClient } from './helpers.ts';

describe('answers kept at the edge', () => {
  it("keeps a closed day's course for a year, its final standings 5 minutes (names change), the open day seconds; never a personal answer", async () => {
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
    // Once the audit is done the ranks are final, the names are not: kept 5 minutes (a name can change).
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
    expect(final.headers.get('cache-control')).toBe('public, max-age=300');
    await Promise.resolve();
    expect(kept.get(`standings/${DAY}/block/0`)?.maxAge).toBe(300);
  });

  it('round-trips a value through the Workers cache', async () => {
    const cache = workersCache();
    const key = `test/${crypto.randomUUID()}`;
    expect(await cache.get(key)).toBeUndefined();
    await cache.put(key, { a: [1, 2, 3] }, 60);
    expect(await cache.get(key)).toEqual({ a: [1, 2, 3] });
  });
});
