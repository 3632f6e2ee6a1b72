import {
  COMMON_HEADERS,
  PAGE_CSP_DIRECTIVES,
  PAGE_HEADERS,
  serializeCsp,
  STYLE_ATTRIBUTE_HASHES,
} from '@golf/contract/security-headers';
import adapter from '@sveltejs/adapter-static';
import type { Adapter } from '@sveltejs/kit';
import { sveltekit } from '@sveltejs/kit/vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { i18nPlugin } from './scripts/i18n.mjs';

const api = process.env.GOLF_API_ORIGIN ?? 'http://127.0.0.1:8787';

const staticAdapter = adapter({
  pages: 'build',
  assets: 'build',
  fallback: 'index.html',
  precompress: false,
  strict: true,
});

/**
 * adapter-static, then the static assets' `_headers` file: the security headers of every page and file
 * (docs/deploy.md). The page's Content-Security-Policy is the one SvelteKit wrote into index.html's `<meta>`
 * (with the hash of the script it inlines), plus `frame-ancestors`, which only a header can carry.
 */
const withHeaders: Adapter = {
  name: 'adapter-static with _headers',
  async adapt(builder) {
    await staticAdapter.adapt(builder);
    const out = join(import.meta.dirname, 'build');
    // Every static style attribute in the built templates must be one the policy allows by its hash.
    for (const file of readdirSync(join(out, '_app'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      for (const [, style] of readFileSync(join(out, '_app', file), 'utf8').matchAll(/ style="([^"]*)"/g)) {
        const hash = `sha256-${createHash('sha256').update(style ?? '').digest('base64')}`;
        if (!(hash in STYLE_ATTRIBUTE_HASHES))
          throw new Error(
            `_app/${file} writes style="${style}": add '${hash}' to STYLE_ATTRIBUTE_HASHES or use a class`,
          );
      }
    }
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1];
    if (!meta) throw new Error('build/index.html has no Content-Security-Policy <meta>');
    const policy = meta.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    const ancestors = PAGE_CSP_DIRECTIVES['frame-ancestors'];
    if (!ancestors) throw new Error('PAGE_CSP_DIRECTIVES has no frame-ancestors');
    const frameAncestors = serializeCsp({ 'frame-ancestors': ancestors });
    const headers = {
      'Content-Security-Policy': `${policy}; ${frameAncestors}`,
      ...COMMON_HEADERS,
      ...PAGE_HEADERS,
    };
    const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
    // One rule for every path: the files, and the pages (every page path is served index.html).
    writeFileSync(
      join(out, '_headers'),
      `# Written by apps/web/vite.config.ts at build time.\n/*\n${lines.join('\n')}\n`,
    );
    builder.log.minor('Wrote build/_headers');
  },
};

export default defineConfig({
  plugins: [
    i18nPlugin(),
    /**
     * A pure single-page app: no prerendered pages, every unknown path falls back to index.html. The API Worker
     * serves `build/` from Workers static assets with single-page-application fallback and handles `/api/*` itself.
     */
    sveltekit({
      adapter: withHeaders,
      serviceWorker: { register: true },
      // Hashes, not nonces: the pages are static files. SvelteKit adds the hash of its inline start script.
      csp: { mode: 'hash', directives: PAGE_CSP_DIRECTIVES },
    }),
  ],
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
