import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { publicPaths } from '../src/routes/sitemap.ts';
import { quickPerfect } from './helpers.ts';

const at = (iso: string) => createApp({ now: () => new Date(iso), perfect: quickPerfect });

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows everything and names the sitemap at the request’s address', async () => {
    const res = await at('2026-03-02T10:00:00Z').request('https://golf.test/robots.txt', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://golf.test/sitemap.xml\n');
  });

  it('uses the configured site address (RP_ORIGIN) over the request’s', async () => {
    const app = at('2026-03-02T10:00:00Z');
    const bindings = { ...env, RP_ORIGIN: 'https://golf.example.com' };
    const robots = await (await app.request('http://127.0.0.1:9999/robots.txt', {}, bindings)).text();
    expect(robots).toContain('Sitemap: https://golf.example.com/sitemap.xml');
    const xml = await (await app.request('http://127.0.0.1:9999/sitemap.xml', {}, bindings)).text();
    expect(xml).toContain('<loc>https://golf.example.com/</loc>');
    expect(xml).not.toContain('127.0.0.1');
  });

  it('lists the static pages, every standings day up to today and every closed day’s archive', async () => {
    const res = await at('2026-01-03T23:59:00Z').request('https://golf.test/sitemap.xml', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    // The sitemap changes when the next course opens, a minute later.
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        '/',
        '/play',
        '/rules',
        '/archive',
        '/privacy',
        '/standings/2026-01-03',
        '/standings/2026-01-02',
        '/archive/2026-01-02',
        '/standings/2026-01-01',
        '/archive/2026-01-01',
      ].map((p) => `https://golf.test${p}`),
    );
  });

  it('grows by two pages a day and stays far inside a sitemap’s 50,000 URLs for decades', () => {
    const a = publicPaths(new Date('2027-06-01T00:00:00Z'));
    const b = publicPaths(new Date('2027-06-02T00:00:00Z'));
    expect(b.length - a.length).toBe(2);
    expect(new Set(b).size).toBe(b.length);
    expect(publicPaths(new Date('2076-01-01T00:00:00Z')).length).toBeLessThan(50_000);
  });

  it('is not part of the API: the API’s error shape still answers unknown paths', async () => {
    const res = await at('2026-03-02T10:00:00Z').request('https://golf.test/sitemap.txt', {}, env);
    expect(res.status).toBe(404);
  });
});
