import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { DEVELOPMENT_SECRET } from '../src/config.ts';
import { DAY, NOON, quickPerfect } from './helpers.ts';

describe('errors', () => {
  it('answers an unexpected failure with a generic 500 that leaks nothing', async () => {
    const app = createApp({ now: () => new Date(NOON), perfect: quickPerfect });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A database that fails every statement, as a broken binding would.
    const broken = {
      prepare: () => {
        throw new Error('D1_ERROR: no such table: courses at src/storage/d1.ts');
      },
      batch: () => Promise.reject(new Error('D1_ERROR: disk I/O error')),
    };
    const res = await app.request('/api/daily', {}, { ...env, DB: broken });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'ERR_INTERNAL', message: 'internal error' } });
    expect(text).not.toMatch(/D1_ERROR|no such|at |\.ts/);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it.each([
    ['missing', { DAILY_SECRET: undefined }],
    ['empty', { DAILY_SECRET: '' }],
    ['31 bytes', { DAILY_SECRET: 'x'.repeat(31) }],
    ['the public development value', { DAILY_SECRET: DEVELOPMENT_SECRET }],
    ['the development value with LOCAL_DEV=0', { DAILY_SECRET: DEVELOPMENT_SECRET, LOCAL_DEV: '0' }],
  ])(
    'refuses to serve a course when the secret is %s: a logged error and 503 ERR_UNAVAILABLE',
    async (_what, vars) => {
      const app = createApp({ now: () => new Date(NOON), perfect: quickPerfect });
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      for (const path of ['/api/daily', `/api/daily/${DAY}`, `/api/daily/${DAY}/standings`]) {
        const res = await app.request(path, {}, { ...env, ...vars });
        expect(res.status).toBe(503);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({ error: { code: 'ERR_UNAVAILABLE' } });
        expect(text).not.toContain('DAILY_SECRET');
      }
      const create = await app.request(
        '/api/players',
        {
          method: 'POST',
          body: JSON.stringify({ name: 'Ann' }),
          headers: { 'content-type': 'application/json' },
        },
        { ...env, ...vars },
      );
      expect(create.status).toBe(503);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('DAILY_SECRET'));
      log.mockRestore();
    },
  );

  it('serves with a 32-byte secret, and with the development value only in local development', async () => {
    const app = createApp({ now: () => new Date(NOON), perfect: quickPerfect });
    const ok32 = await app.request(`/api/daily/${DAY}`, {}, { ...env, DAILY_SECRET: 'y'.repeat(32) });
    expect(ok32.status).toBe(200);
    const local = await app.request(
      '/api/daily/2026-06-14',
      {},
      { ...env, DAILY_SECRET: DEVELOPMENT_SECRET, LOCAL_DEV: '1' },
    );
    expect(local.status).toBe(200);
  });
});
