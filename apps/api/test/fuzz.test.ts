import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/errors.ts';
import { DAY, started, testClient } from './helpers.ts';

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
  ['GET', `/api/daily/${DAY}/audits/x`],
  ['GET', '/api/daily/2026-06-14/audits/x'],
  ['GET', `/api/daily/${DAY}/review`],
  ['GET', '/api/daily/2026-06-14/review?limit=3'],
  ['GET', '/api/daily/2026-06-14/standings'],
  ['POST', '/api/dev/scheduled'],
  ['GET', '/api/dev/counters'],
];

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
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROUTES),
          body,
          fc.constantFrom<string | undefined>(undefined, token, 'A'.repeat(43), ''),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async ([method, path], raw, auth, type) => {
            const headers: Record<string, string> = { 'content-type': type };
            if (auth !== undefined) headers.authorization = `Bearer ${auth}`;
            const init = method === 'GET' ? { headers } : { headers, raw };
            const r = await client.call(method, path, init);
            expect(r.status).toBeLessThan(500);
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
            fc.constantFrom('daily', DAY, 'attempt', 'holes', 'draw', 'standings', 'replays', '0', '10'),
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
});
