/** Keyboard play: 1–7 play a column, space or d draw, u undo, h hint, n new game. */
export type GameKey =
  { readonly kind: 'play'; readonly column: number } | { readonly kind: 'draw' | 'undo' | 'hint' | 'new' };

export function gameKeyOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): GameKey | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k.length === 1 && k >= '1' && k <= '7') return { kind: 'play', column: k.charCodeAt(0) - 48 };
  if (k === ' ' || k === 'd') return { kind: 'draw' };
  if (k === 'u') return { kind: 'undo' };
  if (k === 'h') return { kind: 'hint' };
  if (k === 'n') return { kind: 'new' };
  return null;
}

export interface GameKeyHandlers {
  play(column: number): void;
  draw(): void;
  undo(): void;
  hint(): void;
  newGame(): void;
}

/** A keydown listener for `<svelte:window onkeydown={...}>`. Typing in a form field is left alone. */
export function onGameKey(handlers: GameKeyHandlers): (e: KeyboardEvent) => void {
  return (e) => {
    const t = e.target;
    const typing =
      t instanceof HTMLInputElement
        ? !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(t.type)
        : t instanceof HTMLElement && (t.isContentEditable || /^(SELECT|TEXTAREA)$/.test(t.tagName));
    if (typing) return;
    // Space and Enter on a focused button or box keep their usual meaning.
    const control = t instanceof HTMLButtonElement || t instanceof HTMLInputElement;
    if (control && (e.key === ' ' || e.key === 'Enter')) return;
    const key = gameKeyOf(e);
    if (!key) return;
    e.preventDefault();
    if (key.kind === 'play') handlers.play(key.column);
    else if (key.kind === 'draw') handlers.draw();
    else if (key.kind === 'undo') handlers.undo();
    else if (key.kind === 'hint') handlers.hint();
    else handlers.newGame();
  };
}
