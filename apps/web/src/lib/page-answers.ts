/**
 * The API's answers the Worker put into this page's HTML (a JSON data block, `ANSWERS_DATA_ID`): those a dated page
 * (`/archive/<date>`, `/standings/<date>`) asks for as it opens, as the API gives them to a request without a
 * token. The API client answers such a request from here, once, instead of asking the network: the page's first
 * paint then waits for no API round trip. Any other request, a second one, or one with a token, goes out as usual.
 */
import { ANSWERS_DATA_ID } from '@golf/contract/page-data';
import { dataBlockObject } from './data-block.ts';

export interface PageAnswers {
  /** The answer for a GET of `url` (path and query), the first time it is asked for; undefined otherwise. */
  take(url: string): unknown;
}

/** The answers of `doc`'s data block (none without one, or when it is not an object), resolved against `origin`. */
export function pageAnswersOf(doc: Pick<Document, 'getElementById'>, origin: string): PageAnswers {
  let answers: Map<string, unknown> | null = null;
  return {
    take(url) {
      // None when the block is missing or unreadable: the page asks the API.
      answers ??= new Map(
        Object.entries(dataBlockObject(doc.getElementById(ANSWERS_DATA_ID)?.textContent) ?? {}),
      );
      const u = new URL(url, origin);
      if (u.origin !== origin) return undefined;
      const key = `${u.pathname}${u.search}`;
      const body = answers.get(key);
      answers.delete(key);
      return body;
    },
  };
}
