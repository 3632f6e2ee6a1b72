import type { AttemptState, AttemptStore, HoleState } from './book.ts';

/** An {@link AttemptStore} in memory: the attempt logic's tests, and the in-memory app (src/testing.ts). */
export class MemoryAttemptStore implements AttemptStore {
  #state: AttemptState | null = null;

  read(): AttemptState | null {
    return this.#state;
  }

  create(state: AttemptState): void {
    if (this.#state === null) this.#state = state;
  }

  recordDraw(hole: number, log: string, now: number): void {
    this.#update(hole, (h) => ({ ...h, log, drawn: h.drawn + 1, drawTimes: [...h.drawTimes, now] }));
  }

  recordFinish(hole: number, log: string, strokes: number, now: number): void {
    this.#update(hole, (h) => ({ ...h, log, strokes, finishedAt: now }));
    this.#state = { ...this.#state!, hole: this.#state!.hole + 1 };
  }

  markSynced(row: 'started' | 'finished'): void {
    this.#state = { ...this.#state!, synced: { ...this.#state!.synced, [row]: true } };
  }

  #update(hole: number, change: (h: HoleState) => HoleState): void {
    const state = this.#state!;
    this.#state = { ...state, holes: state.holes.map((h) => (h.hole === hole ? change(h) : h)) };
  }
}
