import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * A pure single-page app: no prerendered pages, every unknown path falls back to index.html. The API Worker
 * serves `build/` from Workers static assets with single-page-application fallback and handles `/api/*` itself.
 * @type {import('@sveltejs/kit').Config}
 */
const config = {
  preprocess: vitePreprocess(),
  kit: {
    adapter: adapter({
      pages: 'build',
      assets: 'build',
      fallback: 'index.html',
      precompress: false,
      strict: true,
    }),
    serviceWorker: { register: true },
  },
};

export default config;
