/**
 * Reading a JSON data block the Worker put into the page (`jsonDataBlock` in the contract's page-data): today's
 * course in `/` (daily/course-data.ts), a dated page's API answers (page-answers.ts).
 */

/** The object a data block's text holds, or null without text, when it does not parse, or when it is no object. */
export function dataBlockObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
