import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Vitest's default is one worker fewer than the cores (one, on two): the audit's tests are seconds of work a
    // file (the golden rounds, split over two files), which two workers run at once.
    maxWorkers: 2,
    // A guard against a hang, not a speed check (Vitest's default is 5 s): a property test of the audit that takes a
    // second alone took more than 5 s while `pnpm test` ran everything else beside it.
    testTimeout: 60_000,
  },
});
