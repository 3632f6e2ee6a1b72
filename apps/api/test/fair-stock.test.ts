import {
  applyMove,
  countDraws,
  dealFromDeck,
  legalMoves,
  makeMove,
  orderedDeck,
  PRESETS,
  startPosition,
  type Card,
} from '@golf/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draw, finish, start, type AttemptStore } from '../src/attempt-object/fair-stock.ts';
import type { SqlAttemptStore } from '../src/attempt-object/sql-store.ts';
import { inAttemptStorage } from './helpers.ts';

const RULES = PRESETS.classic;

/** The real store, recording every call (method and arguments) before passing it on. */
class RecordingStore implements AttemptStore {
  readonly calls: string[] = [];
  readonly #inner: SqlAttemptStore;
  constructor(inner: SqlAttemptStore) {
    this.#inner = inner;
  }
  read() {
    this.calls.push('read');
    return this.#inner.read();
  }
  create(state: Parameters<AttemptStore['create']>[0]) {
    this.calls.push(`create ${state.date} ${state.playerId}`);
    this.#inner.create(state);
  }
  recordDraw(hole: number, log: string, now: number) {
    this.calls.push(`recordDraw ${hole} ${log} ${now}`);
    this.#inner.recordDraw(hole, log, now);
  }
  recordFinish(hole: number, log: string, strokes: number, now: number) {
    this.calls.push(`recordFinish ${hole} ${log} ${strokes} ${now}`);
    this.#inner.recordFinish(hole, log, strokes, now);
  }
  markSynced(row: 'started' | 'finished') {
    this.calls.push(`markSynced ${row}`);
    this.#inner.markSynced(row);
  }
  forgetAddress() {
    this.calls.push('forgetAddress');
    this.#inner.forgetAddress();
  }
}

/** `deck` with the stock cards from stock position `from` on in another order (a seeded shuffle). */
function reorderStockFrom(deck: readonly Card[], from: number, seed: number): Card[] {
  const out = deck.slice();
  const first = 36 + from; // classic: deck[36..51] is the stock in draw order
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > first; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = first + ((s >>> 0) % (i - first + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A legal log for the first hole of `deck` with exactly `draws` draws (or fewer when the hole ends first). */
function legalPrefix(deck: readonly Card[], draws: number, choices: readonly number[]): string {
  let pos = startPosition(dealFromDeck(deck, RULES), RULES);
  let log = '';
  for (const c of choices) {
    const moves = legalMoves(pos).filter((m) => m.kind === 'play' || countDraws(log) < draws);
    if (moves.length === 0) break;
    const move = moves[c % moves.length]!;
    const next = applyMove(pos, move);
    if (!next.ok) break;
    pos = next.value;
    log += makeMove(move);
  }
  // End on the last draw: the state recorded at that draw.
  const cut = log.lastIndexOf('d');
  return cut < 0 ? '' : log.slice(0, cut + 1);
}

const arbDeck = fc.shuffledSubarray(orderedDeck(), { minLength: 52, maxLength: 52 });
const arbProbe = fc.string({
  unit: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', 'd', 'd'),
  maxLength: 12,
});

describe('no side channel on the stock', () => {
  it('answers every draw and finish the same, with the same storage calls, whatever order the undrawn cards are in', async () => {
    await inAttemptStorage((fresh) =>
      fc.assert(
        fc.property(
          arbDeck,
          fc.nat(16),
          fc.array(fc.nat(1000), { maxLength: 80 }),
          fc.array(arbProbe, { minLength: 1, maxLength: 8 }),
          fc.integer(),
          (deck, wantDraws, choices, probes, seed) => {
            const prefix = legalPrefix(deck, wantDraws, choices);
            const k = countDraws(prefix);
            // Two courses alike in everything the player has seen; every card not yet drawn in another order.
            const decks = [deck, reorderStockFrom(deck, k, seed)];
            const runs = decks.map((d) => {
              const store = new RecordingStore(fresh());
              start(store, {
                date: '2026-06-15',
                playerId: 'p',
                rules: 'classic',
                decks: [d, ...Array.from({ length: 8 }, () => deck)],
                addressHash: 'h',
                now: 0,
              });
              // Replay the recorded history draw by draw, as a client would.
              let at = 0;
              for (let i = 0; i < prefix.length; i++)
                if (prefix[i] === 'd') expect(draw(store, 1, prefix.slice(0, i + 1), ++at).ok).toBe(true);
              // Probe until a request is accepted: an accepted draw reveals its card (the one thing that may
              // differ), after which the two players have been shown different cards.
              const answers: unknown[] = [];
              for (const probe of probes) {
                const log = prefix + probe;
                if (log.endsWith('d')) {
                  const drawn = draw(store, 1, log, 100);
                  answers.push(drawn.ok ? { ok: true, stockLeft: drawn.value.stockLeft } : drawn);
                  if (drawn.ok) break;
                }
                const finished = finish(store, 1, log, 200);
                answers.push(finished);
                if (finished.ok) break;
              }
              return { answers, calls: store.calls };
            });
            expect(runs[1]!.answers).toEqual(runs[0]!.answers);
            expect(runs[1]!.calls).toEqual(runs[0]!.calls);
          },
        ),
        { numRuns: 300 },
      ),
    );
  });

  it('refuses a log with two new draws before looking at any card, whatever the hidden cards would allow', async () => {
    const deck = orderedDeck();
    await inAttemptStorage((fresh) => {
      const store = fresh();
      start(store, { date: 'd', playerId: 'p', rules: 'classic', decks: [deck], addressHash: 'h', now: 0 });
      for (const log of ['dd', 'd1d', 'd7d', 'dxd'.replace('x', '3')]) {
        const answer = draw(store, 1, log, 1);
        expect(answer).toMatchObject({ ok: false, error: { code: 'ERR_NOT_DRAWN' } });
      }
      const finished = finish(store, 1, 'd1', 1);
      expect(finished).toMatchObject({ ok: false, error: { code: 'ERR_NOT_DRAWN' } });
    });
  });
});
