import { noCache, type EdgeCache } from '../ports/edge-cache.ts';

/** Keys live under a private origin, so a cached answer can never be fetched from outside as a page. */
const keyUrl = (key: string): string => `https://edge-cache.golf-daily.invalid/${key}`;

/** The Workers cache of the data center that serves the request. */
export function workersCache(): EdgeCache {
  const store = (globalThis as { caches?: { default?: Cache } }).caches?.default;
  if (!store) return noCache;
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const hit = await store.match(keyUrl(key));
      return hit ? ((await hit.json()) as T) : undefined;
    },
    async put(key: string, value: unknown, maxAgeSeconds: number): Promise<void> {
      if (maxAgeSeconds <= 0) return;
      const body = JSON.stringify(value);
      const headers = {
        'content-type': 'application/json',
        'cache-control': `public, max-age=${maxAgeSeconds}`,
      };
      await store.put(keyUrl(key), new Response(body, { headers }));
    },
  };
}
