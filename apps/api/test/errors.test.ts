import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { DEVELOPMENT_SECRET } from '../src/deps.ts';
import { draw } from '../src/services/attempt.ts';
import type { ServiceContext } from '../src/services/context.ts';
import { D1Storage } from '../src/storage/d1.ts';
import { DAY, NOON, quickPerfect, started, testClient } from './helpers.ts';

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

  it('gives up with ERR_CONFLICT when the hole keeps changing under the request', async () => {
    const client = testClient();
    const { player } = await started(client);
    const storage = new D1Storage(env.DB);
    // A storage whose compare-and-set writes always lose, as if another request won each time.
    class LosingStorage extends D1Storage {
      override async recordDraw(): Promise<boolean> {
        return false;
      }
    }
    const losing = new LosingStorage(env.DB);
    const ctx: ServiceContext = {
      storage: losing,
      secret: env.DAILY_SECRET,
      now: new Date(NOON),
      perfect: quickPerfect,
      courses: new Map(),
      tokens: new Map(),
    };
    const me = player.id;
    await expect(draw(ctx, DAY, me, 1, 'd')).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
    expect((await storage.attempt(DAY, player.id))?.holes[0]).toMatchObject({ log: '', drawn: 0 });
    // With writes that apply, the same request succeeds.
    await expect(draw({ ...ctx, storage }, DAY, me, 1, 'd')).resolves.toMatchObject({
      hole: 1,
      stockLeft: 15,
    });
    expect((await storage.attempt(DAY, player.id))?.holes[0]).toMatchObject({ log: 'd', drawn: 1 });
  });
});
