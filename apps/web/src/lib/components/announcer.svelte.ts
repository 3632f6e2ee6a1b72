/**
 * The app's one polite live region. Any page calls `announce('Played seven of hearts')`; the root layout
 * renders `<LiveRegion />`, which reads `announcer.message`. Repeating the same text is still announced
 * (the message alternates a zero-width suffix so screen readers notice the change).
 */
class Announcer {
  #message = $state('');
  #flip = false;

  get message(): string {
    return this.#message;
  }

  say(text: string): void {
    this.#flip = !this.#flip;
    this.#message = this.#flip ? text : `${text}\u200b`;
  }

  clear(): void {
    this.#message = '';
  }
}

export const announcer = new Announcer();

export const announce = (text: string): void => announcer.say(text);
