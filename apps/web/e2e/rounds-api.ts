/**
 * Players and whole rounds through the HTTP API, for tests that need finished rounds without playing them in
 * the page: the same protocol a client follows (public layouts, one draw request per card), with the simplest
 * strategy (play the first column that fits, else draw).
 */
import { expect, type APIRequestContext } from '@playwright/test';

export interface ApiPlayer {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

const RANKS = 'A23456789TJQK';
const rank = (card: string): number => RANKS.indexOf(card[0]!);
/** The daily course's rules: one rank up or down, no wrap, nothing on a King. */
const fits = (top: string, card: string): boolean => rank(top) !== 12 && Math.abs(rank(top) - rank(card)) === 1;

/** Creates a player, waiting out the per-address creation limit when it answers 429. */
export async function createPlayer(request: APIRequestContext, name: string): Promise<ApiPlayer> {
  for (let i = 0; i < 10; i++) {
    const r = await request.post('/api/players', { data: { name } });
    if (r.status() === 201) return (await r.json()) as ApiPlayer;
    expect(r.status()).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2500));
  }
  throw new Error('could not create a player');
}

interface Course {
  date: string;
  holes: { columns: string[][]; waste: string; stockSize: number }[];
}

/** Starts today's attempt and plays all nine holes; returns the total. */
export async function playRound(request: APIRequestContext, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const course = (await (await request.get('/api/daily')).json()) as Course;
  const date = course.date;
  expect((await request.post(`/api/daily/${date}/attempt`, { headers })).status()).toBe(200);
  let total = 0;
  for (const [i, hole] of course.holes.entries()) {
    const columns = hole.columns.map((c) => [...c]);
    let top = hole.waste;
    let stock = hole.stockSize;
    let log = '';
    for (;;) {
      if (columns.every((c) => c.length === 0)) break;
      const c = columns.findIndex((col) => col.length > 0 && fits(top, col[col.length - 1]!));
      if (c >= 0) {
        top = columns[c]!.pop()!;
        log += String(c + 1);
        continue;
      }
      if (stock === 0) break;
      const r = await request.post(`/api/daily/${date}/attempt/draw`, { headers, data: { hole: i + 1, log: `${log}d` } });
      expect(r.status()).toBe(200);
      const drawn = (await r.json()) as { card: string; stockLeft: number };
      log += 'd';
      top = drawn.card;
      stock = drawn.stockLeft;
    }
    const r = await request.post(`/api/daily/${date}/attempt/holes/${i + 1}`, { headers, data: { log } });
    expect(r.status()).toBe(200);
    total = ((await r.json()) as { total: number }).total;
  }
  return total;
}
