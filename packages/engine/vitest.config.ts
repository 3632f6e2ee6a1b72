import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Vitest's default is one worker fewer than the cores (one, on two): the audit's tests are seconds of work a
    // file (the golden rounds, split over two files), which two workers run at once.
    maxWorkers: 2,
  },
});
