/// <reference lib="webworker" />
// The solver's thread: post-mortems and the coach run here so the page never freezes.
import { replay } from '@golf/engine';
import { bestPointsOf, coachOf, postMortemOf } from '../game/analysis.ts';
import type { SolverRequest, SolverResponse } from './solver-protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

function answer(req: SolverRequest): SolverResponse {
  try {
    if (req.kind === 'postMortem')
      return { id: req.id, ok: true, value: postMortemOf(req.deal, req.rules, req.log) };
    if (req.kind === 'bestPoints') return { id: req.id, ok: true, value: bestPointsOf(req.deal, req.rules) };
    const pos = replay(req.deal, req.rules, req.log);
    if (!pos.ok) return { id: req.id, ok: false, message: pos.error.message };
    return { id: req.id, ok: true, value: coachOf(pos.value, { timeMs: req.timeMs }) };
  } catch (e) {
    return { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

scope.onmessage = (e: MessageEvent<SolverRequest>) => scope.postMessage(answer(e.data));
