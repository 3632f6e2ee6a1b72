import { PRESETS, dealNumber, replay, scoreOf, solve, wastePile, type Deal } from '@golf/engine';
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogPlayer } from './log-player.svelte.ts';

const rules = PRESETS.classic;
const deal: Deal = (() => {
  const d = dealNumber(77, rules);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
})();
/** A whole hole's line: perfect play, so it ends where the hole is over. */
const line = (() => {
  const r = solve(deal, rules, { objective: 'strokes' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.log;
})();
const at = (log: string) => {
  const r = replay(deal, rules, log);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LogPlayer', () => {
  it('shows nothing until a log is loaded, then the position after the moves shown', () => {
    const p = new LogPlayer();
    expect(p.loaded).toBe(false);
    expect(p.position).toBeNull();
    p.load(deal, rules, line);
    expect(p.loaded).toBe(true);
    expect(p.step).toBe(0);
    expect(p.atStart).toBe(true);
    expect(p.position).toEqual(at(''));
    expect(p.lastMove).toBeNull();
    expect(p.endScore).toEqual(scoreOf(at(line)));
    p.forward();
    p.forward();
    expect(p.step).toBe(2);
    expect(p.position).toEqual(at(line.slice(0, 2)));
    expect(p.waste).toEqual(wastePile(deal, line.slice(0, 2)));
    expect(p.lastMove).toMatch(line[1] === 'd' ? /^a draw$/ : new RegExp(`from column ${line[1]}$`));
  });

  it('steps and seeks within the log only', () => {
    const p = new LogPlayer();
    p.load(deal, rules, line, 3);
    expect(p.step).toBe(3);
    p.back();
    expect(p.step).toBe(2);
    p.toStart();
    p.back();
    expect(p.step).toBe(0);
    p.toEnd();
    expect(p.atEnd).toBe(true);
    p.forward();
    expect(p.step).toBe(line.length);
    p.seek(-4);
    expect(p.step).toBe(0);
    p.seek(1e9);
    expect(p.step).toBe(line.length);
  });

  it('plays one move per interval and stops at the end; play at the end starts over', () => {
    const p = new LogPlayer({ intervalMs: () => 250 });
    p.load(deal, rules, line);
    p.play();
    expect(p.playing).toBe(true);
    vi.advanceTimersByTime(249);
    expect(p.step).toBe(0);
    vi.advanceTimersByTime(1);
    expect(p.step).toBe(1);
    vi.advanceTimersByTime(250 * 2);
    expect(p.step).toBe(3);
    p.toggle();
    expect(p.playing).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(p.step).toBe(3);
    p.toggle();
    vi.advanceTimersByTime(250 * line.length);
    expect(p.atEnd).toBe(true);
    expect(p.playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    p.play();
    expect(p.step).toBe(0);
    expect(p.playing).toBe(true);
  });

  it('loading another log or closing stops the timer', () => {
    const p = new LogPlayer();
    p.load(deal, rules, line);
    p.play();
    p.load(deal, rules, 'dd');
    expect(p.playing).toBe(false);
    expect(p.step).toBe(0);
    expect(p.length).toBe(2);
    p.play();
    p.close();
    expect(p.loaded).toBe(false);
    expect(p.playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cuts a log that does not replay at its first bad move', () => {
    const p = new LogPlayer();
    const bad = [1, 2, 3, 4, 5, 6, 7].find((c) => !replay(deal, rules, `d${c}`).ok)!;
    p.load(deal, rules, `d${bad}dd`);
    expect(p.log).toBe('d');
    expect(p.length).toBe(1);
  });

  it('is reactive: a derived value follows the step', () => {
    const p = new LogPlayer();
    p.load(deal, rules, line);
    let seen: number[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen = [...seen, p.position?.moves ?? -1];
      });
    });
    flushSync();
    p.forward();
    flushSync();
    p.forward();
    flushSync();
    expect(seen).toEqual([0, 1, 2]);
    stop();
  });

  it('an effect may load it when its game changes without tracking the player', () => {
    const p = new LogPlayer();
    let log = $state('dd');
    let loads = 0;
    const stop = $effect.root(() => {
      $effect(() => {
        p.load(deal, rules, log);
        loads++;
      });
    });
    flushSync();
    p.forward();
    p.play();
    flushSync();
    expect(loads).toBe(1);
    log = 'd';
    flushSync();
    expect(loads).toBe(2);
    expect(p.length).toBe(1);
    stop();
  });
});
