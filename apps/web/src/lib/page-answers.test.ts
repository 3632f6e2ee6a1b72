import {
  ANSWERS_DATA_ID,
  DAY_LIST_LIMIT,
  jsonDataBlock,
  pageRequests,
  STANDINGS_PAGE_SIZE,
} from '@golf/contract/page-data';
import { describe, expect, it } from 'vitest';
import { GolfApi } from './api.ts';
import { pageAnswersOf } from './page-answers.ts';

const ORIGIN = 'https://golf.test';

/** A document whose only element is the data block `html` writes, its text read as an HTML parser reads it. */
function documentWith(html: string | null): Pick<Document, 'getElementById'> {
  const element = (id: string) => {
    if (html === null || !html.includes(` id="${id}">`)) return null;
    return { textContent: html.slice(html.indexOf('>') + 1, html.toLowerCase().indexOf('</script')) };
  };
  return { getElementById: (id: string) => element(id) as unknown as HTMLElement | null };
}

/** A client answering from `answers`, and the requests that went to the network. */
function clientWith(answers: Record<string, unknown> | null, token: string | null = null) {
  const sent: string[] = [];
  const doc = documentWith(answers === null ? null : jsonDataBlock(ANSWERS_DATA_ID, answers));
  const api = new GolfApi({
    token: () => token,
    answers: pageAnswersOf(doc, ORIGIN),
    fetch: async (url) => {
      sent.push(url);
      return Response.json({ from: 'network' });
    },
  });
  return { api, sent };
}

describe('page answers', () => {
  it('are the requests a dated page sends as it opens: the client writes exactly the paths the Worker answers', async () => {
    const archive = pageRequests('/archive/2026-12-05', new URLSearchParams());
    const { api, sent } = clientWith(null);
    await Promise.all([
      api.course('2026-12-05'),
      api.standings('2026-12-05', { limit: DAY_LIST_LIMIT }),
      api.review('2026-12-05', { limit: DAY_LIST_LIMIT }),
      // The holes against the field, which the archive's panel asks for as it opens.
      api.dayHoles('2026-12-05'),
    ]);
    expect(sent).toEqual(archive);
    sent.length = 0;
    await Promise.all([
      api.standings('2026-12-06', { limit: STANDINGS_PAGE_SIZE, offset: 50 }),
      api.review('2026-12-06', { limit: DAY_LIST_LIMIT }),
    ]);
    expect(sent).toEqual(pageRequests('/standings/2026-12-06', new URLSearchParams('offset=50')));
  });

  it('answer a GET without a token once, from the page; the second time, and any other request, asks the network', async () => {
    const path = `/api/daily/2026-12-05/review?limit=${DAY_LIST_LIMIT}`;
    const body = { date: '2026-12-05', rounds: [], total: 0 };
    const { api, sent } = clientWith({ [path]: body });
    expect(await api.review('2026-12-05', { limit: DAY_LIST_LIMIT })).toEqual({ ok: true, value: body });
    expect(sent).toEqual([]);
    expect(await api.review('2026-12-05', { limit: DAY_LIST_LIMIT })).toEqual({
      ok: true,
      value: { from: 'network' },
    });
    await api.review('2026-12-05', { limit: 10 });
    expect(sent).toEqual([path, `/api/daily/2026-12-05/review?limit=10`]);
  });

  it("are never used for a request with a token (a player's standings hold their own row)", async () => {
    const path = `/api/daily/2026-12-06/standings?limit=${STANDINGS_PAGE_SIZE}&offset=0`;
    const { api, sent } = clientWith({ [path]: { entries: [] } }, 'tok');
    expect(await api.standings('2026-12-06', { limit: STANDINGS_PAGE_SIZE, offset: 0 })).toEqual({
      ok: true,
      value: { from: 'network' },
    });
    expect(sent).toEqual([path]);
  });

  it('are none when the block is missing or unreadable', async () => {
    for (const html of [null, `<script type="application/json" id="${ANSWERS_DATA_ID}">{nope</script>`]) {
      const answers = pageAnswersOf(documentWith(html), ORIGIN);
      expect(answers.take('/api/daily/2026-12-05')).toBeUndefined();
    }
    const list = pageAnswersOf(documentWith(jsonDataBlock(ANSWERS_DATA_ID, [1, 2])), ORIGIN);
    expect(list.take('/api/daily/2026-12-05')).toBeUndefined();
    // Another origin's URL is never answered from the page.
    const other = pageAnswersOf(documentWith(jsonDataBlock(ANSWERS_DATA_ID, { '/x': 1 })), ORIGIN);
    expect(other.take('https://elsewhere.test/x')).toBeUndefined();
    expect(other.take(`${ORIGIN}/x`)).toBe(1);
  });
});
