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
