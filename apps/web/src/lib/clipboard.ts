/**
 * Copies text where the asynchronous clipboard is refused too (an insecure origin, an older phone browser, a
 * denied permission): first `navigator.clipboard.writeText`, then a selected, off-screen textarea and
 * `document.execCommand('copy')`. Says whether either worked; when neither did, the caller shows the text
 * selected so the player can copy it by hand (`selectContents`).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused: try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off screen but focusable, at a font size that keeps iOS from zooming in.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px';
  document.body.append(area);
  const focused = document.activeElement as HTMLElement | null;
  try {
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.();
  }
}

/** Selects all the text inside an element (the visible share text), for a copy by hand. */
export function selectContents(element: Element): void {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
