/**
 * The player's data and leaving (docs/privacy.md): download everything the server keeps as one JSON file, and delete
 * the player after a typed confirmation, after which this device forgets it. Saving a file is injected, so tests
 * run without a browser.
 */
import type { ApiFailure, GolfApi } from '../api.ts';
import type { Identity } from '../api-player.svelte.ts';
import { m } from '../i18n/index.ts';

/** The word a player types to confirm, in English: it is accepted whatever the language in effect. */
export const CONFIRM_WORD = 'delete';

/** The word a player types to confirm, in the language in effect ("delete", "löschen", "削除"). */
export const confirmWord = (): string => m.privacy_confirm_word();

/** Saves `text` as a file named `name` on the player's device. */
export type SaveFile = (name: string, text: string) => void;

/** The file's name: the day it was made, as the API names it. */
export const exportFileName = (exportedAt: string): string =>
  `golf-daily-data-${exportedAt.slice(0, 10)}.json`;

/**
 * Whether what was typed confirms the deletion: the word in the language in effect, or English's, whatever its
 * case and the spaces around it.
 */
export function confirms(typed: string): boolean {
  const word = typed.trim().toLocaleLowerCase();
  return word === CONFIRM_WORD || word === confirmWord().toLocaleLowerCase();
}

/** In a browser: a download of `text` through a link to a blob (nothing leaves the page). */
export const saveInBrowser: SaveFile = (name, text) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

export class Privacy {
  busy = $state(false);
  failure = $state.raw<ApiFailure | null>(null);
  /** What just happened, for the live region. */
  notice = $state<string | null>(null);
  /** The player was deleted: this device has forgotten it. */
  deleted = $state(false);

  readonly #api: GolfApi;
  readonly #identity: Identity;
  readonly #save: SaveFile;

  constructor(api: GolfApi, identity: Identity, save: SaveFile) {
    this.#api = api;
    this.#identity = identity;
    this.#save = save;
  }

  /** Downloads the player's data as a file; false (with `failure`) when the server refused. */
  async download(): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.failure = null;
    this.notice = null;
    const res = await this.#api.exportData();
    this.busy = false;
    if (!res.ok) {
      this.failure = res.error;
      return false;
    }
    const name = exportFileName(res.value.exportedAt);
    this.#save(name, `${JSON.stringify(res.value, null, 2)}\n`);
    this.notice = m.privacy_saved({ file: name });
    return true;
  }

  /**
   * Deletes the player once `typed` is the confirmation word; then this device forgets it. A token the server no
   * longer knows (deleted from another device) is forgotten too.
   */
  async remove(typed: string): Promise<boolean> {
    if (this.busy) return false;
    this.failure = null;
    this.notice = null;
    if (!confirms(typed)) {
      this.failure = {
        status: 0,
        code: 'ERR_VALIDATION',
        message: m.privacy_type_to_confirm({ word: confirmWord() }),
      };
      return false;
    }
    this.busy = true;
    const res = await this.#api.deletePlayer();
    this.busy = false;
    if (!res.ok && res.error.status !== 401) {
      this.failure = res.error;
      return false;
    }
    this.#identity.forget();
    this.deleted = true;
    return true;
  }
}
