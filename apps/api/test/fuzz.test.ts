import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/errors.ts';
import { DAY, started, testClient } from './helpers.ts';
import { anyRequest, OPERATIONS } from './openapi-fuzz.ts';

/** Placeholders filled at each call: a league the fuzzed player is in, and its current token. */
const LEAGUE_ID = ':league';
const TOKEN = ':token';

const ROUTES: readonly (readonly [string, string])[] = [
  ['POST', '/api/players'],
  ['PATCH', '/api/players/me'],
  ['GET', '/api/players/me'],
  ['GET', '/api/daily'],
  ['GET', `/api/daily/${DAY}`],
  ['POST', `/api/daily/${DAY}/attempt`],
  ['GET', `/api/daily/${DAY}/attempt`],
  ['POST', `/api/daily/${DAY}/attempt/draw`],
  ['POST', `/api/daily/${DAY}/attempt/holes/1`],
  ['POST', `/api/daily/${DAY}/attempt/holes/9`],
  ['GET', `/api/daily/${DAY}/standings`],
  ['GET', `/api/daily/${DAY}/replays/x`],
  ['POST', '/api/players/me/transfer'],
  ['POST', '/api/players/claim'],
  ['POST', '/api/players/me/sign-out-everywhere'],
  ['GET', '/api/players/me/history'],
  ['GET', '/api/players/me/history?limit=3&offset=1'],
  ['GET', '/api/players/me/leagues'],
  ['GET', '/api/players/me/passkeys'],
  ['POST', '/api/players/me/passkeys/options'],
  ['POST', '/api/players/me/passkeys'],
  ['POST', '/api/players/passkeys/options'],
  ['POST', '/api/players/passkeys/sign-in'],
  ['POST', '/api/leagues'],
  ['POST', '/api/leagues/join'],
  ['GET', `/api/leagues/${LEAGUE_ID}`],
  ['DELETE', `/api/leagues/${LEAGUE_ID}/members/me`],
  ['GET', `/api/leagues/${LEAGUE_ID}/standings/${DAY}`],
  ['GET', `/api/leagues/${LEAGUE_ID}/season?period=month`],
  ['GET', '/api/leagues/x/season?period=week&date=2026-06-01'],
  ['GET', `/api/daily/${DAY}/audits/x`],
  ['GET', '/api/daily/2026-06-14/audits/x'],
  ['GET', `/api/daily/${DAY}/review`],
  ['GET', '/api/daily/2026-06-14/review?limit=3'],
  ['GET', '/api/daily/2026-06-14/standings'],
  ['GET', `/api/daily/${DAY}/holes`],
  ['GET', '/api/daily/2026-06-14/holes'],
  ['POST', '/api/dev/scheduled'],
  ['GET', '/api/dev/counters'],
  ['GET', '/api/push/key'],
  ['POST', '/api/players/me/push'],
  ['GET', '/api/players/me/push'],
  ['DELETE', '/api/players/me/push/x'],
  ['GET', '/api/players/me/reminders'],
  ['PUT', '/api/players/me/reminders'],
  ['POST', '/api/reports'],
  ['PATCH', `/api/leagues/${LEAGUE_ID}`],
  ['GET', '/api/moderation/reports'],
  ['GET', '/api/moderation/log?limit=3'],
  ['POST', '/api/moderation/actions'],
  ['GET', '/api/players/me/export'],
  ['DELETE', '/api/players/me'],
];

/** The routes that read a JSON body (each checks it before any token). */
const JSON_ROUTES: readonly (readonly [string, string])[] = [
  ['POST', '/api/players'],
  ['PATCH', '/api/players/me'],
  ['POST', `/api/daily/${DAY}/attempt/draw`],
  ['POST', `/api/daily/${DAY}/attempt/holes/1`],
  ['POST', '/api/players/claim'],
  ['POST', '/api/players/me/passkeys'],
  ['POST', '/api/players/passkeys/sign-in'],
  ['POST', '/api/leagues'],
  ['POST', '/api/leagues/join'],
  ['POST', '/api/reports'],
  ['PATCH', '/api/leagues/x'],
  ['DELETE', '/api/players/me'],
];

/** Passkey answers: the right shape with random (often broken) fields. */
const passkeyAnswer = fc
  .record(
    {
      id: fc.oneof(fc.base64String(), fc.string()),
      rawId: fc.base64String(),
      type: fc.constantFrom('public-key', 'x', 1),
      response: fc.record(
        {
          clientDataJSON: fc.oneof(fc.base64String(), fc.string()),
          attestationObject: fc.base64String(),
          authenticatorData: fc.base64String(),
          signature: fc.base64String(),
          userHandle: fc.oneof(fc.base64String(), fc.constant(null)),
          transports: fc.array(fc.string()),
        },
        { requiredKeys: [] },
      ),
      clientExtensionResults: fc.oneof(fc.object(), fc.constant(null)),
    },
    { requiredKeys: [] },
  )
  .map((v) => JSON.stringify(v).replace(/\+/g, '-').replace(/\//g, '_'));

const KNOWN_CODES = new Set(Object.keys(ERROR_STATUS));

/** Bodies: any JSON, the right shape with wrong types, random text, and oversized bodies. */
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.record({ name: fc.anything() }, { requiredKeys: [] }).map((v) => JSON.stringify(v) ?? '{}'),
  fc
    .record({
      hole: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
      log: fc.oneof(fc.string(), fc.stringMatching(/^[1-7d]{0,60}$/), fc.integer()),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record({ code: fc.oneof(fc.anything(), fc.stringMatching(/^[A-Z2-9 -]{0,14}$/)) })
    .map((v) => JSON.stringify(v)),
  passkeyAnswer,
  fc
    .record(
      {
        hour: fc.oneof(fc.integer({ min: -2, max: 25 }), fc.double(), fc.string()),
        timeZone: fc.oneof(fc.constantFrom('UTC', 'Europe/Paris', 'Nowhere/Else'), fc.string()),
        kinds: fc.oneof(fc.array(fc.constantFrom('open', 'closing', 'x')), fc.anything()),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v) ?? '{}'),
  fc
    .record(
      {
        playerId: fc.oneof(fc.uuid(), fc.string(), fc.anything()),
        leagueId: fc.oneof(fc.uuid(), fc.string(), fc.anything()),
        reason: fc.oneof(fc.constantFrom('offensive', 'impersonation', 'other', 'x'), fc.anything()),
        action: fc.oneof(fc.constantFrom('hide', 'restore', 'dismiss', 'x'), fc.anything()),
        confirm: fc.oneof(fc.constant('delete'), fc.constant('Delete'), fc.anything()),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v) ?? '{}'),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.integer({ min: 16 * 1024 - 16, max: 40_000 }).map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
);

describe('no input produces a 5xx', () => {
  it(
    'answers random bodies, headers and paths on every route with a known 2xx/4xx',
    { timeout: 120_000 },
    async () => {
      const client = testClient();
      const { token } = await started(client);
      // Sign-out everywhere and leaving the league succeed now and then: keep a live token and a league.
      let current = token;
      let league = '';
      const ensureLeague = async () => {
        const r = await client.call<{ id: string }>('GET', `/api/leagues/${league}`, { token: current });
        if (r.status === 200) return;
        league = (
          await client.call<{ id: string }>('POST', '/api/leagues', {
            token: current,
            body: { name: 'Fuzz' },
          })
        ).body.id;
      };
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROUTES),
          body,
          fc.constantFrom<string | undefined>(undefined, TOKEN, TOKEN, 'A'.repeat(43), ''),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async ([method, template], raw, auth, type) => {
            await ensureLeague();
            const path = template.replace(LEAGUE_ID, league);
            const headers: Record<string, string> = { 'content-type': type };
            if (auth !== undefined) headers.authorization = `Bearer ${auth === TOKEN ? current : auth}`;
            const init = method === 'GET' ? { headers } : { headers, raw };
            const r = await client.call(method, path, init);
            expect(r.status).toBeLessThan(500);
            if (path.endsWith('/sign-out-everywhere') && r.status === 200)
              current = (r.body as { token: string }).token;
            // A deletion that went through: play on as a new player.
            if (method === 'DELETE' && path === '/api/players/me' && r.status === 200)
              current = (await client.player('Fuzz again')).token;
            if (r.status >= 400) {
              const code = (r.body as { error?: { code?: string } }).error?.code;
              expect(KNOWN_CODES.has(code ?? '')).toBe(true);
              expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(r.status);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('answers random paths and queries under /api with JSON', async () => {
    const client = testClient();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.webSegment(),
            fc.constantFrom(
              'daily',
              DAY,
              'attempt',
              'holes',
              'draw',
              'standings',
              'replays',
              '0',
              '10',
              'players',
              'me',
              'leagues',
              'season',
              'passkeys',
              'claim',
            ),
          ),
          { maxLength: 5 },
        ),
        fc.webQueryParameters(),
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
        async (segments, query, method) => {
          const r = await client.call(
            method,
            `/api/${segments.join('/')}?${query}`,
            method === 'GET' ? {} : { raw: '{}' },
          );
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) expect(r.body).toHaveProperty('error.code');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a JSON body that is not valid UTF-8 with 400 on every route that reads one, before its token', async () => {
    const client = testClient();
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    const invalid = (b: Uint8Array) => {
      try {
        strict.decode(b);
        return false;
      } catch {
        return true;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ROUTES),
        fc.string({ maxLength: 20 }),
        fc.uint8Array({ minLength: 1, maxLength: 24 }).filter(invalid),
        async ([method, path], before, broken) => {
          const head = new TextEncoder().encode(`{"name":"${before.replace(/["\\]/g, '')}`);
          const body = new Uint8Array([...head, ...broken, ...new TextEncoder().encode('"}')]);
          const r = await client.call(method, path, { bytes: body });
          expect([path, r.status, r.body]).toEqual([
            path,
            400,
            { error: { code: 'ERR_VALIDATION', message: 'the body is not valid UTF-8' } },
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never calls valid UTF-8 invalid, whatever the characters', async () => {
    const client = testClient();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ROUTES),
        fc.string({ unit: fc.constantFrom('grapheme', 'binary') as never, maxLength: 30 }),
        async ([method, path], text) => {
          const r = await client.call(method, path, {
            bytes: new TextEncoder().encode(JSON.stringify({ name: text, code: text, log: text })),
          });
          expect(r.status).toBeLessThan(500);
          expect(JSON.stringify(r.body)).not.toContain('not valid UTF-8');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('says a body must be application/json whatever other type (or none) it is sent with', async () => {
    const client = testClient();
    const jsonType = /^application\/([a-z-.]+\+)?json(;.*)?$/i;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ROUTES),
        fc.oneof(
          fc.constantFrom(
            undefined,
            'text/plain',
            'text/plain;charset=utf-8',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
          fc.stringMatching(/^[a-z]{1,11}\/[a-z0-9+.-]{1,14}$/).filter((t) => !jsonType.test(t)),
        ),
        fc.jsonValue().map((v) => JSON.stringify(v)),
        async ([method, path], type, raw) => {
          const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
          const res = await client.app.request(
            path,
            { method, headers, body: new TextEncoder().encode(raw) },
            env,
          );
          const body = (await res.json()) as { error: { code: string; message: string } };
          expect([path, type, res.status, body.error.code]).toEqual([path, type, 400, 'ERR_VALIDATION']);
          expect(body.error.message).toContain('Content-Type: application/json');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a body over 16 KiB with 413, whatever the route', async () => {
    const client = testClient();
    for (const [method, path] of ROUTES.filter(([m]) => m !== 'GET')) {
      const r = await client.call(method, path, {
        raw: JSON.stringify({ name: 'x', log: 'd'.repeat(17_000) }),
      });
      expect([method, path, r.status]).toEqual([method, path, 413]);
      expect(r.body).toMatchObject({ error: { code: 'ERR_BODY_TOO_LARGE' } });
    }
  });

  it('answers requests drawn from every operation of the document with a documented status and body', async () => {
    const client = testClient();
    const { token } = await started(client);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(anyRequest, async (req) => {
        const headers = { ...req.headers, ...(req.withToken ? { authorization: `Bearer ${token}` } : {}) };
        // client.app checks the answer against the document (test/contract.ts): a documented status and body.
        const res = await client.app.request(req.path, { method: req.method, headers, body: req.body }, env);
        expect([req.method, req.path, res.status]).toEqual([req.method, req.path, expect.any(Number)]);
        expect(res.status, `${req.method} ${req.path}`).toBeLessThan(500);
        seen.add(req.operationId);
      }),
      { numRuns: 400 },
    );
    expect(seen.size).toBeGreaterThan(OPERATIONS.length / 2);
  });
});
