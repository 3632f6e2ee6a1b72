/**
 * Plays a finished log back, move by move: the archive's replays of ranked rounds and perfect play, and
 * practice's "show me" line. A game is `(deal, rules, log)`; the player shows the prefix `log[0..step)`, and every
 * position is the engine's `replay` of it. Stepping, seeking and the replay timer live here, not in a page.
 */
import { untrack } from 'svelte';
import {
  replay,
  scoreOf,
  startPosition,
  wastePile,
  type Card,
  type Deal,
  type HoleScore,
  type Position,
  type Rules,
} from '@golf/engine';
import { moveText } from '../format.ts';

export interface LogPlayerOptions {
  /** Milliseconds between two moves while playing (read at each `play()`). Default 450. */
  readonly intervalMs?: () => number;
}

interface Game {
  readonly deal: Deal;
  readonly rules: Rules;
  readonly log: string;
}

export class LogPlayer {
  #game: Game | null = $state.raw(null);
  #step = $state(0);
  #playing = $state(false);
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #intervalMs: () => number;

  #shown: string = $derived(this.#game?.log.slice(0, this.#step) ?? '');
  #position: Position | null = $derived.by(() => {
    const g = this.#game;
    if (g === null) return null;
    const r = replay(g.deal, g.rules, this.#shown);
    return r.ok ? r.value : startPosition(g.deal, g.rules);
  });
  #waste: readonly Card[] = $derived(this.#game ? wastePile(this.#game.deal, this.#shown) : []);
  #end: HoleScore | null = $derived.by(() => {
    const g = this.#game;
    const r = g && replay(g.deal, g.rules, g.log);
    return r?.ok ? scoreOf(r.value) : null;
  });

  constructor(options: LogPlayerOptions = {}) {
    this.#intervalMs = options.intervalMs ?? (() => 450);
  }

  /** Whether a log is loaded. */
  get loaded(): boolean {
    return this.#game !== null;
  }
  get log(): string {
    return this.#game?.log ?? '';
  }
  /** Moves in the log. */
  get length(): number {
    return this.log.length;
  }
  /** Moves shown, 0..length. */
  get step(): number {
    return this.#step;
  }
  get playing(): boolean {
    return this.#playing;
  }
  get atStart(): boolean {
    return this.#step === 0;
  }
  get atEnd(): boolean {
    return this.#step >= this.length;
  }
  /** The position after the moves shown (null with nothing loaded). */
  get position(): Position | null {
    return this.#position;
  }
  /** The waste pile after the moves shown, oldest first. */
  get waste(): readonly Card[] {
    return this.#waste;
  }
  /** How the whole log scores (null with nothing loaded). */
  get endScore(): HoleScore | null {
    return this.#end;
  }
  /** The last move shown, in words ("7♥ from column 3"); null at the start. */
  get lastMove(): string | null {
    const g = this.#game;
    return g === null || this.#step === 0 ? null : moveText(g.deal, g.rules, g.log, this.#step - 1);
  }

  /**
   * Shows `log` on `deal` from move `from` (default 0), paused. A log that does not replay is cut at its first bad
   * move. Reads no state of its own, so an effect may call it when its game changes.
   */
  load(deal: Deal, rules: Rules, log: string, from = 0): void {
    untrack(() => {
      this.pause();
      const r = replay(deal, rules, log);
      const valid = r.ok ? log : log.slice(0, r.error.at);
      this.#game = { deal, rules, log: valid };
      this.#step = Math.max(0, Math.min(from, valid.length));
    });
  }

  /** Stops and unloads (the page shows its own game again). */
  close(): void {
    this.pause();
    this.#game = null;
    this.#step = 0;
  }

  /** Shows the first `step` moves (clamped to the log). */
  seek(step: number): void {
    this.#step = Math.max(0, Math.min(Math.trunc(step), this.length));
  }
  forward(): void {
    this.seek(this.#step + 1);
  }
  back(): void {
    this.seek(this.#step - 1);
  }
  toStart(): void {
    this.seek(0);
  }
  toEnd(): void {
    this.seek(this.length);
  }

  /** Plays on from here, one move per interval, and stops at the end; from the start when already there. */
  play(): void {
    if (!this.loaded || this.length === 0) return;
    if (this.atEnd) this.#step = 0;
    clearInterval(this.#timer);
    this.#playing = true;
    this.#timer = setInterval(() => {
      this.forward();
      if (this.atEnd) this.pause();
    }, this.#intervalMs());
  }

  pause(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#playing = false;
  }

  toggle(): void {
    if (this.#playing) this.pause();
    else this.play();
  }
}
