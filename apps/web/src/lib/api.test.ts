import { ACCEPTED_NAMES, REFUSED_NAMES } from '@golf/contract/name-cases';
import { describe, expect, it } from 'vitest';
import { GolfApi, failureOf, isRetryable, withRetry, type ApiResult } from './api.ts';
import { checkName, Identity } from './api-player.svelte.ts';
import { memoryStore } from './persisted.svelte.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('failureOf', () => {
  it('reads the API error body', async () => {
    expect(await failureOf(json(422, { error: { code: 'ERR_ILLEGAL_MOVE', message: 'no', at: 3 } }))).toEqual(
      {
        status: 422,
        code: 'ERR_ILLEGAL_MOVE',
        message: 'no',
        at: 3,
      },
    );
  });
  it('maps a body that is not the error shape to a generic code', async () => {
    const f = await failureOf(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(f).toEqual({ status: 502, code: 'ERR_BAD_RESPONSE', message: 'Bad Gateway' });
    // A code the contract does not know is not passed on as if it were one.
    expect((await failureOf(json(409, { error: { code: 'ERR_MADE_UP', message: 'x' } }))).code).toBe(
      'ERR_BAD_RESPONSE',
    );
    expect(isRetryable(f)).toBe(true);
    expect(isRetryable({ status: 409, code: 'ERR_CONFLICT', message: '' })).toBe(false);
  });
});

describe('GolfApi', () => {
  it('sends the bearer token and JSON body, and maps a thrown fetch to ERR_NETWORK', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const api = new GolfApi({
      token: () => 'tok',
      fetch: async (url, init) => {
        seen.push({ url, init });
        if (url.includes('draw')) throw new TypeError('Failed to fetch');
        return json(200, { id: 'p', name: 'Ann' });
      },
    });
    const me = await api.rename('Ann');
    expect(me).toEqual({ ok: true, value: { id: 'p', name: 'Ann' } });
    expect(seen[0]!.url).toBe('/api/players/me');
    expect(seen[0]!.init?.method).toBe('PATCH');
    expect(new Headers(seen[0]!.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(seen[0]!.init?.body).toBe('{"name":"Ann"}');
    const d = await api.draw('2026-11-30', 1, 'd');
    expect(d.ok ? null : d.error.code).toBe('ERR_NETWORK');
    await api.standings('2026-11-30', { limit: 10, offset: 20 });
    expect(seen.at(-1)!.url).toBe('/api/daily/2026-11-30/standings?limit=10&offset=20');
  });

  it('creating a player sends no token', async () => {
    let auth: string | null = 'unset';
    const api = new GolfApi({
      token: () => 'old',
      fetch: async (_url, init) => {
        auth = new Headers(init?.headers).get('authorization');
        return json(201, { id: 'p', name: 'A', token: 't' });
      },
    });
    await api.createPlayer('A');
    expect(auth).toBeNull();
  });
});

describe('withRetry', () => {
  it('retries network failures and 5xx, then stops at the first answer', async () => {
    const answers: ApiResult<number>[] = [
      { ok: false, error: { status: 0, code: 'ERR_NETWORK', message: '' } },
      { ok: false, error: { status: 503, code: 'ERR_UNAVAILABLE', message: '' } },
      { ok: true, value: 7 },
    ];
    const waits: number[] = [];
    let i = 0;
    const r = await withRetry(async () => answers[i++]!, {
      sleep: async (ms) => void waits.push(ms),
      baseMs: 100,
    });
    expect(r).toEqual({ ok: true, value: 7 });
    expect(waits).toEqual([100, 200]);
  });
  it('does not retry a 4xx, and gives up after its attempts', async () => {
    let n = 0;
    const r409 = await withRetry(
      async () => (n++, { ok: false, error: { status: 409, code: 'ERR_CONFLICT', message: '' } }),
      {
        sleep: async () => {},
      },
    );
    expect(r409.ok).toBe(false);
    expect(n).toBe(1);
    n = 0;
    await withRetry(
      async () => (n++, { ok: false, error: { status: 0, code: 'ERR_NETWORK', message: '' } }),
      {
        attempts: 3,
        sleep: async () => {},
      },
    );
    expect(n).toBe(3);
  });
});

describe('Identity', () => {
  it.each(ACCEPTED_NAMES)('checks names like the API: %j is sent as %j', (input, stored) => {
    expect(checkName(input)).toEqual({ ok: true, value: stored });
  });

  it.each(REFUSED_NAMES)(
    'checks names like the API: refuses %s, with a sentence to show',
    (_fault, input) => {
      const r = checkName(input);
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.error).toMatchObject({
          code: 'ERR_VALIDATION',
          message: expect.stringMatching(/^[A-Z].*\.$/),
        });
    },
  );

  it('sends no request for a name the API would refuse', async () => {
    let sent = 0;
    const api = new GolfApi({ fetch: async () => (sent++, json(201, {})) });
    expect((await new Identity(memoryStore()).create(api, ' ')).ok).toBe(false);
    expect(sent).toBe(0);
  });

  it('creates, persists, renames and forgets the player', async () => {
    const store = memoryStore();
    const id = new Identity(store);
    expect(id.player).toBeNull();
    const api = new GolfApi({
      token: () => id.token,
      fetch: async (url, init) =>
        init?.method === 'POST'
          ? json(201, { id: 'p1', name: 'Ann', token: 'secret' })
          : json(200, { id: 'p1', name: JSON.parse(String(init?.body)).name }),
    });
    expect((await id.create(api, ' Ann ')).ok).toBe(true);
    expect(new Identity(store).player).toEqual({ id: 'p1', name: 'Ann', token: 'secret' });
    expect((await id.rename(api, 'Bea')).ok).toBe(true);
    expect(new Identity(store).player?.name).toBe('Bea');
    id.forget();
    expect(id.player).toBeNull();
    expect(store.getItem('golf.player.v1')).toBeNull();
    expect(new Identity(store).player).toBeNull();
  });

  it("asks whether the name is hidden once a visit, and not at all for a player this visit's answers told about", async () => {
    const store = memoryStore();
    let asked = 0;
    let down = false;
    const api = new GolfApi({
      fetch: async (_url, init) => {
        if (init?.method === 'POST')
          return json(201, { id: 'p1', name: 'Golfer 0001', token: 't', standIn: null });
        asked++;
        if (down) throw new TypeError('Failed to fetch');
        return json(200, { id: 'p1', name: 'Ann', standIn: 'hidden' });
      },
    });
    // Created on this visit (the first move): its answer said the name is not hidden.
    const fresh = new Identity(store);
    expect((await fresh.create(api)).ok).toBe(true);
    await fresh.refresh(api);
    expect(asked).toBe(0);
    expect(fresh.nameHidden).toBe(false);
    // The next visit asks, once; a failed question is asked again.
    const next = new Identity(store);
    down = true;
    await next.refresh(api);
    expect(asked).toBe(1);
    down = false;
    await next.refresh(api);
    await next.refresh(api);
    expect(asked).toBe(2);
    expect(next.nameHidden).toBe(true);
  });

  it('ignores a corrupt saved identity', () => {
    const store = memoryStore();
    store.setItem('golf.player.v1', '{"id":1}');
    expect(new Identity(store).player).toBeNull();
  });
});
