import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await Promise.all(
  [env.DAYS_A, env.DAYS_B, env.DAYS_C].map((db) => applyD1Migrations(db, env.TEST_DAY_MIGRATIONS)),
);
