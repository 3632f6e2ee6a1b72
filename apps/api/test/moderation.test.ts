import { leagueStandInName, normalizeName, REPORT_REASONS, standInName } from '@golf/contract';
import { isOffensiveName } from '@golf/contract/name-policy';
import { REFUSED_OFFENSIVE_NAMES } from '@golf/contract/name-cases';
import fc from 'fast-check';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type {
  LeagueView,
  ModerationLog,
  ModerationLogEntry,
  ModerationQueue,
  MyLeague,
  PlayerView,
  ReplayView,
  ReportView,
  RoundAuditView,
  SeasonView,
  StandingsView,
  UnderReviewView,
} from '../src/index.ts';
import type { EdgeCache } from '../src/ports/edge-cache.ts';
import {
  callerOf,
  DAY,
  errorCode,
  NOON,
  playCourse,
  testAuditor,
  testClient,
  type CallOptions,
  type Client,
  type Reply,
} from './helpers.ts';
import { hideByCheckStatements } from '../src/adapters/d1/moderation.ts';
import { inlineSql } from '../src/adapters/d1/sql-text.ts';
import { seedRound, testLedger } from './seed.ts';

/** A day long closed, on which the tests' reporters finished a ranked round (seeded straight into D1). */
const RANKED_DAY = '2026-05-02';

const ip = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 256);

/** A new player who has finished a ranked round: their reports count toward hiding a name. */
async function rankedPlayer(client: Client, name = 'Reporter') {
  const p = await client.player(name);
  await seedRound(p.id, RANKED_DAY, 40);
  return p;
}

/** Reports through the API, each from its own client address unless one is given. */
function report(client: Client, token: string | undefined, body: unknown, address = ip()) {
  return client.call<ReportView>('POST', '/api/reports', {
    body,
    headers: { 'cf-connecting-ip': address },
    ...(token === undefined ? {} : { token }),
  });
}

/** Calls `client`'s app as a Worker whose bindings add `vars` (MODERATOR_IDS, REPORTS_TO_HIDE…). */
function withVars(client: Client, vars: Record<string, string>) {
  return callerOf(client.app, { ...env, ...vars }) as <T = unknown>(
    method: string,
    path: string,
    options?: CallOptions,
  ) => Promise<Reply<T>>;
}

/** Three ranked players report `body`'s target: the third report hides it. */
async function hideByReports(client: Client, body: { playerId?: string; leagueId?: string }) {
  for (let i = 0; i < 3; i++) {
    const reporter = await rankedPlayer(client, `Reporter ${i}`);
    const r = await report(client, reporter.token, { ...body, reason: 'offensive' });
    expect(r.status).toBe(201);
  }
}

const entryOf = (view: StandingsView, playerId: string) => view.entries.find((e) => e.playerId === playerId);

describe('POST /api/reports', () => {
  it('files a report (201), answers a repeat with the same report (200), and refuses what cannot be reported', async () => {
    const client = testClient();
    const target = await client.player('Reported');
    const reporter = await client.player('Reporter');
    const first = await report(client, reporter.token, { playerId: target.id, reason: 'impersonation' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      target: { kind: 'player', id: target.id },
      reason: 'impersonation',
      reportedAt: NOON,
    });
    // One report per reporter and name: a repeat, whatever its reason, answers the report already made.
    client.setNow(`${DAY}T12:05:00.000Z`);
    const again = await report(client, reporter.token, { playerId: target.id, reason: 'other' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const refusals: [unknown, string | undefined, number, string][] = [
      [{ playerId: target.id, reason: 'offensive' }, undefined, 401, 'ERR_UNAUTHORIZED'],
      [{ playerId: reporter.id, reason: 'offensive' }, reporter.token, 403, 'ERR_FORBIDDEN'],
      [{ playerId: 'no-such-player', reason: 'offensive' }, reporter.token, 404, 'ERR_NOT_FOUND'],
      [{ leagueId: 'no-such-league', reason: 'other' }, reporter.token, 404, 'ERR_NOT_FOUND'],
      [{ playerId: target.id, reason: 'rude' }, reporter.token, 400, 'ERR_VALIDATION'],
      [{ playerId: target.id }, reporter.token, 400, 'ERR_VALIDATION'],
      [{ reason: 'offensive' }, reporter.token, 400, 'ERR_VALIDATION'],
      [{ playerId: target.id, leagueId: 'x', reason: 'offensive' }, reporter.token, 400, 'ERR_VALIDATION'],
      [{ playerId: '', reason: 'offensive' }, reporter.token, 400, 'ERR_VALIDATION'],
      [{ playerId: 'x'.repeat(65), reason: 'offensive' }, reporter.token, 400, 'ERR_VALIDATION'],
      [[target.id], reporter.token, 400, 'ERR_VALIDATION'],
    ];
    for (const [body, token, status, code] of refusals) {
      const r = await report(client, token, body);
      expect([r.status, errorCode(r)], JSON.stringify(body)).toEqual([status, code]);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("reports a league's name; its creator cannot", async () => {
    const client = testClient();
    const ada = await client.player('Ada');
    const bo = await client.player('Bo');
    const league = (
      await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: ada.token,
        body: { name: 'Ada Club' },
      })
    ).body;
    const own = await report(client, ada.token, { leagueId: league.id, reason: 'offensive' });
    expect([own.status, errorCode(own)]).toEqual([403, 'ERR_FORBIDDEN']);
    const r = await report(client, bo.token, { leagueId: league.id, reason: 'offensive' });
    expect(r.status).toBe(201);
    expect(r.body.target).toEqual({ kind: 'league', id: league.id });
  });
});

describe('hiding a name by reports', () => {
  it('hides it at the third report from players with a ranked round; other reports still reach the moderators', async () => {
    const client = testClient();
    const target = await client.player('Leader');
    const me = () => client.call<PlayerView>('GET', '/api/players/me', { token: target.token });
    // Five reporters without a ranked round: none of them counts.
    for (let i = 0; i < 5; i++) {
      const newcomer = await client.player(`Newcomer ${i}`);
      expect(
        (await report(client, newcomer.token, { playerId: target.id, reason: 'offensive' })).status,
      ).toBe(201);
    }
    expect((await me()).body.standIn).toBeNull();
    // Two who count: still shown.
    for (let i = 0; i < 2; i++) {
      const r = await report(client, (await rankedPlayer(client)).token, {
        playerId: target.id,
        reason: 'other',
      });
      expect(r.status).toBe(201);
    }
    expect((await me()).body).toEqual({ id: target.id, name: 'Leader', standIn: null });
    // The third hides it at once.
    const third = await rankedPlayer(client);
    expect((await report(client, third.token, { playerId: target.id, reason: 'offensive' })).status).toBe(
      201,
    );
    expect((await me()).body).toEqual({ id: target.id, name: standInName(target.id), standIn: 'hidden' });
    // A hidden name is not reported again (but a repeat of one's own report still answers 200).
    const late = await rankedPlayer(client);
    const refused = await report(client, late.token, { playerId: target.id, reason: 'offensive' });
    expect([refused.status, errorCode(refused)]).toEqual([409, 'ERR_NAME_HIDDEN']);
    expect((await report(client, third.token, { playerId: target.id, reason: 'offensive' })).status).toBe(
      200,
    );
  });

  it('counts a ranked round of any period, but not a round under review', async () => {
    const client = testClient();
    const target = await client.player('Target');
    const reviewed = await client.player('Reviewed');
    await seedRound(reviewed.id, '2026-05-04', 30, { review: true });
    const later = await client.player('Later');
    await seedRound(later.id, '2031-03-25', 41);
    const ledger = testLedger();
    expect(await ledger.rounds.hasRankedRound(reviewed.id)).toBe(false);
    expect(await ledger.rounds.hasRankedRound(later.id)).toBe(true);
    expect(await ledger.rounds.hasRankedRound(target.id)).toBe(false);
  });

  it('takes its threshold from REPORTS_TO_HIDE', async () => {
    const client = testClient();
    const call = withVars(client, { REPORTS_TO_HIDE: '1' });
    const target = await client.player('Once');
    const reporter = await rankedPlayer(client);
    const r = await call('POST', '/api/reports', {
      token: reporter.token,
      body: { playerId: target.id, reason: 'offensive' },
      headers: { 'cf-connecting-ip': ip() },
    });
    expect(r.status).toBe(201);
    expect(
      (await client.call<PlayerView>('GET', '/api/players/me', { token: target.token })).body.standIn,
    ).toBe('hidden');
  });

  it('shows the stand-in in every answer of an open day, the owner is told, and must rename before a ranked round', async () => {
    const client = testClient();
    const target = await client.player('Offender');
    const other = await client.player('Bystander');
    await playCourse(client, DAY, target.token);
    await playCourse(client, DAY, other.token);
    const league = (
      await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: other.token,
        body: { name: 'Mixed Club' },
      })
    ).body;
    await client.call('POST', '/api/leagues/join', { token: target.token, body: { code: league.code } });
    const before = (await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`)).body;

    await hideByReports(client, { playerId: target.id });

    const stand = { name: standInName(target.id), standIn: 'hidden' };
    const after = (await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`)).body;
    expect(entryOf(after, target.id)).toMatchObject(stand);
    expect(entryOf(after, other.id)).toMatchObject({ name: 'Bystander', standIn: null });
    // Scores and ranks never change.
    expect(after.entries.map(({ playerId, rank, total }) => ({ playerId, rank, total }))).toEqual(
      before.entries.map(({ playerId, rank, total }) => ({ playerId, rank, total })),
    );
    const mine = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`, {
      token: target.token,
    });
    expect(entryOf(mine.body, target.id)).toMatchObject(stand);
    const day = await client.call<StandingsView>('GET', `/api/leagues/${league.id}/standings/${DAY}`, {
      token: other.token,
    });
    expect(entryOf(day.body, target.id)).toMatchObject(stand);
    const season = await client.call<SeasonView>('GET', `/api/leagues/${league.id}/season?date=${DAY}`, {
      token: other.token,
    });
    expect(season.body.entries.find((e) => e.playerId === target.id)).toMatchObject(stand);
    const replay = await client.call<ReplayView>('GET', `/api/daily/${DAY}/replays/${target.id}`, {
      token: target.token,
    });
    expect(replay.body).toMatchObject(stand);

    // The owner is told, cannot start another ranked round, and cannot keep the same name.
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: target.token });
    expect(me.body).toEqual({ id: target.id, ...stand });
    const next = '2026-06-16';
    client.setNow(`${next}T09:00:00.000Z`);
    const start = await client.call('POST', `/api/daily/${next}/attempt`, { token: target.token });
    expect([start.status, errorCode(start)]).toEqual([409, 'ERR_NAME_HIDDEN']);
    const same = await client.call('PATCH', '/api/players/me', {
      token: target.token,
      body: { name: 'Offender' },
    });
    expect([same.status, errorCode(same)]).toEqual([409, 'ERR_NAME_HIDDEN']);
    const refused = await client.call('PATCH', '/api/players/me', {
      token: target.token,
      body: { name: 'fuck you' },
    });
    expect([refused.status, errorCode(refused)]).toEqual([400, 'ERR_NAME_REFUSED']);
    const renamed = await client.call<PlayerView>('PATCH', '/api/players/me', {
      token: target.token,
      body: { name: 'Reformed' },
    });
    expect(renamed.body).toEqual({ id: target.id, name: 'Reformed', standIn: null });
    expect((await client.call('POST', `/api/daily/${next}/attempt`, { token: target.token })).status).toBe(
      200,
    );
    const shown = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`);
    expect(entryOf(shown.body, target.id)).toMatchObject({ name: 'Reformed', standIn: null });
    // The rename closed the old name's reports: one report on the new name does not hide it again.
    const reporter = await rankedPlayer(client);
    expect((await report(client, reporter.token, { playerId: target.id, reason: 'offensive' })).status).toBe(
      201,
    );
    expect(
      (await client.call<PlayerView>('GET', '/api/players/me', { token: target.token })).body.standIn,
    ).toBeNull();
  });

  it('lets an attempt already started go on after the name is hidden', async () => {
    const client = testClient();
    const target = await client.player('Midround');
    expect((await client.call('POST', `/api/daily/${DAY}/attempt`, { token: target.token })).status).toBe(
      200,
    );
    await hideByReports(client, { playerId: target.id });
    expect((await client.call('POST', `/api/daily/${DAY}/attempt`, { token: target.token })).status).toBe(
      200,
    );
    const { holes } = await playCourse(client, DAY, target.token);
    expect(holes.at(-1)!.result.finished).toBe(true);
  });
});

/** A cache that keeps what it is given for as long as it is told, on the test's clock. */
function expiringCache(clock: () => Date): EdgeCache {
  const kept = new Map<string, { value: unknown; until: number }>();
  return {
    get: async <T>(key: string) => {
      const entry = kept.get(key);
      return entry && clock().getTime() < entry.until ? (entry.value as T) : undefined;
    },
    put: async (key, value, maxAge) =>
      void kept.set(key, { value, until: clock().getTime() + maxAge * 1000 }),
  };
}

describe('a closed, audited day', () => {
  it('shows a hidden name as its stand-in within the cache max-age, everywhere; a moderator restores it the same way', async () => {
    const date = '2026-06-10';
    let clock = () => new Date(0);
    const flagged = new Set<string>();
    const client = testClient(
      `${date}T12:00:00.000Z`,
      expiringCache(() => clock()),
      testAuditor(flagged),
    );
    clock = client.now;
    const target = await client.player('Notorious');
    const cheat = await client.player('Flagged');
    const fair = await client.player('Fair');
    await playCourse(client, date, target.token);
    const { holes } = await playCourse(client, date, cheat.token, 'last');
    await playCourse(client, date, fair.token);
    flagged.add(holes[0]!.log);
    const league = (
      await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: fair.token,
        body: { name: 'Old Club' },
      })
    ).body;
    await client.call('POST', '/api/leagues/join', { token: target.token, body: { code: league.code } });
    // The day closes and its audit completes: its standings are final.
    client.setNow(`${addDay(date)}T00:05:00.000Z`);
    const job = await client.app.request(
      '/api/dev/scheduled',
      { method: 'POST' },
      { ...env, LOCAL_DEV: '1' },
    );
    expect(((await job.json()) as { audit: { complete: boolean } }).audit.complete).toBe(true);
    const standings = () => client.call<StandingsView>('GET', `/api/daily/${date}/standings`);
    const final = await standings();
    expect(final.body.audit?.complete).toBe(true);
    expect(entryOf(final.body, target.id)?.name).toBe('Notorious');
    expect(final.headers.get('cache-control')).toBe('public, max-age=60');

    const moderator = await client.player('Moderator');
    const mod = withVars(client, { MODERATOR_IDS: `someone-else, ${moderator.id}` });
    client.setNow(`${addDay(date)}T00:05:20.000Z`);
    const hidden = await mod<ModerationLogEntry>('POST', '/api/moderation/actions', {
      token: moderator.token,
      body: { action: 'hide', playerId: target.id },
    });
    expect(hidden.status).toBe(200);
    // The edge keeps the names it read 20 s ago for 40 s more, and says so: nobody keeps them past the minute.
    const kept = await standings();
    expect(entryOf(kept.body, target.id)?.name).toBe('Notorious');
    expect(kept.headers.get('cache-control')).toBe('public, max-age=40');
    client.setNow(`${addDay(date)}T00:06:00.000Z`);
    const stand = { name: standInName(target.id), standIn: 'hidden' };
    const fresh = await standings();
    expect(entryOf(fresh.body, target.id)).toMatchObject(stand);
    expect(entryOf(fresh.body, fair.id)).toMatchObject({ name: 'Fair', standIn: null });
    expect(fresh.body.entries.map((e) => [e.playerId, e.rank, e.total])).toEqual(
      final.body.entries.map((e) => [e.playerId, e.rank, e.total]),
    );
    const replay = await client.call<ReplayView>('GET', `/api/daily/${date}/replays/${target.id}`);
    expect(replay.body).toMatchObject(stand);
    const day = await client.call<StandingsView>('GET', `/api/leagues/${league.id}/standings/${date}`, {
      token: fair.token,
    });
    expect(entryOf(day.body, target.id)).toMatchObject(stand);
    const season = await client.call<SeasonView>('GET', `/api/leagues/${league.id}/season?date=${date}`, {
      token: fair.token,
    });
    expect(season.body.entries.find((e) => e.playerId === target.id)).toMatchObject(stand);
    const audit = await client.call<RoundAuditView>('GET', `/api/daily/${date}/audits/${target.id}`);
    expect(audit.body).toMatchObject({ ...stand, status: 'done' });
    expect(audit.headers.get('cache-control')).toBe('public, max-age=60');

    // Hide the flagged player too: the review list names them by their stand-in.
    await mod('POST', '/api/moderation/actions', {
      token: moderator.token,
      body: { action: 'hide', playerId: cheat.id },
    });
    const review = await client.call<UnderReviewView>('GET', `/api/daily/${date}/review`);
    expect(review.body.rounds).toEqual([
      expect.objectContaining({ playerId: cheat.id, name: standInName(cheat.id), standIn: 'hidden' }),
    ]);
    expect(review.headers.get('cache-control')).toBe('public, max-age=60');

    // Restored: the name is back within the minute.
    const restored = await mod<ModerationLogEntry>('POST', '/api/moderation/actions', {
      token: moderator.token,
      body: { action: 'restore', playerId: target.id },
    });
    expect(restored.body).toMatchObject({ action: 'restore', actor: 'moderator', name: 'Notorious' });
    client.setNow(`${addDay(date)}T00:07:01.000Z`);
    expect(entryOf((await standings()).body, target.id)).toMatchObject({ name: 'Notorious', standIn: null });
    const log = await mod<ModerationLog>('GET', '/api/moderation/log?limit=100', { token: moderator.token });
    const mine = log.body.entries.filter((e) => e.target.id === target.id);
    expect(mine.map((e) => [e.action, e.actor, e.actorId, e.name])).toEqual([
      ['restore', 'moderator', moderator.id, 'Notorious'],
      ['hide', 'moderator', moderator.id, 'Notorious'],
    ]);
  });
});

const addDay = (date: string) => {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

describe('rate limits on reports', () => {
  it('allows a burst of 10 per player, then one a minute', async () => {
    const client = testClient();
    const reporter = await client.player('Busy');
    const targets = [];
    for (let i = 0; i < 12; i++) targets.push(await client.player(`T${i}`));
    for (let i = 0; i < 10; i++)
      expect(
        (await report(client, reporter.token, { playerId: targets[i]!.id, reason: 'other' })).status,
      ).toBe(201);
    const limited = await report(client, reporter.token, { playerId: targets[10]!.id, reason: 'other' });
    expect([limited.status, errorCode(limited)]).toEqual([429, 'ERR_RATE_LIMITED']);
    expect(limited.headers.get('retry-after')).toBe('60');
    // A repeat costs nothing and is never limited.
    expect((await report(client, reporter.token, { playerId: targets[0]!.id, reason: 'other' })).status).toBe(
      200,
    );
    client.setNow(`${DAY}T12:01:00.000Z`);
    expect(
      (await report(client, reporter.token, { playerId: targets[10]!.id, reason: 'other' })).status,
    ).toBe(201);
    expect(
      (await report(client, reporter.token, { playerId: targets[11]!.id, reason: 'other' })).status,
    ).toBe(429);
  });

  it('allows a burst of 10 per address, whoever reports', async () => {
    const client = testClient();
    const address = ip();
    const target = await client.player('Popular');
    for (let i = 0; i < 10; i++) {
      const reporter = await client.player(`Sock ${i}`);
      expect(
        (await report(client, reporter.token, { playerId: target.id, reason: 'other' }, address)).status,
      ).toBe(201);
    }
    const sock = await client.player('Sock 10');
    const limited = await report(client, sock.token, { playerId: target.id, reason: 'other' }, address);
    expect([limited.status, errorCode(limited)]).toEqual([429, 'ERR_RATE_LIMITED']);
    expect((await report(client, sock.token, { playerId: target.id, reason: 'other' })).status).toBe(201);
  });

  it('caps the reports of one player per UTC day (REPORTS_PER_DAY)', async () => {
    const client = testClient(`${DAY}T23:00:00.000Z`);
    const call = withVars(client, { REPORTS_PER_DAY: '2' });
    const reporter = await client.player('Capped');
    const send = async (name: string) =>
      call('POST', '/api/reports', {
        token: reporter.token,
        body: { playerId: (await client.player(name)).id, reason: 'other' },
        headers: { 'cf-connecting-ip': ip() },
      });
    expect((await send('A')).status).toBe(201);
    expect((await send('B')).status).toBe(201);
    const capped = await send('C');
    expect([capped.status, errorCode(capped)]).toEqual([429, 'ERR_RATE_LIMITED']);
    expect(capped.headers.get('retry-after')).toBe('3600');
    client.setNow('2026-06-16T00:00:00.000Z');
    expect((await send('D')).status).toBe(201);
  });
});

describe('moderators', () => {
  it('refuses every moderation route without a token (401) and to a player who is not a moderator (403)', async () => {
    const client = testClient();
    const player = await client.player('Curious');
    const call = withVars(client, { MODERATOR_IDS: 'somebody-else' });
    const routes: [string, string, unknown][] = [
      ['GET', '/api/moderation/reports', undefined],
      ['GET', '/api/moderation/reports?limit=0', undefined],
      ['GET', '/api/moderation/log', undefined],
      ['POST', '/api/moderation/actions', { action: 'hide', playerId: player.id }],
      ['POST', '/api/moderation/actions', { action: 'nonsense' }],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await call(method, path, body === undefined ? {} : { body });
      expect([anonymous.status, errorCode(anonymous)], path).toEqual([401, 'ERR_UNAUTHORIZED']);
      const refused = await call(method, path, {
        token: player.token,
        ...(body === undefined ? {} : { body }),
      });
      expect([refused.status, errorCode(refused)], path).toEqual([403, 'ERR_NOT_MODERATOR']);
    }
    // Without MODERATOR_IDS nobody is a moderator.
    const none = await client.call('GET', '/api/moderation/reports', { token: player.token });
    expect([none.status, errorCode(none)]).toEqual([403, 'ERR_NOT_MODERATOR']);
  });

  it('lists reported names oldest first with counts, reasons and reporters; hides, restores and dismisses, logged', async () => {
    const client = testClient('2026-06-14T08:00:00.000Z');
    const moderator = await client.player('Mod');
    const mod = withVars(client, { MODERATOR_IDS: moderator.id });
    const queue = async (query = '?limit=100') =>
      (await mod<ModerationQueue>('GET', `/api/moderation/reports${query}`, { token: moderator.token })).body;
    const act = (action: string, body: object) =>
      mod<ModerationLogEntry>('POST', '/api/moderation/actions', {
        token: moderator.token,
        body: { action, ...body },
      });
    const mark = (await queue()).total;

    const first = await client.player('First');
    const second = await client.player('Second');
    const counted = await rankedPlayer(client, 'Counted');
    const newcomer = await client.player('Newcomer');
    await report(client, counted.token, { playerId: first.id, reason: 'offensive' });
    client.setNow('2026-06-14T08:01:00.000Z');
    await report(client, newcomer.token, { playerId: second.id, reason: 'impersonation' });
    client.setNow('2026-06-14T08:02:00.000Z');
    await report(client, newcomer.token, { playerId: first.id, reason: 'other' });
    const league = (
      await client.call<{ id: string }>('POST', '/api/leagues', {
        token: second.token,
        body: { name: 'Club' },
      })
    ).body;
    await report(client, counted.token, { leagueId: league.id, reason: 'offensive' });

    const listed = await queue();
    expect(listed.total).toBe(mark + 3);
    const ids = [first.id, second.id, league.id];
    const ours = listed.items.filter((i) => ids.includes(i.target.id));
    expect(ours.map((i) => [i.target, i.name, i.standIn, i.reports, i.counted])).toEqual([
      [{ kind: 'player', id: first.id }, 'First', null, 2, 1],
      [{ kind: 'player', id: second.id }, 'Second', null, 1, 0],
      [{ kind: 'league', id: league.id }, 'Club', null, 1, 1],
    ]);
    expect(ours[0]).toMatchObject({
      since: '2026-06-14T08:00:00.000Z',
      reasons: { offensive: 1, impersonation: 0, other: 1 },
      reporters: [
        {
          playerId: counted.id,
          name: 'Counted',
          reason: 'offensive',
          counts: true,
          reportedAt: '2026-06-14T08:00:00.000Z',
        },
        {
          playerId: newcomer.id,
          name: 'Newcomer',
          reason: 'other',
          counts: false,
          reportedAt: '2026-06-14T08:02:00.000Z',
        },
      ],
    });
    // Paged: one item at a time, in the same order.
    const paged = [];
    for (let offset = 0; offset < listed.total; offset++)
      paged.push(...(await queue(`?limit=1&offset=${offset}`)).items);
    expect(paged).toEqual(listed.items);

    // Dismiss the reports on Second: the name stays, and leaves the list.
    client.setNow('2026-06-14T09:00:00.000Z');
    const dismissed = await act('dismiss', { playerId: second.id });
    expect(dismissed.body).toEqual({
      id: expect.any(Number),
      at: '2026-06-14T09:00:00.000Z',
      actorId: moderator.id,
      actor: 'moderator',
      action: 'dismiss',
      target: { kind: 'player', id: second.id },
      name: 'Second',
      reports: 1,
    });
    // Hide the league: "League 4F2A" to its members until its creator renames it.
    expect((await act('hide', { leagueId: league.id })).body).toMatchObject({ action: 'hide', reports: 1 });
    const seen = await client.call<LeagueView>('GET', `/api/leagues/${league.id}`, { token: second.token });
    expect(seen.body).toMatchObject({ name: leagueStandInName(league.id), standIn: 'hidden' });
    const mine = await client.call<{ leagues: MyLeague[] }>('GET', '/api/players/me/leagues', {
      token: second.token,
    });
    expect(mine.body.leagues[0]).toMatchObject({ name: leagueStandInName(league.id), standIn: 'hidden' });
    // Hide First, then dismissing its reports is refused (keep it hidden, or restore it).
    await act('hide', { playerId: first.id });
    const refused = await act('dismiss', { playerId: first.id });
    expect([refused.status, errorCode(refused)]).toEqual([409, 'ERR_NAME_HIDDEN']);
    expect((await queue()).total).toBe(mark);
    const unknown = await act('hide', { playerId: 'no-such-player' });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'ERR_NOT_FOUND']);
    const bad = await act('ban', { playerId: first.id });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'ERR_VALIDATION']);

    // The league's creator renames it: shown again, logged as the owner's rename of the hidden name.
    const renamed = await client.call<LeagueView>('PATCH', `/api/leagues/${league.id}`, {
      token: second.token,
      body: { name: 'Better Club' },
    });
    expect(renamed.body).toMatchObject({ id: league.id, name: 'Better Club', standIn: null });
    const log = (await mod<ModerationLog>('GET', '/api/moderation/log?limit=4', { token: moderator.token }))
      .body;
    expect(log.entries.map((e) => [e.action, e.actor, e.target.id, e.name])).toEqual([
      ['rename', 'owner', league.id, 'Club'],
      ['hide', 'moderator', first.id, 'First'],
      ['hide', 'moderator', league.id, 'Club'],
      ['dismiss', 'moderator', second.id, 'Second'],
    ]);
  });

  it('logs a hide by reports, and lists a hidden name waiting for a moderator', async () => {
    const client = testClient();
    const moderator = await client.player('Mod');
    const mod = withVars(client, { MODERATOR_IDS: moderator.id });
    const target = await client.player('Crowded');
    await hideByReports(client, { playerId: target.id });
    const queue = (
      await mod<ModerationQueue>('GET', '/api/moderation/reports?limit=100', { token: moderator.token })
    ).body;
    expect(queue.items.find((i) => i.target.id === target.id)).toMatchObject({
      name: 'Crowded',
      standIn: 'hidden',
      hiddenBy: 'reports',
      hiddenAt: NOON,
      reports: 3,
      counted: 3,
    });
    const log = (await mod<ModerationLog>('GET', '/api/moderation/log?limit=100', { token: moderator.token }))
      .body;
    expect(log.entries.find((e) => e.target.id === target.id)).toMatchObject({
      actorId: null,
      actor: 'reports',
      action: 'hide',
      name: 'Crowded',
      reports: 3,
    });
  });

  it('hides stored names the name check refuses (once), and lists them for a moderator', async () => {
    const client = testClient();
    const moderator = await client.player('Mod');
    const mod = withVars(client, { MODERATOR_IDS: moderator.id });
    const old = await client.player('Old Name');
    // A name stored before the check existed.
    await env.DB.prepare("UPDATE players SET name = 'fuck you' WHERE id = ?").bind(old.id).run();
    const ledger = testLedger();
    const at = Date.parse(NOON);
    expect(await ledger.moderation.hideByCheck({ kind: 'player', id: old.id }, 'fuck you', at)).toBe(true);
    expect(await ledger.moderation.hideByCheck({ kind: 'player', id: old.id }, 'fuck you', at)).toBe(false);
    // A name renamed since it was read is left alone.
    const moved = await client.player('Moved');
    expect(await ledger.moderation.hideByCheck({ kind: 'player', id: moved.id }, 'fuck you', at)).toBe(false);
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: old.token });
    expect(me.body).toEqual({ id: old.id, name: standInName(old.id), standIn: 'hidden' });
    const queue = (
      await mod<ModerationQueue>('GET', '/api/moderation/reports?limit=100', { token: moderator.token })
    ).body;
    expect(queue.items.find((i) => i.target.id === old.id)).toMatchObject({
      name: 'fuck you',
      hiddenBy: 'check',
      reports: 0,
      since: NOON,
    });
    const log = (await mod<ModerationLog>('GET', '/api/moderation/log?limit=100', { token: moderator.token }))
      .body;
    expect(
      log.entries.filter((e) => e.target.id === old.id).map((e) => [e.actor, e.action, e.reports]),
    ).toEqual([['check', 'hide', 0]]);
  });
});

describe('the stored-name check script', () => {
  it('writes values into its statements as SQL literals, quotes doubled', () => {
    expect(inlineSql('SELECT ?1, ?2, ?3, ?1', ["it's", 42, null])).toBe("SELECT 'it''s', 42, NULL, 'it''s'");
    expect(() => inlineSql('SELECT ?2', ['a'])).toThrow(RangeError);
    expect(() => inlineSql('SELECT ?1', [1.5])).toThrow(RangeError);
  });

  it('hides a name with its statements sent as text, as the script sends them, once', async () => {
    const client = testClient();
    const old = await client.player('Old');
    const name = "fuck it's";
    await env.DB.prepare('UPDATE players SET name = ? WHERE id = ?').bind(name, old.id).run();
    const run = () =>
      env.DB.batch(
        hideByCheckStatements('player').map((text) =>
          env.DB.prepare(inlineSql(text, ['player', old.id, name, Date.parse(NOON)])),
        ),
      );
    await run();
    await run();
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: old.token });
    expect(me.body).toEqual({ id: old.id, name: standInName(old.id), standIn: 'hidden' });
    const logged = await env.DB.prepare(
      "SELECT actor_kind, action, name FROM moderation_log WHERE target_id = ? AND target_kind = 'player'",
    )
      .bind(old.id)
      .all();
    expect(logged.results).toEqual([{ actor_kind: 'check', action: 'hide', name }]);
  });
});

describe('renaming a league', () => {
  it('is for its creator only, checks the name, and answers the league', async () => {
    const client = testClient();
    const ada = await client.player('Ada');
    const bo = await client.player('Bo');
    const stranger = await client.player('Cy');
    const league = (
      await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: ada.token,
        body: { name: 'One' },
      })
    ).body;
    await client.call('POST', '/api/leagues/join', { token: bo.token, body: { code: league.code } });
    const rename = (token: string | undefined, id: string, body: unknown) =>
      client.call<LeagueView>('PATCH', `/api/leagues/${id}`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
    const cases: [string | undefined, string, unknown, number, string][] = [
      [undefined, league.id, { name: 'Two' }, 401, 'ERR_UNAUTHORIZED'],
      [bo.token, league.id, { name: 'Two' }, 403, 'ERR_FORBIDDEN'],
      [stranger.token, league.id, { name: 'Two' }, 403, 'ERR_FORBIDDEN'],
      [ada.token, 'no-such-league', { name: 'Two' }, 404, 'ERR_NOT_FOUND'],
      [ada.token, league.id, { name: '' }, 400, 'ERR_VALIDATION'],
      [ada.token, league.id, { name: 'fuck you' }, 400, 'ERR_NAME_REFUSED'],
    ];
    for (const [token, id, body, status, code] of cases) {
      const r = await rename(token, id, body);
      expect([r.status, errorCode(r)], JSON.stringify(body)).toEqual([status, code]);
    }
    const ok = await rename(ada.token, league.id, { name: ' Ｔwo ' });
    expect(ok.body).toMatchObject({
      id: league.id,
      name: 'Two',
      standIn: null,
      createdBy: ada.id,
      members: 2,
    });
    expect(
      (await client.call<LeagueView>('GET', `/api/leagues/${league.id}`, { token: bo.token })).body.name,
    ).toBe('Two');
  });
});

/** A body field: absent, a known id, or something else (an unknown id, a wrong type, an odd string). */
const field = <T>(known: fc.Arbitrary<T>) =>
  fc.option(fc.oneof(known, fc.uuid(), fc.string({ maxLength: 70 }), fc.integer(), fc.constant(null)), {
    nil: undefined,
  });

const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64;

describe('properties of the new bodies (never a 5xx)', () => {
  it('POST /api/reports answers what its rules say, for any body', { timeout: 120_000 }, async () => {
    const client = testClient();
    const target = await client.player('Target');
    const owner = await client.player('Owner');
    const league = (
      await client.call<{ id: string }>('POST', '/api/leagues', {
        token: owner.token,
        body: { name: 'Fuzzed' },
      })
    ).body;
    const SELF = ':self';
    await fc.assert(
      fc.asyncProperty(
        field(fc.constantFrom(target.id, SELF)),
        field(fc.constant(league.id)),
        fc.option(fc.oneof(fc.constantFrom(...REPORT_REASONS), fc.string({ maxLength: 12 }), fc.integer()), {
          nil: undefined,
        }),
        fc.boolean(),
        async (playerField, leagueId, reason, repeat) => {
          // Each run has a reporter of its own: the per-player limits never interfere.
          const reporter = await client.player('Fuzzer');
          const playerId = playerField === SELF ? reporter.id : playerField;
          const body = Object.fromEntries(
            Object.entries({ playerId, leagueId, reason }).filter(([, v]) => v !== undefined),
          );
          const valid =
            (playerId === undefined) !== (leagueId === undefined) &&
            (playerId === undefined || isId(playerId)) &&
            (leagueId === undefined || isId(leagueId)) &&
            (REPORT_REASONS as readonly unknown[]).includes(reason);
          const r = await report(client, reporter.token, body);
          expect(r.status).toBeLessThan(500);
          if (!valid) {
            expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
            return;
          }
          if (playerId === reporter.id) {
            expect([r.status, errorCode(r)]).toEqual([403, 'ERR_FORBIDDEN']);
            return;
          }
          if (playerId !== target.id && leagueId !== league.id) {
            expect([r.status, errorCode(r)]).toEqual([404, 'ERR_NOT_FOUND']);
            return;
          }
          expect(r.status).toBe(201);
          expect(r.body).toEqual({
            target:
              playerId !== undefined ? { kind: 'player', id: playerId } : { kind: 'league', id: leagueId },
            reason,
            reportedAt: NOON,
          });
          if (repeat) expect((await report(client, reporter.token, body)).status).toBe(200);
        },
      ),
      { numRuns: 120 },
    );
    // Nobody here had a ranked round: however many reported, both names are still shown.
    expect(
      (await client.call<PlayerView>('GET', '/api/players/me', { token: target.token })).body.standIn,
    ).toBeNull();
  });

  it(
    'POST /api/moderation/actions keeps to its state machine, for any sequence of bodies',
    { timeout: 120_000 },
    async () => {
      const client = testClient();
      const moderator = await client.player('Mod');
      const mod = withVars(client, { MODERATOR_IDS: moderator.id });
      const target = await client.player('Watched');
      const ACTIONS = ['hide', 'restore', 'dismiss'] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record(
              {
                action: fc.oneof(fc.constantFrom(...ACTIONS), fc.string({ maxLength: 8 }), fc.integer()),
                playerId: field(fc.constant(target.id)),
              },
              { requiredKeys: ['action'] },
            ),
            { maxLength: 8 },
          ),
          async (steps) => {
            // The model: restore first, so every sequence starts from a shown name.
            await mod('POST', '/api/moderation/actions', {
              token: moderator.token,
              body: { action: 'restore', playerId: target.id },
            });
            let hidden = false;
            for (const body of steps) {
              const r = await mod<ModerationLogEntry>('POST', '/api/moderation/actions', {
                token: moderator.token,
                body,
              });
              expect(r.status).toBeLessThan(500);
              const action = (ACTIONS as readonly unknown[]).includes(body.action) ? body.action : null;
              if (action === null || !isId(body.playerId)) {
                expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
                continue;
              }
              if (body.playerId !== target.id) {
                expect([r.status, errorCode(r)]).toEqual([404, 'ERR_NOT_FOUND']);
                continue;
              }
              if (action === 'dismiss' && hidden) {
                expect([r.status, errorCode(r)]).toEqual([409, 'ERR_NAME_HIDDEN']);
                continue;
              }
              expect(r.body).toMatchObject({ action, actor: 'moderator', name: 'Watched' });
              hidden = action === 'hide' ? true : action === 'restore' ? false : hidden;
              const me = await client.call<PlayerView>('GET', '/api/players/me', { token: target.token });
              expect(me.body.standIn).toBe(hidden ? 'hidden' : null);
            }
          },
        ),
        { numRuns: 40 },
      );
    },
  );

  it(
    'PATCH /api/leagues/{id} renames by the name rules and the name check, for any name',
    { timeout: 120_000 },
    async () => {
      const client = testClient();
      const owner = await client.player('Owner');
      const league = (
        await client.call<{ id: string }>('POST', '/api/leagues', {
          token: owner.token,
          body: { name: 'Start' },
        })
      ).body;
      let current = 'Start';
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ maxLength: 24 }),
            fc.string({ unit: 'grapheme', maxLength: 24 }),
            fc.constantFrom(...REFUSED_OFFENSIVE_NAMES.map(([, name]) => name)),
            fc.anything(),
          ),
          async (name) => {
            const r = await client.call<LeagueView>('PATCH', `/api/leagues/${league.id}`, {
              token: owner.token,
              body: { name },
            });
            expect(r.status).toBeLessThan(500);
            const normal = typeof name === 'string' && name.length <= 200 ? normalizeName(name) : null;
            if (normal === null || !normal.ok) {
              expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
              return;
            }
            if (isOffensiveName(normal.value)) {
              expect([r.status, errorCode(r)]).toEqual([400, 'ERR_NAME_REFUSED']);
              return;
            }
            expect(r.body).toMatchObject({ name: normal.value, standIn: null });
            current = normal.value;
          },
        ),
        { numRuns: 150 },
      );
      const read = await client.call<LeagueView>('GET', `/api/leagues/${league.id}`, { token: owner.token });
      expect(read.body.name).toBe(current);
    },
  );
});
