import { env } from 'cloudflare:workers';
import { hc } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { AppType } from '../src/index.ts';
import { DAY, quickPerfect } from './helpers.ts';

describe('the typed hc client', () => {
  it('calls the routes with typed params, bodies and responses', async () => {
    const app = createApp({ now: () => new Date(`${DAY}T09:00:00.000Z`), perfect: quickPerfect });
    const api = hc<AppType>('http://localhost', {
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        app.request(input instanceof Request ? input : String(input), init, env),
    });
    const created = await api.api.players.$post(
      { json: { name: 'Typed' } },
      { headers: { 'cf-connecting-ip': '198.51.100.1' } },
    );
    expect(created.status).toBe(201);
    const player = await created.json();
    if (!('token' in player)) throw new Error('no token');
    const headers = { authorization: `Bearer ${player.token}` };
    const course = await (await api.api.daily.$get()).json();
    if (!('holes' in course)) throw new Error('no course');
    expect(course.date).toBe(DAY);
    const start = await api.api.daily[':date'].attempt.$post({ param: { date: DAY } }, { headers });
    expect(start.status).toBe(200);
    const drawn = await api.api.daily[':date'].attempt.draw.$post(
      { param: { date: DAY }, json: { hole: 1, log: 'd' } },
      { headers },
    );
    const draw = await drawn.json();
    if (!('card' in draw)) throw new Error('no card');
    expect(draw.stockLeft).toBe(15);
    const notOver = await api.api.daily[':date'].attempt.holes[':hole'].$post(
      { param: { date: DAY, hole: '1' }, json: { log: 'd' } },
      { headers },
    );
    expect(notOver.status).toBe(409);
    const board = await api.api.daily[':date'].standings.$get({
      param: { date: DAY },
      query: { limit: '5' },
    });
    expect(board.status).toBe(200);
    const me = await api.api.players.me.$get({}, { headers });
    expect(await me.json()).toEqual({ id: player.id, name: 'Typed', standIn: null });
  });
});
