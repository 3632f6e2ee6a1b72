import {
  PRESETS,
  dealNumber,
  legalMoves,
  planRun,
  playableColumns,
  startPosition,
  stockLeft,
  type Deal,
  type Rules,
} from '@golf/engine';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../persisted.svelte.ts';
import { bestPointsOf, postMortemOf, type BestPoints, type CoachLine, type PostMortem } from './analysis.ts';
import type { Analyst } from './hole-analysis.svelte.ts';
import { PracticeSession } from './practice-session.svelte.ts';

/** The solver, answering on the page's thread when told to (every call is recorded and left pending). */
class FakeAnalyst implements Analyst {
  readonly asked: { kind: string; log?: string }[] = [];
  cancelled = 0;
  #pending: (() => void)[] = [];

  #later<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.#pending.push(() => {
        try {
          resolve(work());
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }),
    );
  }
  postMortem(deal: Deal, rules: Rules, log: string): Promise<PostMortem> {
    this.asked.push({ kind: 'postMortem', log });
    return this.#later(() => postMortemOf(deal, rules, log));
  }
  bestPoints(deal: Deal, rules: Rules): Promise<BestPoints> {
    this.asked.push({ kind: 'bestPoints' });
    return this.#later(() => bestPointsOf(deal, rules));
  }
  coach(_deal: Deal, _rules: Rules, log: string): Promise<CoachLine[]> {
    this.asked.push({ kind: 'coach', log });
    return this.#later(() => [
      { move: 'd', expected: 3.25, samples: 8 },
      { move: '4', expected: 5.5, samples: 8 },
    ]);
  }
  cancel(): void {
    this.cancelled++;
  }
  /** Answers everything asked so far, and lets the answers land. */
  async answer(): Promise<void> {
    const pending = this.#pending;
    this.#pending = [];
    for (const run of pending) run();
    for (let i = 0; i < 3; i++) await Promise.resolve();
    flushSync();
  }
}

interface Setup {
  readonly session: PracticeSession;
  readonly analyst: FakeAnalyst;
  readonly said: string[];
  now: number;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  vi.useRealTimers();
});

/** A session on a fresh store, inside an effect root (as in a component), on the given game. */
function setup(settings: Partial<PracticeSession['settings']> = {}): Setup {
  const s = { analyst: new FakeAnalyst(), said: [] as string[], now: 1_000_000 } as Setup & {
    session: never;
  };
  let session: PracticeSession | undefined;
  cleanups.push(
    $effect.root(() => {
      session = new PracticeSession({
        store: memoryStore(),
        analyst: s.analyst,
        announce: (t) => s.said.push(t),
        now: () => s.now,
      });
    }),
  );
  const out = Object.assign(s, { session: session! }) as Setup;
  out.session.startWith({ preset: 'classic', scoring: 'strokes', mode: 'single', deal: 4242, ...settings });
  flushSync();
  return out;
}

/** Plays the first legal move (plays before draws) until the hole is over. */
async function finish(session: PracticeSession): Promise<void> {
  for (let guard = 0; guard < 60 && !session.hole.over; guard++) {
    const m = legalMoves(session.hole.position)[0]!;
    if (m.kind === 'play') session.play(m.column);
    else await session.draw();
    flushSync();
  }
}

describe('PracticeSession', () => {
  it('plays, draws and undoes through the hole, saying each move', async () => {
    const { session, said } = setup();
    await session.draw();
    expect(session.hole.log).toBe('d');
    expect(said.at(-1)).toMatch(/^Drew .+\. 15 left in the stock\.$/);
    const col = playableColumns(session.hole.position)[0]!;
    session.play(col);
    expect(said.at(-1)).toMatch(new RegExp(`^Played .+ from column ${col}\\. 34 cards left\\.$`));
    session.undo();
    expect(session.hole.log).toBe('d');
    expect(said.at(-1)).toBe('Undone. 35 cards left.');
    session.refused('King of spades does not fit on Four of hearts.');
    expect(session.note).toBe('King of spades does not fit on Four of hearts.');
    expect(said.at(-1)).toBe(session.note);
  });

  it("hints the run planner's move, and a move clears the hint", () => {
    const { session } = setup();
    session.showHint();
    const plan = planRun(session.hole.position)!;
    expect(session.hint).toBe(plan.move.kind === 'draw' ? 'draw' : plan.move.column);
    expect(session.note).toMatch(/^Hint: /);
    if (plan.move.kind === 'play') session.play(plan.move.column);
    else void session.draw();
    expect(session.hint).toBeNull();
    expect(session.note).toBe('');
  });

  it('the coach points at its best move, and forgets an answer for a position already left', async () => {
    const { session, analyst } = setup();
    const asking = session.coach();
    expect(session.coaching).toBe(true);
    await analyst.answer();
    await asking;
    expect(session.hint).toBe('draw');
    expect(session.coachLines?.map((l) => l.move)).toEqual(['d', '4']);
    expect(session.note).toBe('Coach: draw (about 3.3 strokes expected).');

    const again = session.coach();
    await session.draw();
    await analyst.answer();
    await again;
    expect(session.coachLines).toBeNull();
    expect(session.coaching).toBe(false);
  });

  it('asks the solver once per finished position, never shows a stale verdict, and cancels when play goes on', async () => {
    const { session, analyst } = setup();
    expect(session.verdict).toBeNull();
    await finish(session);
    const log = session.hole.log;
    expect(analyst.asked).toEqual([{ kind: 'postMortem', log }]);
    expect(session.verdict).toMatchObject({
      analysing: true,
      solver: '',
      points: null,
      nextLabel: 'Next deal',
    });

    // Undo before the answer: the hole goes on, the pending verdict is dropped.
    session.undo();
    flushSync();
    expect(analyst.cancelled).toBe(1);
    await analyst.answer();
    expect(session.verdict).toBeNull();

    // The same end again is a new position: asked again, and this answer shows.
    await finish(session);
    expect(analyst.asked.filter((a) => a.kind === 'postMortem')).toHaveLength(2);
    await analyst.answer();
    const v = session.verdict!;
    expect(v.analysing).toBe(false);
    expect(v.solver).toMatch(/cleared|best|slipped|could/i);
    expect(v.headline).toMatch(/^(Cleared!|Hole over:)/);
    flushSync();
    expect(analyst.asked.filter((a) => a.kind === 'postMortem')).toHaveLength(2);
  });

  it('in points scoring also counts the best points, once per deal', async () => {
    const { session, analyst } = setup({ scoring: 'points' });
    await finish(session);
    expect(analyst.asked.map((a) => a.kind).sort()).toEqual(['bestPoints', 'postMortem']);
    expect(session.verdict?.points).toBe('Counting the best possible points…');
    await analyst.answer();
    expect(session.verdict?.points).toMatch(
      /^Perfect play scores (at least )?\d+ points here; you scored \d+\.$/,
    );
    session.restart();
    flushSync();
    await finish(session);
    expect(analyst.asked.filter((a) => a.kind === 'bestPoints')).toHaveLength(1);
    expect(session.analysis.bestPoints).not.toBeNull();
  });

  it('"show me" plays the perfect line from before the slip; undo stops it', async () => {
    vi.useFakeTimers();
    const { session, analyst } = setup();
    await finish(session);
    await analyst.answer();
    const pm = session.analysis.result!;
    expect(session.verdict?.canShow).toBe(pm.bestLine.length > 0);
    session.toggleShow();
    expect(session.showing).toBe(true);
    expect(session.show.log).toBe(pm.bestLine);
    expect(session.show.step).toBe(pm.showFrom);
    vi.advanceTimersByTime(450 * 3);
    expect(session.show.step).toBe(Math.min(pm.showFrom + 3, pm.bestLine.length));
    expect(session.verdict?.showing).toBe(true);
    session.undo();
    expect(session.showing).toBe(false);
    expect(session.hole.over).toBe(true);
  });

  it('auto-draw draws after a moment when nothing plays, and only then', async () => {
    vi.useFakeTimers();
    // A deal where nothing plays at the start.
    const deal = Array.from({ length: 200 }, (_, i) => i + 1).find((n) => {
      const d = dealNumber(n, PRESETS.classic);
      return d.ok && playableColumns(startPosition(d.value, PRESETS.classic)).length === 0;
    });
    expect(deal).toBeDefined();
    const { session } = setup({ deal });
    session.setAutoDraw(true);
    flushSync();
    expect(playableColumns(session.hole.position)).toEqual([]);
    // Draw until something plays: each time nothing plays, auto-draw does it.
    for (let i = 0; i < 16 && playableColumns(session.hole.position).length === 0; i++) {
      const before = stockLeft(session.hole.position);
      await vi.advanceTimersByTimeAsync(449);
      expect(stockLeft(session.hole.position)).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      flushSync();
      expect(stockLeft(session.hole.position)).toBe(before - 1);
    }
    const left = stockLeft(session.hole.position);
    await vi.advanceTimersByTimeAsync(2000);
    expect(stockLeft(session.hole.position)).toBe(left);
    expect(session.prefs.value.autoDraw).toBe(true);
  });

  it('N deals a new game at once when none is in progress, else only when pressed twice within 3 s', async () => {
    const s = setup({ mode: 'match' });
    const { session } = s;
    const first = session.game.dealNumber;
    await session.draw();
    session.newGameKey();
    expect(session.game.dealNumber).toBe(first);
    expect(session.note).toBe('Press N again to abandon this match and deal a new one.');
    s.now += 3000;
    session.newGameKey();
    expect(session.game.dealNumber).toBe(first);
    s.now += 2999;
    session.newGameKey();
    expect(session.hole.log).toBe('');
    // Nothing in progress now: one press is enough.
    const second = session.game.dealNumber;
    session.newGameKey();
    expect(session.game.dealNumber).not.toBe(second);
  });

  it("opens the URL's game unless it is the saved one; the deal box follows, and a bad number is refused", () => {
    const { session } = setup();
    session.open({ preset: 'wrap', deal: 77 });
    expect(session.settings).toMatchObject({ preset: 'wrap', deal: 77, mode: 'single' });
    expect(session.dealInput).toBe('77');
    expect(session.query).toBe('rules=wrap&deal=77&mode=single&scoring=strokes');
    void session.draw();
    session.open({ preset: 'wrap', deal: 77 });
    expect(session.hole.log).toBe('d');
    session.dealInput = '0';
    session.goToDeal();
    expect(session.note).toBe('Deal numbers run from 1 to 4,294,967,295.');
    session.dealInput = '12';
    session.goToDeal();
    expect(session.settings.deal).toBe(12);
  });

  it('an effect that opens the URL does not undo a later change of settings', () => {
    const { session } = setup();
    const wanted = $state({ deal: 9 });
    let runs = 0;
    cleanups.push(
      $effect.root(() => {
        $effect(() => {
          session.open(wanted);
          runs++;
        });
      }),
    );
    flushSync();
    expect(session.settings.deal).toBe(9);
    session.startWith({ deal: 10 });
    flushSync();
    expect(runs).toBe(1);
    expect(session.settings.deal).toBe(10);
  });

  it('in a match, the verdict leads to the next hole until the ninth, then sums the match up', async () => {
    const { session } = setup({ mode: 'match', deal: 300 });
    for (let hole = 1; hole <= 9; hole++) {
      await finish(session);
      const v = session.verdict!;
      if (hole < 9) {
        expect(v.nextLabel).toBe(`Hole ${hole + 1}`);
        expect(v.matchSummary).toBeNull();
        session.next();
        flushSync();
      } else {
        expect(v.nextLabel).toBeNull();
        expect(v.complete).toBe(true);
        expect(v.matchSummary).toMatch(/^Match complete: -?\d+ strokes, .* \(par 45\)\.$/);
      }
    }
    expect(session.scores).toHaveLength(9);
  });
});
