/**
 * An in-memory stand-in for the daily API's attempt routes, for unit tests: it keeps the contract (replays
 * every log with the full deal, answers a repeated draw with the same card, refuses rewritten history) so the
 * client's protocol can be tested without a server.
 */
import {
  COURSE_HOLES,
  dealNumber,
  isOver,
  makeCard,
  PRESETS,
  replay,
  scoreOf,
  type Deal,
} from '@golf/engine';
import type { Attempt, Course } from '../api-types.ts';

interface HoleRow {
  log: string;
  strokes: number | null;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message: string): Response =>
  json(status, { error: { code, message } });

export class FakeDailyServer {
  readonly date: string;
  readonly deals: Deal[];
  rows: HoleRow[] | null = null;
  /** Requests seen, as `METHOD path`. */
  readonly requests: string[] = [];
  /** Called before each request is handled; throw to simulate a network failure before the server sees it. */
  beforeHandle: ((method: string, path: string) => void) | null = null;
  /** Called after a request is handled; throw to simulate an answer lost on the way back. */
  afterHandle: ((method: string, path: string) => void) | null = null;
  /** When set, the next matching requests answer this status instead (a flaky server). */
  failNext: { method: string; path: RegExp; status: number; times: number } | null = null;

  constructor(date = '2026-11-30', firstDealNumber = 1) {
    this.date = date;
    this.deals = Array.from({ length: COURSE_HOLES }, (_, i) => {
      const d = dealNumber(firstDealNumber + i, PRESETS.classic);
      if (!d.ok) throw new Error(d.error.message);
      return d.value;
    });
  }

  course(): Course {
    return {
      date: this.date,
      rules: 'classic',
      par: 45,
      opensAt: `${this.date}T00:00:00.000Z`,
      closesAt: `${this.date}T23:59:59.999Z`,
      closed: false,
      holes: this.deals.map((d, i) => ({
        hole: i + 1,
        columns: d.columns.map((c) => c.map(makeCard)),
        waste: makeCard(d.waste!),
        stockSize: d.stock.length,
      })),
    };
  }

  attempt(): Attempt | null {
    const rows = this.rows;
    if (!rows) return null;
    const current = rows.findIndex((r) => r.strokes === null);
    const finished = current < 0;
    return {
      date: this.date,
      hole: finished ? null : current + 1,
      finished,
      total: rows.some((r) => r.strokes !== null) ? rows.reduce((a, r) => a + (r.strokes ?? 0), 0) : null,
      holes: rows.map((r, i) => ({
        hole: i + 1,
        log: r.log,
        drawn: this.deals[i]!.stock.slice(0, [...r.log].filter((c) => c === 'd').length).map(makeCard),
        strokes: r.strokes,
      })),
    };
  }

  readonly fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const path = new URL(input, 'http://local').pathname;
    this.requests.push(`${method} ${path}`);
    this.beforeHandle?.(method, path);
    const f = this.failNext;
    if (f && f.method === method && f.path.test(path) && f.times > 0) {
      f.times -= 1;
      return fail(f.status, 'ERR_FLAKY', 'simulated failure');
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const res = this.#handle(method, path, body);
    this.afterHandle?.(method, path);
    return res;
  };

  #handle(method: string, path: string, body: unknown): Response {
    const base = `/api/daily/${this.date}`;
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (method === 'GET' && path === base) return json(200, this.course());
    if (path === `${base}/attempt`) {
      if (method === 'POST' && !this.rows) this.rows = this.deals.map(() => ({ log: '', strokes: null }));
      const a = this.attempt();
      return a ? json(200, a) : fail(404, 'ERR_NO_ATTEMPT', 'no attempt');
    }
    const rows = this.rows;
    if (!rows) return fail(404, 'ERR_NO_ATTEMPT', 'no attempt');
    const current = rows.findIndex((r) => r.strokes === null);
    if (method === 'POST' && path === `${base}/attempt/draw`) {
      const hole = b.hole;
      const log = b.log;
      if (typeof hole !== 'number' || typeof log !== 'string') return fail(400, 'ERR_BODY', 'bad body');
      if (hole !== current + 1) return fail(409, 'ERR_HOLE_ORDER', 'not the current hole');
      const row = rows[current]!;
      const deal = this.deals[current]!;
      const draws = [...log].filter((c) => c === 'd').length;
      // A repeat of the last draw answers the same card.
      if (log === row.log && log.endsWith('d'))
        return json(200, { hole, card: makeCard(deal.stock[draws - 1]!), stockLeft: deal.stock.length - draws });
      const recordedDraws = [...row.log].filter((c) => c === 'd').length;
      if (!log.endsWith('d') || !log.startsWith(row.log) || draws !== recordedDraws + 1)
        return fail(409, 'ERR_HISTORY', 'the log does not extend the recorded one by one draw');
      const r = replay(deal, PRESETS.classic, log);
      if (!r.ok) return json(422, { error: { ...r.error } });
      row.log = log;
      return json(200, { hole, card: makeCard(deal.stock[draws - 1]!), stockLeft: deal.stock.length - draws });
    }
    const m = /^\/api\/daily\/[^/]+\/attempt\/holes\/(\d)$/.exec(path);
    if (method === 'POST' && m) {
      const hole = Number(m[1]);
      const log = b.log;
      if (typeof log !== 'string') return fail(400, 'ERR_BODY', 'bad body');
      const prev = rows[hole - 1];
      if (prev && prev.strokes !== null && prev.log === log) return json(200, this.#holeAnswer(hole));
      if (hole !== current + 1) return fail(409, 'ERR_HOLE_ORDER', 'not the current hole');
      const r = replay(this.deals[current]!, PRESETS.classic, log);
      if (!r.ok) return json(422, { error: { ...r.error } });
      if (!isOver(r.value)) return fail(409, 'ERR_NOT_OVER', 'the hole is not over');
      if (!log.startsWith(rows[current]!.log)) return fail(409, 'ERR_HISTORY', 'rewritten history');
      rows[current] = { log, strokes: scoreOf(r.value).strokes };
      return json(200, this.#holeAnswer(hole));
    }
    return fail(404, 'ERR_NOT_FOUND', `no route ${method} ${path}`);
  }

  #holeAnswer(hole: number) {
    const a = this.attempt()!;
    return { hole, strokes: this.rows![hole - 1]!.strokes, total: a.total, finished: a.finished };
  }
}
