/**
 * The moderation page (docs/names.md): the names waiting for a moderator, oldest first, and the log of what was
 * done, each a page at a time; hide, restore or dismiss, then both are read again.
 */
import type { ModerationItem, ModerationLog, ModerationQueue, NameTarget } from '@golf/api';
import type { ApiFailure, GolfApi } from '../api.ts';

/** Names, and log entries, per page. */
export const MODERATION_PAGE = 20;

export type ModeratorAction = 'hide' | 'restore' | 'dismiss';

/** The actions a moderator may take on an item: a shown name is hidden or its reports dismissed; a hidden one kept hidden or restored. */
export const actionsFor = (item: Pick<ModerationItem, 'standIn'>): readonly ModeratorAction[] =>
  item.standIn === null ? ['hide', 'dismiss'] : ['hide', 'restore'];

export class Moderation {
  queue = $state.raw<ModerationQueue | null>(null);
  log = $state.raw<ModerationLog | null>(null);
  /** Why the page cannot be read (ERR_NOT_MODERATOR for anyone but a moderator). */
  failure = $state.raw<ApiFailure | null>(null);
  /** The target being acted on, and why the last act failed. */
  busy = $state<string | null>(null);
  actionFailure = $state.raw<{ readonly key: string; readonly failure: ApiFailure } | null>(null);
  offset = $state(0);
  logOffset = $state(0);

  readonly #api: GolfApi;

  constructor(api: GolfApi) {
    this.#api = api;
  }

  get notModerator(): boolean {
    return this.failure?.code === 'ERR_NOT_MODERATOR';
  }

  async load(): Promise<void> {
    const [queue, log] = await Promise.all([
      this.#api.moderationQueue({ limit: MODERATION_PAGE, offset: this.offset }),
      this.#api.moderationLog({ limit: MODERATION_PAGE, offset: this.logOffset }),
    ]);
    this.failure = !queue.ok ? queue.error : !log.ok ? log.error : null;
    this.queue = queue.ok ? queue.value : null;
    this.log = log.ok ? log.value : null;
  }

  async page(offset: number): Promise<void> {
    this.offset = Math.max(0, offset);
    await this.load();
  }

  async logPage(offset: number): Promise<void> {
    this.logOffset = Math.max(0, offset);
    await this.load();
  }

  /** Hides, restores or dismisses; true when done (the page is read again). */
  async act(action: ModeratorAction, target: NameTarget): Promise<boolean> {
    const key = `${target.kind}/${target.id}`;
    if (this.busy !== null) return false;
    this.busy = key;
    this.actionFailure = null;
    const res = await this.#api.moderate(action, target);
    this.busy = null;
    if (!res.ok) {
      this.actionFailure = { key, failure: res.error };
      return false;
    }
    // The item leaves the list; an emptied last page steps back one.
    const left = (this.queue?.total ?? 1) - 1;
    if (this.offset > 0 && this.offset >= left) this.offset = Math.max(0, this.offset - MODERATION_PAGE);
    this.logOffset = 0;
    await this.load();
    return true;
  }
}
