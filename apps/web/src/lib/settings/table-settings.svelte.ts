/**
 * How the table looks and sounds on this device: the deck's colours, the card size, the table's colours, the
 * animation speed, the sound effects and the language. Kept through `Persisted`, apart from any game state, and applied to the
 * whole document as `data-*` attributes on `<html>` (the CSS in app.css reads them), so the daily, practice, the
 * archive and every replay draw their cards the same way. The game itself never changes.
 */
import { isLanguage, type Language } from '../i18n/languages.ts';
import { Persisted, browserStore, type KeyValueStore } from '../persisted.svelte.ts';

export const DECKS = ['two', 'four'] as const;
export type Deck = (typeof DECKS)[number];
export const CARD_SIZES = ['normal', 'large'] as const;
export type CardSize = (typeof CARD_SIZES)[number];
export const TABLES = ['felt', 'light', 'contrast'] as const;
export type TableLook = (typeof TABLES)[number];
export const MOTIONS = ['normal', 'fast', 'off'] as const;
export type Motion = (typeof MOTIONS)[number];

export interface TableSettingsValue {
  readonly deck: Deck;
  readonly cards: CardSize;
  readonly table: TableLook;
  /** The player's choice, or null to follow the system (off under `prefers-reduced-motion`, else normal). */
  readonly motion: Motion | null;
  /** Sound effects; off until the player turns them on. */
  readonly sound: boolean;
  /** The player's language, or null to follow the browser's preferences (src/lib/i18n). */
  readonly language: Language | null;
}

export const DEFAULT_TABLE_SETTINGS: TableSettingsValue = {
  deck: 'two',
  cards: 'normal',
  table: 'felt',
  motion: null,
  sound: false,
  language: null,
};

/** How long an animation lasts against its normal length, per speed. */
export const MOTION_SCALE: Readonly<Record<Motion, number>> = { normal: 1, fast: 0.5, off: 0 };

const oneOf = <T extends string>(list: readonly T[], raw: unknown, fallback: T): T =>
  typeof raw === 'string' && (list as readonly string[]).includes(raw) ? (raw as T) : fallback;

/** Reads stored settings; an unknown or missing field takes its default, so an older copy still loads. */
export function parseTableSettings(raw: unknown): TableSettingsValue | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const d = DEFAULT_TABLE_SETTINGS;
  return {
    deck: oneOf(DECKS, r.deck, d.deck),
    cards: oneOf(CARD_SIZES, r.cards, d.cards),
    table: oneOf(TABLES, r.table, d.table),
    motion:
      typeof r.motion === 'string' && (MOTIONS as readonly string[]).includes(r.motion)
        ? (r.motion as Motion)
        : null,
    sound: r.sound === true,
    language: isLanguage(r.language) ? r.language : null,
  };
}

export interface TableSettingsOptions {
  readonly store?: KeyValueStore;
  /** Whether the system asks for reduced motion now (a media query in the browser). */
  readonly reducedMotion?: () => boolean;
}

export class TableSettings {
  readonly #stored: Persisted<TableSettingsValue>;
  #systemReduced = $state(false);

  constructor(options: TableSettingsOptions = {}) {
    this.#stored = new Persisted(
      'golf.table.v1',
      DEFAULT_TABLE_SETTINGS,
      parseTableSettings,
      options.store ?? browserStore(),
    );
    this.#systemReduced = options.reducedMotion?.() ?? false;
  }

  get value(): TableSettingsValue {
    return this.#stored.value;
  }

  get deck(): Deck {
    return this.value.deck;
  }
  set deck(deck: Deck) {
    this.#set({ deck });
  }

  get cards(): CardSize {
    return this.value.cards;
  }
  set cards(cards: CardSize) {
    this.#set({ cards });
  }

  get table(): TableLook {
    return this.value.table;
  }
  set table(table: TableLook) {
    this.#set({ table });
  }

  /** The speed in effect: the player's choice, else off when the system asks for reduced motion. */
  get motion(): Motion {
    return this.value.motion ?? (this.#systemReduced ? 'off' : 'normal');
  }
  set motion(motion: Motion) {
    this.#set({ motion });
  }

  /** Whether the speed follows the system (the player never chose one). */
  get motionFromSystem(): boolean {
    return this.value.motion === null;
  }

  /** The factor for an animation's normal duration: 1, 0.5, or 0 (none at all). */
  get motionScale(): number {
    return MOTION_SCALE[this.motion];
  }

  get sound(): boolean {
    return this.value.sound;
  }
  set sound(sound: boolean) {
    this.#set({ sound });
  }

  /** The chosen language, or null when the browser's preferences choose it. */
  get language(): Language | null {
    return this.value.language;
  }
  set language(language: Language | null) {
    this.#set({ language });
  }

  /** The system's reduced-motion preference changed (a media query listener calls this). */
  set systemReducedMotion(reduced: boolean) {
    this.#systemReduced = reduced;
  }

  /** Everything back to the defaults, and nothing kept on the device. */
  reset(): void {
    this.#stored.clear();
  }

  /** The attributes `<html>` carries for the CSS (app.css). */
  get attributes(): Readonly<Record<'deck' | 'cards' | 'table' | 'motion', string>> {
    return { deck: this.deck, cards: this.cards, table: this.table, motion: this.motion };
  }

  #set(change: Partial<TableSettingsValue>): void {
    this.#stored.value = { ...this.#stored.value, ...change };
  }
}

const reducedQuery = (): MediaQueryList | undefined =>
  typeof window === 'undefined' ? undefined : window.matchMedia?.('(prefers-reduced-motion: reduce)');

/** The app's one copy, read by the cards, the table, the sound and the settings panel. */
export const tableSettings = new TableSettings({ reducedMotion: () => reducedQuery()?.matches === true });

/**
 * Writes the settings onto `<html>` as `data-deck`, `data-cards`, `data-table` and `data-motion`, and follows
 * the system's reduced-motion preference. Call from an effect (the root layout): it re-runs on every change.
 * Returns the clean-up.
 */
export function applyTableSettings(settings: TableSettings, root: HTMLElement): () => void {
  // Only changes are written: each write to an attribute of <html> restyles the page, even with the value it had
  // (the head script has set them all before the first paint).
  for (const [k, v] of Object.entries(settings.attributes)) if (root.dataset[k] !== v) root.dataset[k] = v;
  const query = reducedQuery();
  const onChange = (e: MediaQueryListEvent): void => {
    settings.systemReducedMotion = e.matches;
  };
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}
