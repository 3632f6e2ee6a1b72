import type { D1Database } from '@cloudflare/workers-types';
import { configOf } from '../../config.ts';
import type { Env } from '../../env.ts';
import type { DayPeriod } from './statements.ts';

/** `DB` and the day databases of `DAY_DATABASES` (src/config.ts checked that each is a D1 binding). */
export function ledgerBindings(env: Env): { core: D1Database; periods: DayPeriod<D1Database>[] } {
  return {
    core: env.DB,
    periods: configOf(env).dayDatabases.map(({ from, binding }) => ({
      from,
      db: (env as unknown as Record<string, D1Database>)[binding]!,
    })),
  };
}
