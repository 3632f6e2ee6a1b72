import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { draw } from '../src/services/attempt.ts';
import type { ServiceContext } from '../src/services/context.ts';
import { D1Storage } from '../src/storage/d1.ts';
import { DAY, NOON, quickPerfect, started, testClient } from './helpers.ts';

describe('errors', () => {
  it('answers an unexpected failure with a generic 500 that leaks nothing', async () => {
    const app = createApp({ now: () => new Date(NOON), perfect: quickPerfect });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/api/daily', {}, { ...env, DAILY_SECRET: '' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'ERR_INTERNAL', message: 'internal error' } });
    expect(text).not.toMatch(/DAILY_SECRET|at |\.ts/);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
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
