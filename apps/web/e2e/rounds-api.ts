/**
 * Players and whole rounds through the HTTP API, for tests that need finished rounds without playing them in
 * the page: the web's own typed client (`GolfApi`) over Playwright's request context, the same protocol the web
 * follows (public layouts, one draw request per card) and the engine's rules on the deal the player knows, with
 * the simplest strategy (the first legal move: the first column that fits, else a draw).
 */
import type { NewPlayer } from '@golf/api';
import { legalMoves, makeMove, parsePreset, replay, type Card, type Result } from '@golf/engine';
import { expect, type APIRequestContext } from '@playwright/test';
import { GolfApi, sleep } from '../src/lib/api.ts';
import { knownDeal, parseCards } from '../src/lib/daily/deal.ts';

/** `fetch` as the client calls it, sent through Playwright's request context (and so to its base URL). */
const fetchVia =
  (request: APIRequestContext) =>
  async (input: string, init?: RequestInit): Promise<Response> => {
    const r = await request.fetch(input, {
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      data: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body = r.status() === 204 ? null : await r.text();
    return new Response(body, { status: r.status(), statusText: r.statusText(), headers: r.headers() });
  };

const clientOf = (request: APIRequestContext, token?: string): GolfApi =>
  new GolfApi({ fetch: fetchVia(request), token: () => token ?? null });

/** The value of a result, or the test fails with the error it holds. */
function valueOf<T>(result: Result<T, { readonly message: string }>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Creates a player, waiting out the per-address creation limit when it answers 429. */
export async function createPlayer(request: APIRequestContext, name: string): Promise<NewPlayer> {
  const api = clientOf(request);
  for (let i = 0; i < 10; i++) {
    const created = await api.createPlayer(name);
    if (created.ok) return created.value;
    expect(created.error.status).toBe(429);
    await sleep(2500);
  }
  throw new Error('could not create a player');
}

/** Starts today's attempt and plays all nine holes; returns the total. */
export async function playRound(request: APIRequestContext, token: string): Promise<number> {
  const api = clientOf(request, token);
  const course = valueOf(await api.course());
  const rules = valueOf(parsePreset(course.rules));
  valueOf(await api.startAttempt(course.date));
  let total = 0;
  for (const hole of course.holes) {
    const drawn: Card[] = [];
    let log = '';
    for (;;) {
      const position = valueOf(replay(valueOf(knownDeal(hole, drawn)), rules, log));
      const move = legalMoves(position)[0];
      if (move === undefined) break;
      if (move.kind === 'draw') {
        const answer = valueOf(await api.draw(course.date, hole.hole, `${log}d`));
        drawn.push(...valueOf(parseCards([answer.card])));
      }
      log += makeMove(move);
    }
    total = valueOf(await api.finishHole(course.date, hole.hole, log)).total;
  }
  return total;
}
