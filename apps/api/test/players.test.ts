import {
  ACCEPTED_DECENT_NAMES,
  ACCEPTED_NAMES,
  REFUSED_NAMES,
  REFUSED_OFFENSIVE_NAMES,
} from '@golf/contract/name-cases';
import { standInName } from '@golf/contract/stand-in';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { NewPlayer, PlayerView } from '../src/index.ts';
import { errorCode, testClient } from './helpers.ts';

let address = 0;
const fresh = () => ({ 'cf-connecting-ip': `192.0.2.${++address}` });

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('players', () => {
  it('creates a player with a random token stored only as its hash', async () => {
    const client = testClient();
    const r = await client.call<NewPlayer>('POST', '/api/players', {
      body: { name: 'Ada' },
      headers: fresh(),
    });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe('Ada');
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await client.call<NewPlayer>('POST', '/api/players', {
      body: { name: 'Ada' },
      headers: fresh(),
    });
    expect(other.body.token).not.toBe(r.body.token);
    expect(other.body.id).not.toBe(r.body.id);
    const row = await env.DB.prepare('SELECT * FROM players WHERE id = ?')
      .bind(r.body.id)
      .first<Record<string, unknown>>();
    expect(Object.values(row!)).not.toContain(r.body.token);
    const tokens = await env.DB.prepare('SELECT * FROM tokens WHERE player_id = ?')
      .bind(r.body.id)
      .all<Record<string, unknown>>();
    expect(tokens.results.map((t) => t.token_hash)).toEqual([await sha256Hex(r.body.token)]);
    expect(tokens.results.flatMap(Object.values)).not.toContain(r.body.token);
  });

  it('creates a player without a name, named its stand-in until it chooses one', async () => {
    const client = testClient();
    const r = await client.call<NewPlayer>('POST', '/api/players', { body: {}, headers: fresh() });
    expect(r.status).toBe(201);
    // "Golfer" and four upper-case hex digits, the same for this id wherever it shows.
    expect(r.body.name).toMatch(/^Golfer [0-9A-F]{4}$/);
    expect(r.body.name).toBe(standInName(r.body.id));
    const other = await client.call<NewPlayer>('POST', '/api/players', { body: {}, headers: fresh() });
    expect(other.body.id).not.toBe(r.body.id);
    expect(other.body.name).toBe(standInName(other.body.id));
    expect((await client.call('GET', '/api/players/me', { token: r.body.token })).body).toEqual({
      id: r.body.id,
      name: r.body.name,
    });
    const named = await client.call<PlayerView>('PATCH', '/api/players/me', {
      token: r.body.token,
      body: { name: 'Chosen later' },
    });
    expect(named.body).toEqual({ id: r.body.id, name: 'Chosen later' });
  });

  it('reads and renames the player behind a token', async () => {
    const client = testClient();
    const p = await client.player('Before');
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: p.token });
    expect(me.body).toEqual({ id: p.id, name: 'Before', standIn: null });
    const renamed = await client.call<PlayerView>('PATCH', '/api/players/me', {
      token: p.token,
      body: { name: ' After ' },
    });
    expect(renamed.body).toEqual({ id: p.id, name: 'After', standIn: null });
    expect((await client.call('GET', '/api/players/me', { token: p.token })).body).toEqual({
      id: p.id,
      name: 'After',
      standIn: null,
    });
    const bad = await client.call('PATCH', '/api/players/me', { token: p.token, body: { name: '' } });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('refuses a missing, malformed or forged token', async () => {
    const client = testClient();
    await client.player();
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ];
    for (const headers of variants) {
      const r = await client.call('GET', '/api/players/me', { headers });
      expect([r.status, errorCode(r)]).toEqual([401, 'ERR_UNAUTHORIZED']);
    }
    const patch = await client.call('PATCH', '/api/players/me', {
      token: 'y'.repeat(43),
      body: { name: 'Mallory' },
    });
    expect([patch.status, errorCode(patch)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });

  it.each(ACCEPTED_NAMES)('normalises the name %j to %j', async (name, expected) => {
    const client = testClient();
    const r = await client.call<NewPlayer>('POST', '/api/players', { body: { name }, headers: fresh() });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe(expected);
  });

  it.each(REFUSED_NAMES)('refuses a name with %s', async (_what, name) => {
    const client = testClient();
    const r = await client.call('POST', '/api/players', { body: { name }, headers: fresh() });
    expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
  });

  it.each([[{ name: 42 }], [{ name: null }], [{ name: '' }], [[]], ['name']])('refuses the body %j', async (body) => {
    const client = testClient();
    const r = await client.call('POST', '/api/players', { body, headers: fresh() });
    expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
  });
});

describe('the name check (create and rename)', () => {
  const count = async (): Promise<number> =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM players').first<{ n: number }>())?.n ?? 0;

  it.each(ACCEPTED_DECENT_NAMES)('keeps %j', async (name) => {
    const client = testClient();
    const r = await client.call<NewPlayer>('POST', '/api/players', { body: { name }, headers: fresh() });
    expect(r.status).toBe(201);
    const renamed = await client.call<PlayerView>('PATCH', '/api/players/me', {
      token: r.body.token,
      body: { name: `${name} 2` },
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, `${r.body.name} 2`]);
  });

  it.each(REFUSED_OFFENSIVE_NAMES)('refuses %s: %j, and stores nothing', async (_how, name) => {
    const client = testClient();
    const before = await count();
    const r = await client.call('POST', '/api/players', { body: { name }, headers: fresh() });
    expect([r.status, errorCode(r)]).toEqual([400, 'ERR_NAME_REFUSED']);
    expect(await count()).toBe(before);
    const p = await client.player('Kept');
    const renamed = await client.call('PATCH', '/api/players/me', { token: p.token, body: { name } });
    expect([renamed.status, errorCode(renamed)]).toEqual([400, 'ERR_NAME_REFUSED']);
    const message = (renamed.body as { error: { message: string } }).error.message;
    expect(message).toBe('this name is not allowed; choose another');
    expect((await client.call('GET', '/api/players/me', { token: p.token })).body).toEqual({
      id: p.id,
      name: 'Kept',
      standIn: null,
    });
  });
});

describe('player creation limit', () => {
  it('allows a burst of 20 per address, then one per 5 s, counting only successful creations', async () => {
    const client = testClient();
    const headers = fresh();
    const create = (name: unknown = 'Burst') =>
      client.call('POST', '/api/players', { body: { name }, headers });
    for (let i = 0; i < 25; i++) expect((await create('')).status).toBe(400);
    for (let i = 0; i < 20; i++) expect((await create()).status).toBe(201);
    const limited = await create();
    expect([limited.status, errorCode(limited)]).toEqual([429, 'ERR_RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A player created without a name counts the same.
    const unnamed = await client.call('POST', '/api/players', { body: {}, headers });
    expect([unnamed.status, errorCode(unnamed)]).toEqual([429, 'ERR_RATE_LIMITED']);
    // Invalid bodies are answered 400 before the limit is looked at.
    expect((await create('')).status).toBe(400);
    // Another address is not affected.
    expect(
      (await client.call('POST', '/api/players', { body: { name: 'Other' }, headers: fresh() })).status,
    ).toBe(201);
    client.setNow('2026-06-15T12:00:05.000Z');
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(429);
    client.setNow('2026-06-15T12:00:10.000Z');
    expect((await create()).status).toBe(201);
    client.setNow('2026-06-15T13:00:00.000Z');
    for (let i = 0; i < 20; i++) expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(429);
  });

  it("keeps the address only as a hash, in the creation limit's bucket, never with the player", async () => {
    const client = testClient();
    const r = await client.call<NewPlayer>('POST', '/api/players', {
      body: { name: 'Hashed' },
      headers: { 'cf-connecting-ip': '203.0.113.77' },
    });
    expect(r.status).toBe(201);
    const columns = await env.DB.prepare('PRAGMA table_info(players)').all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).not.toContain('ip_hash');
    // The bucket's key is the HMAC of the address under the secret, computed here on its own.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(env.DAILY_SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('address/203.0.113.77')),
    );
    const hex = [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
    const limits = await env.DB.prepare('SELECT key FROM rate_limits').all<{ key: string }>();
    expect(limits.results.map((l) => l.key)).toContain(`players/${hex}`);
    expect(limits.results.some((l) => l.key.includes('203.0.113'))).toBe(false);
  });
});
