import { addDays, FIRST_DATE, nextCourseAt, utcDate } from '@golf/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { configOf } from '../config.ts';

/** The pages that are the same every day. */
const STATIC_PAGES = ['/', '/play', '/rules', '/archive', '/privacy'] as const;

/**
 * The public pages at `now`: the static ones, each day's standings from the first course to today, and each
 * closed day's archive. Two a day, so a sitemap's 50,000 URLs last for decades.
 */
export function publicPaths(now: Date): string[] {
  const today = utcDate(now);
  const paths: string[] = [...STATIC_PAGES];
  for (let day = today; day >= FIRST_DATE; day = addDays(day, -1)) {
    paths.push(`/standings/${day}`);
    if (day < today) paths.push(`/archive/${day}`);
  }
  return paths;
}

const xmlText = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Seconds until the next course opens (the sitemap grows then), one minute at least. */
const untilNextDay = (now: Date): number =>
  Math.max(60, Math.floor((nextCourseAt(now).getTime() - now.getTime()) / 1000));

/**
 * `/robots.txt` and `/sitemap.xml`, served by the Worker because both need the site's absolute address (the
 * passkeys' `RP_ORIGIN` when set, else the request's) and the sitemap lists a new day every day; the web is a
 * static single-page app whose build knows neither. Everything may be crawled; the pages that are one player's
 * own (`/me`, a league, an invitation) say `noindex` themselves.
 */
export const sitemapRoutes = (now: () => Date) =>
  new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      const origin = configOf(c.env).rpOrigin ?? new URL(c.req.url).origin;
      return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, 200, {
        'Cache-Control': 'public, max-age=86400',
      });
    })
    .get('/sitemap.xml', (c) => {
      const at = now();
      const origin = configOf(c.env).rpOrigin ?? new URL(c.req.url).origin;
      const urls = publicPaths(at).map((path) => `  <url><loc>${xmlText(origin + path)}</loc></url>`);
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
      return c.body(xml, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': `public, max-age=${untilNextDay(at)}`,
      });
    });
