import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// The test files share one workerd and its storage, one after another (`isolate: false` in vitest.config.ts: a
// workerd per file cost more than half of these tests' time). So each file starts here from what a fresh deployment
// has: every table of every database migrated and empty, and an empty archive bucket.
const databases = [env.DB, env.DAYS_A, env.DAYS_B, env.DAYS_C];

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await Promise.all(
  [env.DAYS_A, env.DAYS_B, env.DAYS_C].map((db) => applyD1Migrations(db, env.TEST_DAY_MIGRATIONS)),
);

/** Deletes every row of every table but the migrations' own record, in one transaction per database. */
async function emptyTables(db: D1Database): Promise<void> {
  const tables = await db
    .prepare(
      `SELECT name FROM sqlite_master
       WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'`,
    )
    .all<{ name: string }>();
  if (tables.results.length === 0) return;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...tables.results.map((t) => db.prepare(`DELETE FROM "${t.name}"`)),
  ]);
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (let cursor: string | undefined; ; ) {
    const page = await bucket.list({ cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    if (!page.truncated) return;
    cursor = page.cursor;
  }
}

await Promise.all([...databases.map(emptyTables), emptyBucket(env.ARCHIVE)]);

// The edge cache (the Workers cache, `caches.default`) is shared by the files too, and keeps answers by the real
// clock, not the tests' fake one: each file gets a cache of its own, as a new deployment's data center would have.
const ownCache = await caches.open(`test-file-${crypto.randomUUID()}`);
Object.defineProperty(caches, 'default', { value: ownCache, configurable: true });
