import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttemptView, NewPlayer, PlayerView, TransferCodeView } from '../src/index.ts';
import { CODE_ALPHABET, normalizeCode } from '../src/services/devices.ts';
import { DAY, errorCode, started, testClient, type Client } from './helpers.ts';

let address = 0;
const fresh = () => ({ 'cf-connecting-ip': `198.51.100.${++address % 250}` });

async function transfer(client: Client, token: string): Promise<TransferCodeView> {
  const r = await client.call<TransferCodeView>('POST', '/api/players/me/transfer', { token });
  expect(r.status).toBe(201);
  return r.body;
}

const claim = (client: Client, code: unknown, headers: Record<string, string> = fresh()) =>
  client.call<NewPlayer>('POST', '/api/players/claim', { body: { code }, headers });

describe('transfer codes', () => {
  it('gives a new device a token of the same player, once', async () => {
    const client = testClient();
    const p = await client.player('Mover');
    const t = await transfer(client, p.token);
    expect(t.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(t.code).not.toMatch(/[01OI]/);
    expect(new Date(t.expiresAt).getTime() - client.now().getTime()).toBe(10 * 60_000);
    // Stored as an HMAC only.
    const rows = await env.DB.prepare('SELECT * FROM transfer_codes WHERE player_id = ?').bind(p.id).all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(t.code);

    const r = await claim(client, t.code.toLowerCase().replace(/(.{4})/, '$1-'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, name: 'Mover' });
    expect(r.body.token).not.toBe(p.token);
    // Both devices work.
    for (const token of [p.token, r.body.token]) {
      const me = await client.call<PlayerView>('GET', '/api/players/me', { token });
      expect(me.body).toEqual({ id: p.id, name: 'Mover', standIn: null });
    }
    const again = await claim(client, t.code);
    expect([again.status, errorCode(again)]).toEqual([404, 'ERR_NOT_FOUND']);
  });

  it('expires after 10 minutes', async () => {
    const client = testClient();
    const p = await client.player();
    const t = await transfer(client, p.token);
    client.setNow(new Date(client.now().getTime() + 10 * 60_000 - 1).toISOString());
    const late = await transfer(client, p.token);
    client.setNow(new Date(client.now().getTime() + 1).toISOString());
    const r = await claim(client, t.code);
    expect([r.status, errorCode(r)]).toEqual([404, 'ERR_NOT_FOUND']);
    expect((await claim(client, late.code)).status).toBe(200);
  });

  it('lets exactly one of many concurrent claims win', async () => {
    const client = testClient();
    const p = await client.player();
    const t = await transfer(client, p.token);
    const replies = await Promise.all(Array.from({ length: 8 }, () => claim(client, t.code)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    const tokens = await env.DB.prepare('SELECT count(*) AS n FROM tokens WHERE player_id = ?')
      .bind(p.id)
      .first<{ n: number }>();
    expect(tokens?.n).toBe(2);
  });

  it('answers 404 for unknown or malformed codes and 400 for a missing one', async () => {
    const client = testClient();
    for (const code of ['AAAAAAAA', 'short', '0O1I0O1I', '💥'.repeat(8)]) {
      const r = await claim(client, code);
      expect([code, r.status, errorCode(r)]).toEqual([code, 404, 'ERR_NOT_FOUND']);
    }
    for (const body of [{}, { code: 7 }, { code: '' }, { code: 'x'.repeat(65) }]) {
      const r = await client.call('POST', '/api/players/claim', { body, headers: fresh() });
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
    }
    const noToken = await client.call('POST', '/api/players/me/transfer');
    expect([noToken.status, errorCode(noToken)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });

  it('rate limits claims per address, counting every try', async () => {
    const client = testClient();
    const p = await client.player();
    const t = await transfer(client, p.token);
    const headers = { 'cf-connecting-ip': '203.0.113.77' };
    for (let i = 0; i < 20; i++) expect((await claim(client, 'AAAAAAAA', headers)).status).toBe(404);
    const limited = await claim(client, t.code, headers);
    expect([limited.status, errorCode(limited)]).toEqual([429, 'ERR_RATE_LIMITED']);
    expect(limited.headers.get('retry-after')).toBe('5');
    client.setNow(new Date(client.now().getTime() + 5_000).toISOString());
    expect((await claim(client, t.code, headers)).status).toBe(200);
  });

  it('keeps at most five live codes per player', async () => {
    const client = testClient();
    const p = await client.player();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await transfer(client, p.token)).code);
    expect((await claim(client, codes[0])).status).toBe(404);
    for (const code of codes.slice(1)) expect((await claim(client, code)).status).toBe(200);
  });

  it('reads any code back however it is typed, and nothing that is not a code', () => {
    const code = fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: 8, maxLength: 8 });
    const typed = code.chain((c) =>
      fc
        .tuple(
          ...[...c].map((ch) =>
            fc
              .tuple(fc.boolean(), fc.constantFrom('', '', ' ', '-'))
              .map(([lower, sep]) => (lower ? ch.toLowerCase() : ch) + sep),
          ),
        )
        .map((parts) => [c, parts.join('')] as const),
    );
    fc.assert(
      fc.property(typed, ([c, text]) => {
        expect(normalizeCode(text)).toBe(c);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const n = normalizeCode(text);
        if (n !== null) expect(n).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
      }),
    );
  });

  it('normalises what people type', () => {
    expect(normalizeCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizeCode(' AB CD EF GH ')).toBe('ABCDEFGH');
    expect(normalizeCode('ABCDEFG0')).toBeNull();
    expect(normalizeCode('ABCDEFGHJ')).toBeNull();
  });
});

describe('sign-out everywhere', () => {
  it('revokes every token at once, the attempt object included, and hands this device a fresh one', async () => {
    const client = testClient();
    const { player, token } = await started(client, DAY);
    // A second device, and a draw on each so the attempt object has checked (and remembered) both tokens.
    const other = (await claim(client, (await transfer(client, token)).code)).body.token;
    const pending = await transfer(client, token);
    const drawOn = (t: string, log: string) =>
      client.call('POST', `/api/daily/${DAY}/attempt/draw`, { token: t, body: { hole: 1, log } });
    expect((await drawOn(token, 'd')).status).toBe(200);
    expect((await drawOn(other, 'd')).status).toBe(200);

    const out = await client.call<{ token: string }>('POST', '/api/players/me/sign-out-everywhere', {
      token: other,
    });
    expect(out.status).toBe(200);
    const fresh1 = out.body.token;
    expect(fresh1).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const revoked of [token, other]) {
      expect((await client.call('GET', '/api/players/me', { token: revoked })).status).toBe(401);
      const d = await drawOn(revoked, 'dd');
      expect([d.status, errorCode(d)]).toEqual([401, 'ERR_UNAUTHORIZED']);
      const a = await client.call('GET', `/api/daily/${DAY}/attempt`, { token: revoked });
      expect(a.status).toBe(401);
    }
    // A code issued before is gone with the tokens.
    expect((await claim(client, pending.code)).status).toBe(404);
    // The fresh token plays on.
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: fresh1 });
    expect(me.body.id).toBe(player.id);
    expect((await drawOn(fresh1, 'dd')).status).toBe(200);
    const attempt = await client.call<AttemptView>('GET', `/api/daily/${DAY}/attempt`, { token: fresh1 });
    expect(attempt.body.holes[0]!.log).toBe('dd');
  });

  it('needs a token', async () => {
    const client = testClient();
    const r = await client.call('POST', '/api/players/me/sign-out-everywhere');
    expect([r.status, errorCode(r)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });
});
