/**
 * The API's answers the Worker put into this page's HTML (a JSON data block, `ANSWERS_DATA_ID`): those a dated page
 * (`/archive/<date>`, `/standings/<date>`) asks for as it opens, as the API gives them to a request without a
 * token. The API client answers such a request from here, once, instead of asking the network: the page's first
 * paint then waits for no API round trip. Any other request, a second one, or one with a token, goes out as usual.
 */
import { ANSWERS_DATA_ID } from '@golf/contract/page-data';

export interface PageAnswers {
  /** The answer for a GET of `url` (path and query), the first time it is asked for; undefined otherwise. */
  take(url: string): unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The answers of `doc`'s data block (none without one, or when it is not an object), resolved against `origin`. */
export function pageAnswersOf(doc: Pick<Document, 'getElementById'>, origin: string): PageAnswers {
  let answers: Map<string, unknown> | null = null;
  const read = (): Map<string, unknown> => {
    const found = new Map<string, unknown>();
    const text = doc.getElementById(ANSWERS_DATA_ID)?.textContent;
    if (!text) return found;
    try {
      const value: unknown = JSON.parse(text);
      if (isRecord(value)) for (const [path, body] of Object.entries(value)) found.set(path, body);
    } catch {
      // Unreadable: the page asks the API.
    }
    return found;
  };
  return {
    take(url) {
      answers ??= read();
      const u = new URL(url, origin);
      if (u.origin !== origin) return undefined;
      const key = `${u.pathname}${u.search}`;
      const body = answers.get(key);
      answers.delete(key);
      return body;
    },
  };
}
