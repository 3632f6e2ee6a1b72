import { describe, expect, it } from 'vitest';
import committed from '../openapi.json' with { type: 'json' };
import { createApp } from '../src/app.ts';
import { openApiDocument } from '../src/openapi.ts';
import { testClient } from './helpers.ts';

describe('the OpenAPI document', () => {
  it('is what the routes generate (run `pnpm --filter @golf/api openapi` after changing a route)', async () => {
    expect(JSON.parse(JSON.stringify(committed))).toEqual(await openApiDocument(createApp()));
  });

  it('is served at /api/openapi.json, kept like a closed day, without the development routes', async () => {
    const r = await testClient().call<typeof committed>('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
    const operations = Object.values(r.body.paths).flatMap((p) => Object.values(p as object));
    expect(new Set(operations.map((o: { operationId: string }) => o.operationId)).size).toBe(
      operations.length,
    );
  });
});
