/**
 * For unit tests: the real API (its memory build, `@golf/api/testing`) behind the web's client, so the daily's
 * protocol is tested against the API's own routes, validation and fair-stock rules, not a copy of them. Hooks
 * play the network: a request lost before the server sees it, an answer lost on the way back, a run of server
 * errors. Not part of the app.
 */
import type { AttemptView, AuditProgress, CourseView, NewPlayer } from '@golf/api';
import { addDays } from '@golf/contract';
import { PRESETS, legalMoves, makeMove, replay, type Deal } from '@golf/engine';
import { memoryApp, type Auditor } from '@golf/api/testing';
import { GolfApi } from '../api.ts';
import { fullDeal } from '../daily/deal.ts';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A player of the test day and a client that sends their token. */
export interface TestPlayer extends NewPlayer {
  readonly api: GolfApi;
}

export class DailyServer {
  /** Today, for the server. */
  readonly date: string;
  /** Requests seen, as `METHOD path`. */
  readonly requests: string[] = [];
  /** Called before each request reaches the API; throw to lose it on the network. */
  beforeHandle: ((method: string, path: string) => void) | null = null;
  /** Called after the API has answered; throw to lose the answer on the way back. */
  afterHandle: ((method: string, path: string) => void) | null = null;
  /** The next matching requests get this status instead of reaching the API (a flaky front). */
  failNext: { method: string; path: RegExp; status: number; times: number } | null = null;
  #now: Date;
  #addresses = 0;
  readonly #app: ReturnType<typeof memoryApp>;

  /** The moderators' player ids (`MODERATOR_IDS`): add a player's id to make them one. */
  readonly moderators: string[] = [];

  /** `auditor`: the fair-play audit once the day closes (default: the engine's, about a second a round). */
  constructor(date = '2026-11-30', options: { readonly auditor?: Auditor } = {}) {
    this.date = date;
    this.#now = new Date(`${date}T12:00:00.000Z`);
    // Perfect play is not what these tests look at: skip the solver.
    this.#app = memoryApp({
      now: () => this.#now,
      perfect: () => ({ strokes: 0, log: '', exact: true }),
      auditor: options.auditor,
      local: true,
      moderators: () => this.moderators,
    });
  }

  /** The test day closes: the server's clock moves to 00:10 UTC the next day. */
  closeDay(): void {
    this.#now = new Date(`${addDays(this.date, 1)}T00:10:00.000Z`);
  }

  /** Runs the cron's job now, as the local `/api/dev/scheduled` does: once the day has closed, its whole audit. */
  async runScheduled(): Promise<AuditProgress | null> {
    const res = await this.fetchFrom()('/api/dev/scheduled', { method: 'POST' });
    if (!res.ok) throw new Error(`the scheduled job answered ${res.status}`);
    return ((await res.json()) as { audit: AuditProgress | null }).audit;
  }

  /**
   * Plays a player's whole round through the API while the day is open: at each move the `pick`-th legal move
   * (0: the first column that fits, else a draw). Returns the nine logs.
   */
  async playRound(player: TestPlayer, pick = 0): Promise<string[]> {
    const deals = await this.deals();
    const started = await player.api.startAttempt(this.date);
    if (!started.ok) throw new Error(started.error.message);
    const logs: string[] = [];
    for (const [i, deal] of deals.entries()) {
      let log = '';
      for (;;) {
        const r = replay(deal, PRESETS.classic, log);
        if (!r.ok) throw new Error(r.error.message);
        const moves = legalMoves(r.value);
        if (moves.length === 0) break;
        const move = makeMove(moves[Math.min(pick, moves.length - 1)]!);
        log += move;
        if (move !== 'd') continue;
        const drawn = await player.api.draw(this.date, i + 1, log);
        if (!drawn.ok) throw new Error(drawn.error.message);
      }
      const done = await player.api.finishHole(this.date, i + 1, log);
      if (!done.ok) throw new Error(done.error.message);
      logs.push(log);
    }
    return logs;
  }

  /** `fetch` for one client address, through the hooks. */
  fetchFrom(address = '192.0.2.1'): Fetch {
    return async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://local').pathname;
      this.requests.push(`${method} ${path}`);
      this.beforeHandle?.(method, path);
      const f = this.failNext;
      if (f && f.method === method && f.path.test(path) && f.times > 0) {
        f.times -= 1;
        return new Response(JSON.stringify({ error: { code: 'ERR_UNAVAILABLE', message: 'simulated' } }), {
          status: f.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      const headers = new Headers(init?.headers);
      headers.set('cf-connecting-ip', address);
      const res = await this.#app.fetch(input, { ...init, headers });
      this.afterHandle?.(method, path);
      return res;
    };
  }

  /** A client from an address of its own (player creation is limited per address). */
  client(token: () => string | null = () => null): GolfApi {
    return new GolfApi({ fetch: this.fetchFrom(`192.0.2.${++this.#addresses}`), token });
  }

  /** A new player, and a client that sends their token. */
  async player(name = 'Ann'): Promise<TestPlayer> {
    let token: string | null = null;
    const api = this.client(() => token);
    const created = await api.createPlayer(name);
    if (!created.ok) throw new Error(created.error.message);
    token = created.value.token;
    return { ...created.value, api };
  }

  /** Today's course, as the API sends it while the day is open. */
  async course(): Promise<CourseView> {
    const c = await this.client().course(this.date);
    if (!c.ok) throw new Error(c.error.message);
    return c.value;
  }

  /** A player's attempt as the API records it. */
  async attempt(player: TestPlayer): Promise<AttemptView> {
    const a = await player.api.attempt(this.date);
    if (!a.ok) throw new Error(a.error.message);
    return a.value;
  }

  /**
   * The real deals of the nine holes, read as the archive shows them once the day is closed: from a second app
   * on the same secret (so the same deals) whose clock is past the close, because asking this one about its day
   * as closed would start the day's audit before anyone finished.
   */
  async deals(): Promise<Deal[]> {
    const after = new Date(`${addDays(this.date, 1)}T12:00:00.000Z`);
    const peek = memoryApp({ now: () => after, perfect: () => ({ strokes: 0, log: '', exact: true }) });
    const closed = await new GolfApi({ fetch: peek.fetch, token: () => null }).course(this.date);
    if (!closed.ok) throw new Error(closed.error.message);
    return closed.value.holes.map((h) => {
      const d = fullDeal(h);
      if (!d.ok) throw new Error(d.error.message);
      return d.value;
    });
  }
}
