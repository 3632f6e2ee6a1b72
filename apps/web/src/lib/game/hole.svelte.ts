import {
  DRAW,
  applyMove,
  play as playMove,
  playableColumns,
  replay,
  scoreOf,
  standInDeal,
  startPosition,
  wastePile,
  type Card,
  type Deal,
  type HoleScore,
  type MoveError,
  type Position,
  type Result,
  type Rules,
} from '@golf/engine';

/**
 * Fetches the next stock card from somewhere else (the daily's API). It receives the hole's whole log ending
 * in the new `d` and resolves with the card drawn; it should retry network failures itself and reject only
 * when the draw is refused. While it runs the hole is `busy` and takes no other move.
 */
export type Drawer = (log: string) => Promise<Card>;

export interface HoleOptions {
  /** Moves already made (resuming). An invalid tail is cut at the first bad move. */
  readonly log?: string;
  /** Undo never goes below this log length. */
  readonly undoFloor?: number;
  /** When true (the daily), every draw raises the undo floor to the log's new length. */
  readonly lockDraws?: boolean;
  /** Draws come from here instead of `deal.stock` (see {@link Drawer}). */
  readonly drawer?: Drawer;
  /** Called after every change of the log (autosave). */
  readonly onchange?: (log: string) => void;
}

export type DrawError = MoveError | { readonly code: 'ERR_BUSY' | 'ERR_DRAWER'; readonly message: string };

/**
 * One hole: `(deal, rules, log)` is the whole state; the position is derived by `replay`, so undo is
 * replaying a prefix and nothing here re-implements a rule.
 *
 * The daily course does not know its stock. It plays the engine's `standInDeal` (the cards already drawn, then
 * the unseen cards in a fixed order), passes `lockDraws: true` and a `drawer`. On `draw()` the hole awaits the
 * drawer, then `applyDrawn(card)` rebuilds the stand-in deal with that card drawn and appends `d`. A page that
 * fetches cards itself may call `applyDrawn(card)` directly instead.
 */
export class Hole {
  #deal: Deal = $state.raw() as Deal;
  #rules: Rules = $state.raw() as Rules;
  #log: string = $state.raw('');
  #floor = $state(0);
  #busy = $state(false);
  #error: string | null = $state.raw(null);
  #lockDraws: boolean;
  #drawer: Drawer | undefined;
  #onchange: ((log: string) => void) | undefined;

  #position: Position = $derived.by(() => {
    const r = replay(this.#deal, this.#rules, this.#log);
    return r.ok ? r.value : startPosition(this.#deal, this.#rules);
  });
  #score: HoleScore = $derived(scoreOf(this.#position));
  #playable: number[] = $derived(playableColumns(this.#position));
  /** Waste cards, oldest first (the opening card, then every play and draw). */
  #waste: Card[] = $derived(wastePile(this.#deal, this.#log));

  constructor(deal: Deal, rules: Rules, options: HoleOptions = {}) {
    this.#lockDraws = options.lockDraws ?? false;
    this.#drawer = options.drawer;
    this.#onchange = options.onchange;
    this.#load(deal, rules, options.log ?? '', options.undoFloor ?? 0);
  }

  #load(deal: Deal, rules: Rules, log: string, floor: number): void {
    const r = replay(deal, rules, log);
    const valid = r.ok ? log : log.slice(0, r.error.at);
    this.#deal = deal;
    this.#rules = rules;
    this.#log = valid;
    this.#floor = Math.min(floor, valid.length);
    this.#error = null;
  }

  /** Starts another hole in place (keeps the options). */
  reset(deal: Deal, rules: Rules, log = '', undoFloor = 0): void {
    this.#load(deal, rules, log, undoFloor);
    this.#changed();
  }

  get deal(): Deal {
    return this.#deal;
  }
  get rules(): Rules {
    return this.#rules;
  }
  get log(): string {
    return this.#log;
  }
  get position(): Position {
    return this.#position;
  }
  get score(): HoleScore {
    return this.#score;
  }
  get playable(): readonly number[] {
    return this.#playable;
  }
  get waste(): readonly Card[] {
    return this.#waste;
  }
  get over(): boolean {
    return this.#score.over;
  }
  /** A draw is in flight. */
  get busy(): boolean {
    return this.#busy;
  }
  /** The last draw failure, cleared by the next successful move. */
  get error(): string | null {
    return this.#error;
  }
  get undoFloor(): number {
    return this.#floor;
  }
  set undoFloor(n: number) {
    this.#floor = Math.max(0, Math.min(n, this.#log.length));
  }
  get canUndo(): boolean {
    return !this.#busy && this.#log.length > this.#floor;
  }

  #changed(): void {
    this.#onchange?.(this.#log);
  }

  /** Plays column 1..7's exposed card onto the waste. Illegal plays change nothing and say why. */
  play(column: number): Result<Position, MoveError | DrawError> {
    if (this.#busy) return { ok: false, error: { code: 'ERR_BUSY', message: 'a draw is in flight' } };
    const next = applyMove(this.#position, playMove(column));
    if (!next.ok) return next;
    this.#log += String(column);
    this.#error = null;
    this.#changed();
    return next;
  }

  /** Draws the next stock card: at once from the deal, or through the drawer when there is one. */
  async draw(): Promise<Result<Position, DrawError>> {
    if (this.#busy) return { ok: false, error: { code: 'ERR_BUSY', message: 'a draw is in flight' } };
    const check = applyMove(this.#position, DRAW);
    if (!check.ok) return check;
    if (!this.#drawer) return this.#appendDraw();
    this.#busy = true;
    const expected = this.#log;
    try {
      const card = await this.#drawer(`${expected}d`);
      if (this.#log !== expected) throw new Error('the hole changed while drawing');
      return this.applyDrawn(card);
    } catch (e) {
      this.#error = e instanceof Error ? e.message : String(e);
      return { ok: false, error: { code: 'ERR_DRAWER', message: this.#error } };
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Records a draw whose card came from elsewhere (it must be one the player has not seen): the deal becomes the
   * stand-in deal with that card drawn next, then the draw is appended to the log.
   */
  applyDrawn(card: Card): Result<Position, DrawError> {
    const stock = this.#deal.stock;
    const drawn = [...stock.slice(0, this.#position.drawn), card];
    const deal = standInDeal(this.#deal, drawn, stock.length);
    if (!deal.ok)
      return { ok: false, error: { code: 'ERR_DRAWER', message: `card ${card} is not in the unseen stock` } };
    // Only the stock changes: the layout keeps its identity (the table is keyed by it).
    this.#deal = { ...this.#deal, stock: deal.value.stock };
    return this.#appendDraw();
  }

  #appendDraw(): Result<Position, DrawError> {
    const next = applyMove(this.#position, DRAW);
    if (!next.ok) return next;
    this.#log += 'd';
    if (this.#lockDraws) this.#floor = this.#log.length;
    this.#error = null;
    this.#changed();
    return next;
  }

  /** Takes back the last move (never below the undo floor). */
  undo(): boolean {
    if (!this.canUndo) return false;
    this.#log = this.#log.slice(0, -1);
    this.#changed();
    return true;
  }

  /** Returns the hole to its start (or, with an undo floor, to the floor). */
  restart(): void {
    if (this.#busy || this.#log.length === this.#floor) return;
    this.#log = this.#log.slice(0, this.#floor);
    this.#changed();
  }
}
