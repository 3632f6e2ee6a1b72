import type { D1Database } from '@cloudflare/workers-types';
import { configOf } from '../../config.ts';
import type { Env } from '../../env.ts';
import { withDays, type Databases } from './statements.ts';

/** `DB` and the day databases of `DAY_DATABASES` (src/config.ts checked that each is a D1 binding). */
export const ledgerBindings = (env: Env): Databases<D1Database> =>
  withDays(
    env.DB,
    configOf(env).dayDatabases.map(({ from, binding }) => ({
      from,
      db: (env as unknown as Record<string, D1Database>)[binding]!,
    })),
  );
