import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Tests run inside workerd with a real local D1. The bindings are given here (not read from wrangler.jsonc),
// so the tests need neither the web build nor the development secret.
const contractRequire = createRequire(import.meta.resolve('@golf/contract'));

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${import.meta.dirname}/migrations`);
  const dayMigrations = await readD1Migrations(`${import.meta.dirname}/migrations-days`);
  return {
    plugins: [
      cloudflareTest({
        main: './src/worker.ts',
        miniflare: {
          compatibilityDate: '2026-11-03',
          // The ledger's days split over databases by period, as a long-running deployment has them
          // (docs/scale.md): the tests' dates fall on both sides of each boundary.
          d1Databases: ['DB', 'DAYS_A', 'DAYS_B', 'DAYS_C'],
          durableObjects: { ATTEMPTS: { className: 'AttemptObject', useSQLite: true } },
          // A producer only: the tests deliver the audit queue's messages to the consumer themselves
          // (test/pipeline.ts), so nothing runs behind a test's back.
          queueProducers: { AUDIT_QUEUE: 'golf-audit' },
          r2Buckets: ['ARCHIVE'],
          bindings: {
            DAILY_SECRET: 'test-secret-for-golf-daily-tests',
            // A VAPID pair made for the tests alone (reminders on, as in a deployment that has its keys).
            VAPID_PUBLIC_KEY:
              'BNL58qklk0GeXuv7gV5BLMfegtidQ23YOsH_NtG3VrtigLa_CGEWmU5Z4Z9TtvZOs_4oRX5_xsBqMAUfhze49ls',
            VAPID_PRIVATE_KEY: 'J0HBd96HYoCayF0-1B0mS-A5S6UOu0XufySfFnKGEaE',
            VAPID_SUBJECT: 'mailto:tests@golf.local',
            DAY_DATABASES: JSON.stringify([
              { from: '2026-06-16', binding: 'DAYS_A' },
              { from: '2026-07-06', binding: 'DAYS_B' },
              { from: '2031-03-20', binding: 'DAYS_C' },
            ]),
            TEST_MIGRATIONS: migrations,
            TEST_DAY_MIGRATIONS: dayMigrations,
          },
        },
      }),
    ],
    // obscenity's ES entry wraps its CommonJS build in a default import that the workerd test runner does not
    // resolve; the tests load the CommonJS build itself (wrangler's bundler handles either for a deployment).
    resolve: { alias: { obscenity: contractRequire.resolve('obscenity') } },
    test: {
      include: ['test/**/*.test.ts'],
      setupFiles: ['./test/setup.ts'],
      // Two workers, each one workerd with storage of its own, running files one after another, each file starting
      // from empty storage (test/setup.ts): a workerd per file took more than half of the run, and the files wait on
      // storage often enough that two workers on two cores finish sooner than one.
      isolate: false,
      maxWorkers: 2,
      // A guard against a hang, not a speed limit: a test around a closed, audited day takes 10 to 30 s on the
      // machines here, and twice that on a slow one (speed is measured by the benches, not asserted).
      testTimeout: 120_000,
    },
  };
});
