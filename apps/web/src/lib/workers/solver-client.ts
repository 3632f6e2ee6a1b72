import type { Deal, Rules } from '@golf/engine';
import type { BestPoints, CoachLine, PostMortem } from '../game/analysis.ts';
import type { SolverAnswers, SolverRequest, SolverResponse } from './solver-protocol.ts';

type Pending = { resolve: (v: SolverAnswers[keyof SolverAnswers]) => void; reject: (e: Error) => void };

/**
 * Talks to the solver worker, started on first use. `cancel()` ends the worker (a long solve for a hole the
 * player has left) and rejects what is pending; the next request starts a fresh one.
 */
class SolverClient {
  #worker: Worker | null = null;
  #next = 1;
  #pending = new Map<number, Pending>();

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const w = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<SolverResponse>) => {
      const p = this.#pending.get(e.data.id);
      if (!p) return;
      this.#pending.delete(e.data.id);
      if (e.data.ok) p.resolve(e.data.value);
      else p.reject(new Error(e.data.message));
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.#fail(new Error(e.message || 'the solver stopped'));
      this.#worker?.terminate();
      this.#worker = null;
    };
    this.#worker = w;
    return w;
  }

  #fail(error: Error): void {
    for (const p of this.#pending.values()) p.reject(error);
    this.#pending.clear();
  }

  #ask<K extends keyof SolverAnswers>(
    req: Omit<Extract<SolverRequest, { kind: K }>, 'id'>,
  ): Promise<SolverAnswers[K]> {
    const id = this.#next++;
    return new Promise<SolverAnswers[K]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.#start().postMessage({ ...req, id });
    });
  }

  postMortem(deal: Deal, rules: Rules, log: string): Promise<PostMortem> {
    return this.#ask<'postMortem'>({ kind: 'postMortem', deal, rules, log });
  }

  coach(deal: Deal, rules: Rules, log: string, timeMs = 500): Promise<CoachLine[]> {
    return this.#ask<'coach'>({ kind: 'coach', deal, rules, log, timeMs });
  }

  bestPoints(deal: Deal, rules: Rules): Promise<BestPoints> {
    return this.#ask<'bestPoints'>({ kind: 'bestPoints', deal, rules });
  }

  cancel(): void {
    if (!this.#worker) return;
    this.#worker.terminate();
    this.#worker = null;
    this.#fail(new Error('cancelled'));
  }
}

export const solver = new SolverClient();
