import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { ensureCourse, RULES_NAME } from '../services/course.ts';
import { dateSchema, validate } from './validation.ts';

/**
 * What the probe asks of an attempt object (the Worker's class, src/dev-attempt-object.ts; local development only).
 */
export interface AttemptObjectProbe {
  /** Runs the object's alarm now, as the runtime runs it when it is due. */
  devRunAlarm(): Promise<void>;
  /**
   * Whether the object's storage holds anything: a table of its own, or an alarm (Cloudflare keeps it then). The
   * runtime's tables (`_cf_…`) and the one the local simulator adds to objects reached by name
   * (`__miniflare_do_name`, which does not exist on Cloudflare) do not count.
   */
  devStorageLeft(): Promise<{ readonly tables: readonly string[]; readonly alarm: boolean }>;
}

const body = validate('json', z.object({ date: dateSchema, count: z.number().int().min(1).max(1000) }));

/**
 * `POST /api/dev/attempt-objects` (local development only, with real attempt objects): `count` new players, half
 * of whom start an attempt on `date` (a day long closed) and draw once, while the other half only read theirs
 * (an attempt that does not exist) and have their tokens forgotten; then each started object's final alarm runs.
 * Answers how many objects still hold storage: each one would be kept, and billed, by Cloudflare for good.
 */
export const devObjectRoutes = () =>
  new Hono<AppEnv>().post('/attempt-objects', body, async (c) => {
    const ctx = c.var.services;
    if (!ctx.config.localDev) throw new ApiError('ERR_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`);
    const { date, count } = c.req.valid('json');
    const decks = (await ensureCourse(ctx, date, { completeLater: false })).holes.map((h) => h.deck);
    const left: { playerId: string; started: boolean; tables: readonly string[]; alarm: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      const playerId = crypto.randomUUID();
      const tokenHash = await sha256Hex(crypto.randomUUID());
      await ctx.ledger.players.createPlayer({
        id: playerId,
        name: 'Probe',
        createdAt: 0,
        tokenHash,
        addressHash: 'x',
      });
      const attempt = ctx.attempts(date, playerId);
      const probe = attempt as unknown as Partial<AttemptObjectProbe>;
      if (typeof probe.devStorageLeft !== 'function' || typeof probe.devRunAlarm !== 'function')
        throw new ApiError('ERR_NOT_FOUND', 'attempt objects are not Durable Objects here');
      const caller = { playerId, tokenHash };
      const started = i % 2 === 0;
      if (started) {
        await attempt.start(caller, { date, rules: RULES_NAME, decks, addressHash: 'x', now: Date.now() });
        await attempt.draw(caller, 1, 'd', Date.now());
        await probe.devRunAlarm();
      } else {
        await attempt.view(caller);
        await attempt.forgetTokens();
      }
      const storage = await probe.devStorageLeft();
      if (storage.tables.length > 0 || storage.alarm) left.push({ playerId, started, ...storage });
    }
    return c.json({ objects: count, left: left.length, examples: left.slice(0, 2) }, 200);
  });
