import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_LIST_LIMIT,
  jsonDataBlock,
  pageRequests,
  type PageQuery,
  STANDINGS_PAGE_SIZE,
  standingsOffset,
} from './page-data.ts';

/** The element's text as an HTML parser reads a script element: everything up to the first `</script`. */
function scriptText(html: string): string {
  const open = html.indexOf('>') + 1;
  const close = html.toLowerCase().indexOf('</script', open);
  return html.slice(open, close);
}

describe('jsonDataBlock', () => {
  it('gives back any JSON value through the text an HTML parser reads, and ends where it should', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        for (const v of [value, { text }, [`</script>${text}`, '<!--', '&amp;', text]]) {
          const html = jsonDataBlock('golf-course', v);
          expect(html.startsWith('<script type="application/json" id="golf-course">')).toBe(true);
          // The block's own end tag is the first one: nothing inside can close it, open a comment or a reference.
          expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script>'.length);
          expect(scriptText(html)).not.toMatch(/[<>&]/);
          expect(JSON.parse(scriptText(html))).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
    );
  });

  it('refuses an id that would need escaping', () => {
    for (const id of ['', 'a"b', 'A', 'a b', '1a', 'a>'])
      expect(() => jsonDataBlock(id, null)).toThrow(/not a data block id/);
  });
});

describe('pageRequests', () => {
  /** A query string read as `URLSearchParams` reads these simple ones. */
  const search = (q = ''): PageQuery => {
    const pairs = new Map(
      q
        .split('&')
        .filter(Boolean)
        .map((kv) => kv.split('=') as [string, string]),
    );
    return { get: (name) => pairs.get(name) ?? null };
  };

  it("names a closed day's course, its ranked rounds, its rounds under review and its holes for /archive/<date>", () => {
    expect(pageRequests('/archive/2026-12-05', search())).toEqual([
      '/api/daily/2026-12-05',
      `/api/daily/2026-12-05/standings?limit=${DAY_LIST_LIMIT}`,
      `/api/daily/2026-12-05/review?limit=${DAY_LIST_LIMIT}`,
      '/api/daily/2026-12-05/holes',
    ]);
  });

  it("names the standings page the offset asks for, as the page reads it, and the day's review list", () => {
    for (const [q, offset] of [
      ['', 0],
      ['offset=50', 50],
      ['offset=7.9', 7],
      ['offset=-3', 0],
      ['offset=abc', 0],
    ] as const) {
      expect(standingsOffset(search(q))).toBe(offset);
      expect(pageRequests('/standings/2026-12-06', search(q))).toEqual([
        `/api/daily/2026-12-06/standings?limit=${STANDINGS_PAGE_SIZE}&offset=${offset}`,
        `/api/daily/2026-12-06/review?limit=${DAY_LIST_LIMIT}`,
      ]);
    }
  });

  it('names nothing for any other path', () => {
    for (const path of [
      '/',
      '/play',
      '/archive',
      '/archive/2026-12-05/x',
      '/standings/20261206',
      '/me',
      '/api/daily',
    ])
      expect(pageRequests(path, search())).toEqual([]);
    fc.assert(
      fc.property(fc.string(), (path) => {
        const requests = pageRequests(path, search());
        if (!/^\/(archive|standings)\/\d{4}-\d{2}-\d{2}$/.test(path)) expect(requests).toEqual([]);
        for (const r of requests) expect(r.startsWith('/api/daily/')).toBe(true);
      }),
    );
  });
});
