/**
 * Data the Worker puts into a page it serves, for the app to read before it asks the API anything: today's course
 * in the HTML of `/`. A JSON data block (`<script type="application/json">`) is never executed, so the strict
 * Content-Security-Policy needs no hash for it.
 */

/** The id of the data block that holds today's course (`GET /api/daily`'s answer) in the HTML of `/`. */
export const COURSE_DATA_ID = 'golf-course';

/**
 * `value` as a JSON data block with `id`. `<`, `>` and `&` are written as JSON escapes, so the text can hold no
 * `</script>`, `<!--` or character reference, and `JSON.parse` of the element's text gives `value` back.
 */
export function jsonDataBlock(id: string, value: unknown): string {
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new Error(`not a data block id: ${id}`);
  const json = JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/**
 * The id of the data block that holds, in the HTML of a page the browser renders (`/archive/<date>`,
 * `/standings/<date>`), the API's answers that page asks for as it opens: an object from each request's path and
 * query (`/api/daily/2026-12-05/review?limit=100`) to the answer's JSON body. Only answers the API gives to a
 * request without a token, so they are the same for everyone: the app uses them only for a request it would send
 * without one.
 */
export const ANSWERS_DATA_ID = 'golf-answers';

/** Rows per page of `/standings/<date>`. */
export const STANDINGS_PAGE_SIZE = 25;
/** The ranked rounds and the rounds under review `/archive/<date>` lists, and the review list of the standings. */
export const DAY_LIST_LIMIT = 100;

/** A page URL's query (`URLSearchParams`, or anything that reads a parameter the same way). */
export interface PageQuery {
  get(name: string): string | null;
}

/** The standings page's first row (`?offset=`): a whole number of rows, 0 when missing or not a number. */
export const standingsOffset = (search: PageQuery): number =>
  Math.max(0, Math.floor(Number(search.get('offset') ?? 0)) || 0);

/**
 * The API requests (path and query, as the app's client writes them) a page path asks for as it opens, in the
 * order it asks; none for a page that asks for nothing or a path that is not a dated page. The app's load functions
 * of these pages build their requests from the same constants.
 */
export function pageRequests(path: string, search: PageQuery): string[] {
  const match = /^\/(archive|standings)\/(\d{4}-\d{2}-\d{2})$/.exec(path);
  if (!match) return [];
  const [, page, date] = match;
  const review = `/api/daily/${date}/review?limit=${DAY_LIST_LIMIT}`;
  if (page === 'archive')
    return [
      `/api/daily/${date}`,
      `/api/daily/${date}/standings?limit=${DAY_LIST_LIMIT}`,
      review,
      // The holes against the field (its panel, daily/HolesVsField.svelte, asks as the page opens).
      `/api/daily/${date}/holes`,
    ];
  return [
    `/api/daily/${date}/standings?limit=${STANDINGS_PAGE_SIZE}&offset=${standingsOffset(search)}`,
    review,
  ];
}

/**
 * Where the web's build lists the files of each page the shell renders in the browser (apps/web/vite.config.ts
 * writes it, the Worker reads it from the static assets to link a page's files in the shell it serves).
 */
export const SHELL_ROUTES_PATH = '/_app/shell-routes.json';

/** One route of that list: its pattern (a `RegExp`'s source) and its layouts' and page's JavaScript and CSS. */
export interface ShellRouteFiles {
  pattern: string;
  js: string[];
  css: string[];
}
