import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

const api = process.env.GOLF_API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [sveltekit()],
  server: { proxy: { '/api': { target: api, changeOrigin: true } } },
  preview: { proxy: { '/api': { target: api, changeOrigin: true } } },
  worker: { format: 'es' },
  // Rune classes (*.svelte.ts) are tested in node with Svelte's client runtime, so $derived stays reactive.
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    include: ['src/**/*.test.ts'],
    environment: './vitest.client-env.ts',
    // The daily's tests play whole rounds against the real API and its SQL (SQLite in WebAssembly): seconds each.
    testTimeout: 20_000,
  },
});
