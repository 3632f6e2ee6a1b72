/**
 * Runs only where pages are rendered on the server: at build time, for the one page built ahead into its own file
 * (/privacy). Such a page renders its own title, description and sharing tags (PageMeta), so the site-wide ones of
 * src/app.html, which stand in for them in the single-page shell until the app runs, are left out of its file: a
 * reader without scripts (a link preview, a search engine) sees the page's own, once each.
 */
import type { Handle } from '@sveltejs/kit/hooks';

const SITE_META = /<meta\s[^>]*\bdata-site-meta\b[^>]*>\s*/g;
const TITLE = /<title>[^<]*<\/title>\s*/;

/** The page's HTML without the shell's stand-ins, when it has a title of its own (a second `<title>`). */
export function withoutSiteMeta(html: string): string {
  if ((html.match(/<title>/g) ?? []).length < 2) return html;
  return html.replace(SITE_META, '').replace(TITLE, '');
}

export const handle: Handle = ({ event, resolve }) =>
  resolve(event, { transformPageChunk: ({ html }) => withoutSiteMeta(html) });
