import { addDays, DELETED_NAME } from '@golf/contract';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CourseView, NewPlayer, StandingsView } from '../src/index.ts';
import type { PlayerExport } from '../src/services/privacy.ts';
import { SoftAuthenticator, type Ceremony } from './authenticator.ts';
import {
  errorCode,
  inAttemptStorage,
  playCourse,
  playHole,
  recordingCache,
  testClient,
  type Client,
  type Reply,
} from './helpers.ts';
import { bucketArchive } from '../src/adapters/r2-archive.ts';
import { AttemptSession } from '../src/attempt-object/session.ts';
import { NAME_MAX_AGE } from '../src/ports/edge-cache.ts';
import type { RoundStartRecord } from '../src/ports/rounds.ts';
import { WorkMeter } from '../bench/work-meter.ts';
import { dayDb, seedRound, testLedger } from './seed.ts';

/** Dates of this file alone: a day in `DB`'s period and one in a day database's (vitest.config.ts). */
const EARLY = '2026-05-20';
const LATER = '2026-07-20';
const ORIGIN = 'https://golf.example';
const CONFIRM = { confirm: 'delete' };

let address = 0;
/** A client address of its own per call (the creation limit never interferes). */
const ip = () => `198.51.${100 + (++address >> 8)}.${address & 255}`;

async function newPlayer(client: Client, name: string, at = ip()): Promise<NewPlayer> {
  const r = await client.call<NewPlayer>('POST', '/api/players', {
    body: { name },
    headers: { 'cf-connecting-ip': at },
  });
  expect(r.status).toBe(201);
  return r.body;
}

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a token, computed here: what the ledger keeps of it. */
const sha256 = async (text: string) =>
  hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** The HMAC of a client address under the test secret, computed here: what the ledger keeps of an address. */
async function addressHashOf(address: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.DAILY_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`address/${address}`)));
}

/** The cron's job at `at` through the local route (the audit and the archive it starts run before it answers). */
async function runCron(client: Client, at: string) {
  client.setNow(at);
  const run = await client.app.request('/api/dev/scheduled', { method: 'POST' }, { ...env, LOCAL_DEV: '1' });
  expect(run.status).toBe(200);
  return (await run.json()) as { audit: { complete: boolean } | null };
}

/** Every archive object of `date`, unzipped, as text. */
async function archiveTexts(date: string): Promise<string[]> {
  const listed = await env.ARCHIVE.list({ prefix: `rounds/${date}/` });
  return Promise.all(
    listed.objects.map(async (o) => {
      const object = await env.ARCHIVE.get(o.key);
      const unzipped = new Response(object!.body.pipeThrough(new DecompressionStream('gzip')));
      return unzipped.text();
    }),
  );
}

async function subscribe(client: Client, token: string, endpoint: string) {
  const keys = {
    // An uncompressed P-256 point (a real one: the server checks it is on the curve) and a 16-byte secret.
    p256dh: env.VAPID_PUBLIC_KEY,
    auth: 'AAECAwQFBgcICQoLDA0ODw',
  };
  const r = await client.call<{ id: string }>('POST', '/api/players/me/push', {
    token,
    body: { endpoint, keys },
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function registerPasskey(client: Client, token: string): Promise<string> {
  const headers = { origin: ORIGIN, 'cf-connecting-ip': ip() };
  const options = await client.call<Ceremony>('POST', '/api/players/me/passkeys/options', { token, headers });
  const device = new SoftAuthenticator();
  const r = await client.call<{ id: string }>('POST', '/api/players/me/passkeys', {
    token,
    headers,
    body: await device.create(options.body, ORIGIN),
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const rowsOf = async (sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .all()
  ).results;

describe("a player's data", () => {
  it(
    'exports the player, names, rounds with logs, times and verdict (archived ones too), leagues, devices, passkeys and reminders; never a token or a hash',
    { timeout: 120_000 },
    async () => {
      const client = testClient(`${EARLY}T08:00:00.000Z`);
      const from = ip();
      const me = await newPlayer(client, 'Exporter', from);
      const friend = await newPlayer(client, 'Friend');
      client.setNow(`${EARLY}T08:30:00.000Z`);
      expect(
        (await client.call('PATCH', '/api/players/me', { token: me.token, body: { name: 'Exported' } }))
          .status,
      ).toBe(200);
      // A league of mine, and one of a friend's that I join.
      const mine = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: me.token,
        body: { name: 'My Export Club' },
      });
      const theirs = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: friend.token,
        body: { name: 'Their Club' },
      });
      await client.call('POST', '/api/leagues/join', { token: me.token, body: { code: theirs.body.code } });
      const reported = await client.call('POST', '/api/reports', {
        token: me.token,
        body: { playerId: friend.id, reason: 'impersonation' },
        headers: { 'cf-connecting-ip': ip() },
      });
      expect(reported.status).toBe(201);
      const subscription = await subscribe(client, me.token, 'https://push.example/export/1');
      await client.call('PUT', '/api/players/me/reminders', {
        token: me.token,
        body: { hour: 7, timeZone: 'europe/paris', kinds: ['open'] },
      });
      const passkey = await registerPasskey(client, me.token);
      const code = await client.call<{ code: string }>('POST', '/api/players/me/transfer', {
        token: me.token,
      });
      const claimed = await client.call<NewPlayer>('POST', '/api/players/claim', {
        body: { code: code.body.code },
        headers: { 'cf-connecting-ip': ip() },
      });

      client.setNow(`${EARLY}T10:00:00.000Z`);
      const early = await playCourse(client, EARLY, me.token);
      await playCourse(client, EARLY, friend.token);
      // The day closes, is audited and archived: its evidence is now in R2 only.
      expect((await runCron(client, `${addDays(EARLY, 1)}T00:10:00.000Z`)).audit?.complete).toBe(true);
      expect(await rowsOf('SELECT 1 FROM round_evidence WHERE date = ?', EARLY)).toEqual([]);
      // A round of a later day, and one started on the day after it and left after a hole.
      client.setNow(`${LATER}T09:00:00.000Z`);
      const later = await playCourse(client, LATER, me.token, 'last');
      client.setNow(`${addDays(LATER, 1)}T09:00:00.000Z`);
      const course = (await client.call<CourseView>('GET', `/api/daily/${addDays(LATER, 1)}`)).body;
      await client.call('POST', `/api/daily/${addDays(LATER, 1)}/attempt`, { token: me.token });
      const one = await playHole(client, addDays(LATER, 1), me.token, course, 1);
      const live = await client.call<{ code: string }>('POST', '/api/players/me/transfer', {
        token: me.token,
      });

      const r = await client.call<PlayerExport>('GET', '/api/players/me/export', { token: me.token });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-disposition')).toBe(
        `attachment; filename="golf-daily-data-${addDays(LATER, 1)}.json"`,
      );
      expect(r.headers.get('cache-control')).toBe('no-store');
      const data = r.body;
      expect(data.player).toEqual({
        id: me.id,
        name: 'Exported',
        nameHidden: false,
        createdAt: `${EARLY}T08:00:00.000Z`,
      });
      expect(data.names).toEqual([
        { name: 'Exporter', takenAt: `${EARLY}T08:00:00.000Z` },
        { name: 'Exported', takenAt: `${EARLY}T08:30:00.000Z` },
      ]);
      // Two devices: the first token and the claimed one; the live code, not the used one.
      expect(data.devices).toEqual([
        { signedInAt: `${EARLY}T08:00:00.000Z` },
        { signedInAt: `${EARLY}T08:30:00.000Z` },
      ]);
      expect(data.transferCodes).toEqual([
        { createdAt: `${addDays(LATER, 1)}T09:00:00.000Z`, expiresAt: `${addDays(LATER, 1)}T09:10:00.000Z` },
      ]);
      expect(data.passkeys).toEqual([
        expect.objectContaining({ id: passkey, site: 'golf.example', createdAt: `${EARLY}T08:30:00.000Z` }),
      ]);
      expect([...data.leagues].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { id: mine.body.id, name: 'My Export Club', joinedAt: `${EARLY}T08:30:00.000Z`, createdByYou: true },
        { id: theirs.body.id, name: 'Their Club', joinedAt: `${EARLY}T08:30:00.000Z`, createdByYou: false },
      ]);
      expect(data.push.subscriptions).toEqual([
        { id: subscription, endpoint: 'https://push.example/export/1', createdAt: `${EARLY}T08:30:00.000Z` },
      ]);
      expect(data.push.reminders).toEqual({
        hour: 7,
        timeZone: 'Europe/Paris',
        kinds: ['open'],
        updatedAt: `${EARLY}T08:30:00.000Z`,
      });
      expect(data.reports).toEqual([
        {
          target: { kind: 'player', id: friend.id },
          name: 'Friend',
          reason: 'impersonation',
          reportedAt: `${EARLY}T08:30:00.000Z`,
          closed: false,
        },
      ]);
      // Every round, oldest first: the archived one and the later one with their logs as played, the one left
      // after a hole with that hole.
      expect(data.rounds.map((x) => [x.date, x.finished])).toEqual([
        [EARLY, true],
        [LATER, true],
        [addDays(LATER, 1), false],
      ]);
      const [archived, recent, left] = data.rounds;
      for (const [round, played] of [
        [archived!, early],
        [recent!, later],
      ] as const) {
        expect(round.holes.map((h) => h.log)).toEqual(played.holes.map((h) => h.log));
        expect(round.holes.map((h) => h.strokes)).toEqual(played.holes.map((h) => h.result.strokes));
        expect(round.total).toBe(played.holes.at(-1)!.result.total);
        expect(round.holes.map((h) => h.drawnAt.length)).toEqual(played.holes.map((h) => h.draws.length));
        expect(round.startedAt).not.toBeNull();
        expect(round.holes.every((h) => h.finishedAt !== null)).toBe(true);
      }
      expect(archived!.verdict).toEqual({ flagged: false, pValue: 1, telling: 0, decisions: 9 });
      expect(recent!.verdict).toBeNull();
      expect(left!.holes).toEqual([
        { hole: 1, log: one.log, strokes: one.result.strokes, finishedAt: null, drawnAt: [] },
      ]);
      expect(left!.total).toBe(one.result.strokes);

      // Nothing secret: no token, no token's hash, no code, no address or its hash, no push keys.
      const text = JSON.stringify(data);
      for (const secret of [
        me.token,
        claimed.body.token,
        await sha256(me.token),
        await sha256(claimed.body.token),
        code.body.code,
        live.body.code,
        from,
        await addressHashOf(from),
        'AAECAwQFBgcICQoLDA0ODw',
        env.VAPID_PUBLIC_KEY,
      ])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    },
  );

  it('is limited per player: 3 at once, then one every 10 minutes', async () => {
    const client = testClient(`${EARLY}T12:00:00.000Z`);
    const me = await newPlayer(client, 'Hoarder');
    const other = await newPlayer(client, 'Other');
    const get = (token: string) => client.call('GET', '/api/players/me/export', { token });
    for (let i = 0; i < 3; i++) expect((await get(me.token)).status).toBe(200);
    const refused = await get(me.token);
    expect([refused.status, errorCode(refused), refused.headers.get('retry-after')]).toEqual([
      429,
      'ERR_RATE_LIMITED',
      '600',
    ]);
    expect((await get(other.token)).status).toBe(200);
    client.setNow(`${EARLY}T12:10:00.000Z`);
    expect((await get(me.token)).status).toBe(200);
    expect((await get(me.token)).status).toBe(429);
  });

  it('needs a token', async () => {
    const client = testClient();
    const r = await client.call('GET', '/api/players/me/export');
    expect([r.status, errorCode(r)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });
});

/** What a page can get that might name a player, as text, each with where it came from. */
async function everyAnswer(
  client: Client,
  days: { closed: string; open: string },
  ids: { deleted: string; leagues: readonly string[] },
  reader: NewPlayer,
): Promise<[string, string][]> {
  const paths: [string, string | undefined][] = [];
  for (const date of [days.closed, days.open])
    for (const query of ['', '?limit=1', '?limit=100&offset=0', '?limit=2&offset=1'])
      for (const token of [undefined, reader.token])
        paths.push([`/api/daily/${date}/standings${query}`, token]);
  paths.push(
    [`/api/daily/${days.closed}/replays/${ids.deleted}`, undefined],
    [`/api/daily/${days.closed}/audits/${ids.deleted}`, undefined],
    [`/api/daily/${days.closed}/review`, undefined],
    [`/api/daily/${days.closed}/holes`, undefined],
    ['/api/players/me/history', reader.token],
    ['/api/players/me/leagues', reader.token],
  );
  for (const league of ids.leagues) {
    paths.push([`/api/leagues/${league}`, reader.token]);
    for (const date of [days.closed, days.open])
      paths.push([`/api/leagues/${league}/standings/${date}`, reader.token]);
    for (const period of ['week', 'month'])
      for (const date of [days.closed, days.open])
        paths.push([`/api/leagues/${league}/season?period=${period}&date=${date}`, reader.token]);
  }
  const out: [string, string][] = [];
  for (const [path, token] of paths) {
    const r: Reply = await client.call('GET', path, token === undefined ? {} : { token });
    expect([path, r.status]).toEqual([path, 200]);
    out.push([path, JSON.stringify(r.body)]);
  }
  return out;
}

type Rank = { playerId: string; rank: number; total: number };
const ranks = (view: StandingsView): Rank[] =>
  view.entries.map((e) => ({ playerId: e.playerId, rank: e.rank, total: e.total }));

describe('deleting a player', () => {
  it(
    'refuses every token after, removes everything listed, keeps every rank and total, and leaves the name nowhere',
    { timeout: 180_000 },
    async () => {
      const CLOSED = '2026-05-27';
      const OPEN = '2026-07-27';
      const NAME = 'Wendeline Quaxby';
      const client = testClient(`${CLOSED}T09:00:00.000Z`);
      const from = ip();
      const leaver = await newPlayer(client, NAME, from);
      const bob = await newPlayer(client, 'Bob Stays');
      const cara = await newPlayer(client, 'Cara Stays');
      // A second device of the leaver's, a live transfer code, a passkey, a push device, reminders.
      const code = await client.call<{ code: string }>('POST', '/api/players/me/transfer', {
        token: leaver.token,
      });
      const second = await client.call<NewPlayer>('POST', '/api/players/claim', {
        body: { code: code.body.code },
        headers: { 'cf-connecting-ip': ip() },
      });
      await client.call('POST', '/api/players/me/transfer', { token: leaver.token });
      await registerPasskey(client, leaver.token);
      await subscribe(client, leaver.token, 'https://push.example/leaver/1');
      await client.call('PUT', '/api/players/me/reminders', {
        token: leaver.token,
        body: { hour: 9, timeZone: 'UTC', kinds: ['open', 'closing'] },
      });
      // The leaver's league (Bob joins it) and Cara's (the leaver joins it).
      const own = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: leaver.token,
        body: { name: 'Quaxby Club' },
      });
      await client.call('POST', '/api/leagues/join', { token: bob.token, body: { code: own.body.code } });
      const caras = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: cara.token,
        body: { name: 'Cara Club' },
      });
      await client.call('POST', '/api/leagues/join', {
        token: leaver.token,
        body: { code: caras.body.code },
      });
      await client.call('POST', '/api/leagues/join', { token: bob.token, body: { code: caras.body.code } });

      // A closed, audited and archived day, and an open one, each played by all three (the leaver first on
      // both, so that others' ranks would move if the round left).
      for (const [p, pick] of [
        [leaver, 'first'],
        [bob, 'last'],
        [cara, 'first'],
      ] as const)
        await playCourse(client, CLOSED, p.token, pick);
      expect((await runCron(client, `${addDays(CLOSED, 1)}T00:10:00.000Z`)).audit?.complete).toBe(true);
      client.setNow(`${OPEN}T10:00:00.000Z`);
      for (const [p, pick] of [
        [leaver, 'first'],
        [bob, 'last'],
        [cara, 'first'],
      ] as const)
        await playCourse(client, OPEN, p.token, pick);
      const standings = (date: string) =>
        client.call<StandingsView>('GET', `/api/daily/${date}/standings?limit=100`).then((r) => r.body);
      const before = { closed: await standings(CLOSED), open: await standings(OPEN) };
      const days = { closed: CLOSED, open: OPEN };
      const ids = { deleted: leaver.id, leagues: [own.body.id, caras.body.id] };
      const named = await everyAnswer(client, days, ids, bob);
      expect(named.filter(([, text]) => text.includes(NAME)).length).toBeGreaterThan(10);
      const replay = await client.call<{ holes: unknown[] }>(
        'GET',
        `/api/daily/${CLOSED}/replays/${leaver.id}`,
      );
      expect((await rowsOf('SELECT ip_hash FROM round_evidence WHERE player_id = ?', leaver.id)).length).toBe(
        0,
      );
      // The open day's round keeps its address hash for the audit (the attempt was started from no known address).
      const openEvidence = await dayDb(OPEN)
        .prepare('SELECT ip_hash FROM round_evidence WHERE date = ? AND player_id = ?')
        .bind(OPEN, leaver.id)
        .first<{ ip_hash: string | null }>();
      expect(openEvidence?.ip_hash).toBe(await addressHashOf('unknown'));

      // Refused without the confirmation, then deleted.
      const unconfirmed = await client.call('DELETE', '/api/players/me', { token: leaver.token, body: {} });
      expect([unconfirmed.status, errorCode(unconfirmed)]).toEqual([400, 'ERR_VALIDATION']);
      expect((unconfirmed.body as { error: { message: string } }).error.message).toContain(
        '"confirm": "delete"',
      );
      const deleted = await client.call('DELETE', '/api/players/me', { token: leaver.token, body: CONFIRM });
      expect([deleted.status, deleted.body]).toEqual([200, { id: leaver.id, deleted: true }]);

      // Every token of the player is refused, on every kind of route (the attempt's object included).
      for (const token of [leaver.token, second.body.token]) {
        for (const [method, path, body] of [
          ['GET', '/api/players/me', undefined],
          ['GET', '/api/players/me/export', undefined],
          ['GET', `/api/daily/${OPEN}/attempt`, undefined],
          ['POST', `/api/daily/${OPEN}/attempt`, undefined],
          ['POST', `/api/daily/${OPEN}/attempt/draw`, { hole: 1, log: 'd' }],
          ['PATCH', '/api/players/me', { name: 'Back Again' }],
          ['DELETE', '/api/players/me', CONFIRM],
          ['POST', '/api/players/me/transfer', undefined],
          ['POST', '/api/players/me/sign-out-everywhere', undefined],
        ] as const) {
          const r = await client.call(method, path, body === undefined ? { token } : { token, body });
          expect([method, path, r.status]).toEqual([method, path, 401]);
        }
        const withToken = await client.call('GET', `/api/daily/${OPEN}/standings`, { token });
        expect(withToken.status).toBe(401);
      }
      // The used and the live transfer code are gone: a claim finds nothing.
      const claim = await client.call('POST', '/api/players/claim', {
        body: { code: code.body.code },
        headers: { 'cf-connecting-ip': ip() },
      });
      expect(claim.status).toBe(404);

      // Everything of the player is gone but the tombstone.
      for (const [table, column] of [
        ['tokens', 'player_id'],
        ['transfer_codes', 'player_id'],
        ['credentials', 'player_id'],
        ['challenges', 'player_id'],
        ['push_subscriptions', 'player_id'],
        ['reminders', 'player_id'],
        ['league_members', 'player_id'],
        ['player_names', 'player_id'],
      ])
        expect([table, await rowsOf(`SELECT * FROM ${table} WHERE ${column} = ?`, leaver.id)]).toEqual([
          table,
          [],
        ]);
      expect(await rowsOf('SELECT name, deleted_at FROM players WHERE id = ?', leaver.id)).toEqual([
        { name: DELETED_NAME, deleted_at: Date.parse(`${OPEN}T10:00:00.000Z`) },
      ]);
      // The address hash kept with the open day's round (the audit's) is gone too.
      const forgotten = await dayDb(OPEN)
        .prepare('SELECT ip_hash FROM round_evidence WHERE date = ? AND player_id = ?')
        .bind(OPEN, leaver.id)
        .first<{ ip_hash: string | null }>();
      expect(forgotten).toEqual({ ip_hash: null });
      // The league the leaver made lives on for Bob; Cara's keeps Cara and Bob.
      const league = await client.call<{ name: string; members: number }>(
        'GET',
        `/api/leagues/${own.body.id}`,
        {
          token: bob.token,
        },
      );
      expect([league.status, league.body.name, league.body.members]).toEqual([200, 'Quaxby Club', 1]);
      const carasNow = await client.call<{ members: number }>('GET', `/api/leagues/${caras.body.id}`, {
        token: cara.token,
      });
      expect(carasNow.body.members).toBe(2);

      // Nobody's rank or total moved; the rounds stay, under the deleted name.
      const after = { closed: await standings(CLOSED), open: await standings(OPEN) };
      for (const day of ['closed', 'open'] as const) {
        expect(ranks(after[day])).toEqual(ranks(before[day]));
        expect(after[day].players).toBe(3);
        expect(after[day].entries.find((e) => e.playerId === leaver.id)).toMatchObject({
          name: DELETED_NAME,
          standIn: 'deleted',
        });
      }
      // Replays and the audit keep working, without the name.
      const replayAfter = await client.call<{ name: string; holes: unknown[] }>(
        'GET',
        `/api/daily/${CLOSED}/replays/${leaver.id}`,
      );
      expect([replayAfter.status, replayAfter.body.name, replayAfter.body.holes]).toEqual([
        200,
        DELETED_NAME,
        replay.body.holes,
      ]);
      const audit = await client.call<{ name: string; status: string }>(
        'GET',
        `/api/daily/${CLOSED}/audits/${leaver.id}`,
      );
      expect([audit.status, audit.body.name, audit.body.status]).toEqual([200, DELETED_NAME, 'done']);

      // The name is nowhere: in no answer a page can get, in no archive object of the days played.
      for (const [path, text] of await everyAnswer(client, days, ids, bob))
        expect([path, text.includes(NAME)]).toEqual([path, false]);
      const objects = await archiveTexts(CLOSED);
      expect(objects.length).toBeGreaterThan(0);
      for (const text of objects) {
        expect(text).toContain(leaver.id);
        expect(text).not.toContain(NAME);
        // No address hash (64 hex digits), whoever's.
        expect(text).not.toMatch(/[0-9a-f]{64}/);
        expect(text).not.toContain('addressHash');
      }
    },
  );
});

describe('deleting a player, further', () => {
  it(
    'keeps no answer that names the player past NAME_MAX_AGE, so the deleted name leaves cached standings',
    { timeout: 120_000 },
    async () => {
      const DATE = '2026-05-29';
      let clock = () => new Date(0);
      const { cache } = recordingCache(() => clock());
      const client = testClient(`${DATE}T10:00:00.000Z`, cache);
      clock = client.now;
      const leaver = await newPlayer(client, 'Ottoline Brisk');
      const other = await newPlayer(client, 'Stays Put');
      await playCourse(client, DATE, leaver.token);
      await playCourse(client, DATE, other.token, 'last');
      const closedAt = Date.parse(`${addDays(DATE, 1)}T00:10:00.000Z`);
      expect((await runCron(client, new Date(closedAt).toISOString())).audit?.complete).toBe(true);
      const maxAge = (r: Reply) => Number(/max-age=(\d+)/.exec(r.headers.get('cache-control') ?? '')?.[1]);
      const read = () => client.call<StandingsView>('GET', `/api/daily/${DATE}/standings`);
      const first = await read();
      expect(JSON.stringify(first.body)).toContain('Ottoline Brisk');
      // Every public answer that names the player, final as it is, is kept a minute at most (browsers included).
      for (const r of [
        first,
        await client.call('GET', `/api/daily/${DATE}/audits/${leaver.id}`),
        await client.call('GET', `/api/daily/${DATE}/review`),
      ]) {
        expect(maxAge(r)).toBeGreaterThan(0);
        expect(maxAge(r)).toBeLessThanOrEqual(NAME_MAX_AGE);
      }
      await Promise.resolve();

      expect(
        (await client.call('DELETE', '/api/players/me', { token: leaver.token, body: CONFIRM })).status,
      ).toBe(200);
      // What the edge kept may still be served for that long; past it, never.
      client.setNow(new Date(closedAt + NAME_MAX_AGE * 1000 + 1).toISOString());
      const later = await read();
      expect(JSON.stringify(later.body)).not.toContain('Ottoline Brisk');
      expect(later.body.entries.map((e) => e.name)).toContain(DELETED_NAME);
      expect(ranks(later.body)).toEqual(ranks(first.body));
    },
  );

  it(
    "shows a hidden name's player as deleted, drops the reports about the name and keeps the log without it",
    { timeout: 120_000 },
    async () => {
      const DATE = '2026-05-30';
      const client = testClient(`${DATE}T10:00:00.000Z`);
      const leaver = await newPlayer(client, 'Rude Name');
      const reporter = await newPlayer(client, 'Reporter');
      await playCourse(client, DATE, leaver.token);
      // Hidden, reported and logged, as reports and a moderator leave a name (the moderation tests make it so).
      await env.DB.batch([
        env.DB.prepare(
          "UPDATE players SET name_hidden_at = 1, name_hidden_by = 'moderator' WHERE id = ?",
        ).bind(leaver.id),
        env.DB.prepare(
          "INSERT INTO reports (reporter_id, target_kind, target_id, name, reason, counts, created_at) VALUES (?, 'player', ?, 'Rude Name', 'offensive', 1, 1)",
        ).bind(reporter.id, leaver.id),
        env.DB.prepare(
          "INSERT INTO moderation_log (at, actor_id, actor_kind, action, target_kind, target_id, name, reports) VALUES (1, NULL, 'reports', 'hide', 'player', ?, 'Rude Name', 3)",
        ).bind(leaver.id),
      ]);
      const shown = async () =>
        (await client.call<StandingsView>('GET', `/api/daily/${DATE}/standings`)).body.entries.find(
          (e) => e.playerId === leaver.id,
        );
      expect(await shown()).toMatchObject({ standIn: 'hidden' });
      expect(
        (await client.call('DELETE', '/api/players/me', { token: leaver.token, body: CONFIRM })).status,
      ).toBe(200);
      expect(await shown()).toMatchObject({ name: DELETED_NAME, standIn: 'deleted' });
      expect(await rowsOf('SELECT * FROM reports WHERE target_id = ?', leaver.id)).toEqual([]);
      expect(await rowsOf('SELECT name FROM moderation_log WHERE target_id = ?', leaver.id)).toEqual([
        { name: DELETED_NAME },
      ]);
      expect(await rowsOf('SELECT name_hidden_at FROM players WHERE id = ?', leaver.id)).toEqual([
        { name_hidden_at: null },
      ]);
    },
  );

  it(
    'answers any body with 400 ERR_VALIDATION unless it confirms, and deletes only then: never a 5xx',
    { timeout: 120_000 },
    async () => {
      const client = testClient(`${EARLY}T15:00:00.000Z`);
      let player = await newPlayer(client, 'Maybe Leaving');
      let deletions = 0;
      const confirmation = fc.record(
        {
          confirm: fc.oneof(
            fc.constant('delete'),
            fc.constantFrom('Delete', 'DELETE', ' delete', 'yes'),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), confirmation, fc.constant(CONFIRM)), async (value) => {
          const raw = JSON.stringify(value) ?? 'null';
          const r = await client.call('DELETE', '/api/players/me', { token: player.token, raw });
          const sent = JSON.parse(raw) as unknown;
          const confirms =
            typeof sent === 'object' &&
            sent !== null &&
            !Array.isArray(sent) &&
            Object.getOwnPropertyDescriptor(sent, 'confirm')?.value === 'delete';
          expect([raw, r.status]).toEqual([raw, confirms ? 200 : 400]);
          if (!confirms) {
            expect(errorCode(r)).toBe('ERR_VALIDATION');
            return;
          }
          deletions++;
          expect((await client.call('GET', '/api/players/me', { token: player.token })).status).toBe(401);
          player = await newPlayer(client, 'Maybe Leaving');
        }),
        { numRuns: 120 },
      );
      expect(deletions).toBeGreaterThan(0);
      // Without a token: 401 for a confirmed body, 400 for any other (the body is checked first).
      expect((await client.call('DELETE', '/api/players/me', { body: CONFIRM })).status).toBe(401);
      expect((await client.call('DELETE', '/api/players/me', { body: { confirm: 'no' } })).status).toBe(400);
      expect(
        (
          await client.call('DELETE', '/api/players/me', {
            token: player.token,
            raw: 'confirm=delete',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).status,
      ).toBe(400);
    },
  );
});

describe('requests in flight when a player is deleted', () => {
  it(
    "lose what they wrote after it at the cron's next run, for an hour after the deletion",
    { timeout: 120_000 },
    async () => {
      const T = Date.parse(`${EARLY}T18:00:00.000Z`);
      const at = (ms: number) => new Date(T + ms).toISOString();
      const client = testClient(at(0));
      const leaver = await newPlayer(client, 'In Flight');
      const friend = await newPlayer(client, 'Friend Stays');
      const club = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: friend.token,
        body: { name: 'Flight Club' },
      });
      expect(
        (await client.call('DELETE', '/api/players/me', { token: leaver.token, body: CONFIRM })).status,
      ).toBe(200);
      // What requests that had passed their token check write afterwards, as they would write it.
      const later = await client.call<{ id: string; code: string }>('POST', '/api/leagues', {
        token: friend.token,
        body: { name: 'Later Club' },
      });
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO tokens (token_hash, player_id, created_at) VALUES ('late-token', ?, ?)",
        ).bind(leaver.id, T),
        env.DB.prepare(
          "INSERT INTO push_subscriptions (id, player_id, endpoint, p256dh, auth, created_at) VALUES ('late-sub', ?, 'https://push.example/late', 'k', 'a', ?)",
        ).bind(leaver.id, T),
        env.DB.prepare('INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, ?)').bind(
          club.body.id,
          leaver.id,
          T,
        ),
        env.DB.prepare(
          "INSERT INTO player_names (player_id, name, taken_at) VALUES (?, 'In Flight Again', ?)",
        ).bind(leaver.id, T),
      ]);
      await dayDb(EARLY)
        .prepare('INSERT INTO round_evidence (date, player_id, started_at, ip_hash) VALUES (?, ?, ?, ?)')
        .bind(EARLY, leaver.id, T, 'c'.repeat(64))
        .run();
      await dayDb(EARLY)
        .prepare('INSERT INTO attempts (player_id, date) VALUES (?, ?)')
        .bind(leaver.id, EARLY)
        .run();
      const left = async () =>
        (
          await Promise.all([
            rowsOf('SELECT token_hash FROM tokens WHERE player_id = ?', leaver.id),
            rowsOf('SELECT id FROM push_subscriptions WHERE player_id = ?', leaver.id),
            rowsOf('SELECT league_id FROM league_members WHERE player_id = ?', leaver.id),
            rowsOf('SELECT name FROM player_names WHERE player_id = ?', leaver.id),
            dayDb(EARLY)
              .prepare('SELECT ip_hash FROM round_evidence WHERE player_id = ? AND ip_hash IS NOT NULL')
              .bind(leaver.id)
              .all()
              .then((r) => r.results),
          ])
        ).map((rows) => rows.length);
      expect(await left()).toEqual([1, 1, 1, 1, 1]);
      await runCron(client, at(10 * 60_000));
      expect(await left()).toEqual([0, 0, 0, 0, 0]);
      // The friend's leagues are theirs as before.
      for (const id of [club.body.id, later.body.id])
        expect((await client.call('GET', `/api/leagues/${id}`, { token: friend.token })).status).toBe(200);
    },
  );
});

describe('the address hash', () => {
  it('leaves the attempt object once the ledger has it; a row still owed when its player is deleted carries none', async () => {
    const ledger = testLedger();
    let failing = false;
    const rounds = new Proxy(ledger.rounds, {
      get(target, key) {
        if (key === 'attemptStarted')
          return async (row: RoundStartRecord) => {
            if (failing) throw new Error('D1 is unreachable');
            return target.attemptStarted(row);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const flaky = { ...ledger, rounds };
    const HASH = 'a'.repeat(64);
    const evidence = (date: string, id: string) =>
      dayDb(date)
        .prepare('SELECT ip_hash FROM round_evidence WHERE date = ? AND player_id = ?')
        .bind(date, id)
        .first<{ ip_hash: string | null }>();
    await inAttemptStorage(async (fresh) => {
      for (const [id, down] of [
        ['address-synced', false],
        ['address-owed', true],
      ] as const) {
        const tokenHash = id.padEnd(64, '0');
        await ledger.players.createPlayer({ id, name: 'P', createdAt: 0, tokenHash });
        const store = fresh();
        const session = new AttemptSession(
          store,
          () => ({ ledger: flaky, bookmark: () => null }),
          () => undefined,
        );
        failing = down;
        const quiet = console.error;
        console.error = () => undefined;
        await session.start(
          { playerId: id, tokenHash },
          { date: EARLY, rules: 'classic', decks: [], addressHash: HASH, now: 1 },
        );
        console.error = quiet;
        if (!down) {
          // The ledger keeps it for the audit; the object forgot it.
          expect((await evidence(EARLY, id))?.ip_hash).toBe(HASH);
          expect(store.read()?.addressHash).toBeNull();
          continue;
        }
        expect(store.read()?.addressHash).toBe(HASH);
        await session.forgetPlayer();
        expect(store.read()?.addressHash).toBeNull();
        failing = false;
        expect(await session.sync()).toBe(true);
        expect(await evidence(EARLY, id)).toEqual({ ip_hash: null });
      }
    });
  });

  it(
    'is deleted from rate-limit buckets once they have refilled, whatever their purpose and size',
    { timeout: 120_000 },
    async () => {
      const T = Date.parse(`${EARLY}T16:00:00.000Z`);
      const at = (ms: number) => new Date(T + ms).toISOString();
      const client = testClient(at(0));
      const from = ip();
      // One creation takes one try of the address's 20 (back in 5 s); two exports two of the player's 3 (20 minutes).
      const me = await newPlayer(client, 'Limited', from);
      for (let i = 0; i < 2; i++) await client.call('GET', '/api/players/me/export', { token: me.token });
      const created = `players/${await addressHashOf(from)}`;
      const exported = `export/${me.id}`;
      const kept = async () =>
        (await rowsOf('SELECT key FROM rate_limits WHERE key IN (?, ?) ORDER BY key', created, exported)).map(
          (r) => (r as { key: string }).key,
        );
      expect(await kept()).toEqual([exported, created]);
      await runCron(client, at(4_999));
      expect(await kept()).toEqual([exported, created]);
      await runCron(client, at(5_000));
      expect(await kept()).toEqual([exported]);
      await runCron(client, at(20 * 60_000 - 1));
      expect(await kept()).toEqual([exported]);
      await runCron(client, at(20 * 60_000));
      expect(await kept()).toEqual([]);
      // A bucket deleted is a full one: the limit counts afresh.
      for (let i = 0; i < 3; i++)
        expect((await client.call('GET', '/api/players/me/export', { token: me.token })).status).toBe(200);
      expect((await client.call('GET', '/api/players/me/export', { token: me.token })).status).toBe(429);
    },
  );

  it('is written again out of archive objects made before the archive stopped keeping it, and never read', async () => {
    const DATE = '2026-05-31';
    const archive = bucketArchive(env.ARCHIVE);
    const round = (playerId: string) => ({
      playerId,
      startedAt: 1,
      addressHash: 'b'.repeat(64),
      finished: {
        finishedAt: 2,
        total: 40,
        strokes: [4, 4, 4, 4, 4, 5, 5, 5, 5],
        logs: Array(9).fill('d'),
        holeTimes: Array(9).fill(2),
        drawTimes: Array(9).fill([]),
      },
      review: false,
      verdict: null,
    });
    const old = [round('legacy-a'), round('legacy-b')];
    await archive.putPack(DATE, 'legacy-a', old as never);
    await env.DB.prepare(
      "INSERT INTO archive_packs (date, first_player, last_player, rounds, bytes) VALUES (?, 'legacy-a', 'legacy-b', 2, 1)",
    )
      .bind(DATE)
      .run();
    // Never read, even before it is written again.
    const read = await archive.readPack(DATE, 'legacy-a');
    expect(read).toEqual(old.map(({ addressHash: _, ...r }) => r));
    expect((await archiveTexts(DATE)).join()).toContain('b'.repeat(64));

    const client = testClient(`${DATE}T12:00:00.000Z`);
    await runCron(client, `${DATE}T12:10:00.000Z`);
    const texts = await archiveTexts(DATE);
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toContain('addressHash');
    expect(texts[0]).not.toContain('b'.repeat(64));
    expect(await archive.readPack(DATE, 'legacy-a')).toEqual(read);
    expect(await rowsOf('SELECT addresses FROM archive_packs WHERE date = ?', DATE)).toEqual([
      { addresses: 0 },
    ]);
  });
});

describe('an export at scale', () => {
  it(
    'reads as many D1 statements for 30 archived rounds as for 3, and each round from its archive object',
    { timeout: 120_000 },
    async () => {
      const meter = new WorkMeter();
      const client = testClient('2026-04-30T12:00:00.000Z', undefined, undefined, undefined, (e) =>
        meter.env(e),
      );
      const archive = bucketArchive(env.ARCHIVE);
      const reads = async (days: number, from: string): Promise<number> => {
        const me = await newPlayer(client, `Archived ${days}`);
        for (let i = 0; i < days; i++) {
          const date = addDays(from, i);
          const strokes = [i % 9, 1, 2, 3, 4, 5, 6, 7, 8];
          await seedRound(
            me.id,
            date,
            strokes.reduce((a, b) => a + b, 0),
            { strokes },
          );
          const round = {
            playerId: me.id,
            startedAt: Date.parse(`${date}T09:00:00Z`),
            finished: {
              finishedAt: Date.parse(`${date}T10:00:00Z`),
              total: strokes.reduce((a, b) => a + b, 0),
              strokes,
              logs: strokes.map((_, h) => `${i}-${h}`),
              holeTimes: strokes.map((_, h) => Date.parse(`${date}T09:30:00Z`) + h),
              drawTimes: strokes.map(() => []),
            },
            review: false,
            verdict: { flagged: false, pValue: 1, telling: 0, decisions: 9, holes: [] },
          };
          await archive.putPack(date, me.id, [round]);
          await env.DB.prepare(
            'INSERT INTO archive_packs (date, first_player, last_player, rounds, bytes, addresses) VALUES (?, ?, ?, 1, 1, 0)',
          )
            .bind(date, me.id, me.id)
            .run();
        }
        const before = meter.counts.d1Reads;
        const r = await client.call<PlayerExport>('GET', '/api/players/me/export', { token: me.token });
        expect(r.status).toBe(200);
        expect(r.body.rounds).toHaveLength(days);
        r.body.rounds.forEach((round, i) => {
          expect(round.date).toBe(addDays(from, i));
          expect(round.holes.map((h) => h.log)).toEqual(Array.from({ length: 9 }, (_, h) => `${i}-${h}`));
          expect(round.verdict).toEqual({ flagged: false, pValue: 1, telling: 0, decisions: 9 });
        });
        return meter.counts.d1Reads - before;
      };
      const few = await reads(3, '2026-03-01');
      const many = await reads(30, '2026-03-10');
      expect(many).toBe(few);
      expect(few).toBeLessThan(30);
    },
  );
});
