import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Every core (Vitest's default leaves one free): the audit's golden rounds take about half a minute of CPU, and
    // the other files run beside them.
    maxWorkers: '100%',
  },
});
