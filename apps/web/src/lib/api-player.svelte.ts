/**
 * The player's identity on this device: `{id, name, token}` in localStorage, created on the first move of today's
 * course (named its stand-in, "Golfer 4F2A", until the player chooses a name) or with a name (joining a league),
 * and renamed through `PATCH /api/players/me`. One shared `GolfApi` sends its token.
 */
import type { NewPlayer } from '@golf/api';
import { normalizeName } from '@golf/contract';
import { standInName } from '@golf/contract/stand-in';
import { err, ok, type Result } from '@golf/engine';
import { GolfApi, type ApiFailure, type ApiResult } from './api.ts';
import { Persisted, browserStore, type KeyValueStore } from './persisted.svelte.ts';
import { pageAnswersOf } from './page-answers.ts';

/** What this device keeps of its player: the id, the name it chose, the token. */
export type StoredPlayer = Pick<NewPlayer, 'id' | 'name' | 'token'>;

function parseIdentity(v: unknown): StoredPlayer | null | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { id, name, token } = v as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof token === 'string'
    ? { id, name, token }
    : undefined;
}

/** A name as the API will store it (the contract's rules), checked before it is sent. */
export function checkName(raw: string): Result<string, ApiFailure> {
  const name = normalizeName(raw);
  if (name.ok) return name;
  const message = `${name.error.charAt(0).toUpperCase()}${name.error.slice(1)}.`;
  return err({ status: 400, code: 'ERR_VALIDATION', message });
}

export class Identity {
  readonly #saved: Persisted<StoredPlayer | null>;
  /**
   * Whether the server says this player's name is hidden (after reports or by a moderator): others see a stand-in,
   * and a new ranked round waits for a new name. Read on each visit ({@link refresh}), cleared by a rename.
   */
  nameHidden = $state(false);
  /** Whether `nameHidden` is already known this visit: asked once, or told by a create, rename or adoption. */
  #known = false;

  constructor(store: KeyValueStore = browserStore()) {
    this.#saved = new Persisted('golf.player.v1', null, parseIdentity, store);
  }

  get player(): StoredPlayer | null {
    return this.#saved.value;
  }

  get token(): string | null {
    return this.player?.token ?? null;
  }

  /** Whether the player has chosen a name (one created without a name is named its stand-in until then). */
  get named(): boolean {
    const p = this.player;
    return p !== null && p.name !== standInName(p.id);
  }

  #save(player: StoredPlayer | null): void {
    if (player === null) this.#saved.clear();
    else this.#saved.value = { id: player.id, name: player.name, token: player.token };
  }

  /**
   * Asks the server about this player once a visit: whether their name is hidden. Nothing changes when it cannot
   * say (offline, or a token it does not know: the pages that need the player handle that). Nothing is asked when it
   * is known already: a player created, renamed or adopted on this visit was told by that answer.
   */
  async refresh(api: GolfApi): Promise<void> {
    if (this.player === null || this.#known) return;
    this.#known = true;
    const res = await api.me();
    if (res.ok) this.nameHidden = res.value.standIn === 'hidden';
    else this.#known = false;
  }

  /** Creates the player of this device: named `rawName`, or without a name (its stand-in) when omitted. */
  async create(api: GolfApi, rawName?: string): Promise<ApiResult<StoredPlayer>> {
    const name = rawName === undefined ? ok(undefined) : checkName(rawName);
    if (!name.ok) return name;
    const res = await api.createPlayer(name.value);
    if (res.ok) {
      this.#save(res.value);
      this.nameHidden = false;
      this.#known = true;
    }
    return res;
  }

  async rename(api: GolfApi, rawName: string): Promise<ApiResult<StoredPlayer>> {
    const current = this.player;
    if (current === null)
      return err({ status: 401, code: 'ERR_UNAUTHORIZED', message: 'No player on this device.' });
    const name = checkName(rawName);
    if (!name.ok) return name;
    const res = await api.rename(name.value);
    if (!res.ok) return res;
    const next = { ...current, name: res.value.name };
    this.#save(next);
    this.nameHidden = res.value.standIn === 'hidden';
    this.#known = true;
    return ok(next);
  }

  forget(): void {
    this.#save(null);
    this.nameHidden = false;
    this.#known = false;
  }

  /** Becomes the player another device moved here (a claimed transfer code or a passkey sign-in). */
  adopt(player: NewPlayer): void {
    this.#save(player);
    this.nameHidden = player.standIn === 'hidden';
    this.#known = true;
  }

  /** Keeps the fresh token of a sign-out everywhere (the old one no longer works). */
  replaceToken(token: string): void {
    if (this.player !== null) this.#save({ ...this.player, token });
  }
}

export const identity = new Identity();
export const api = new GolfApi({
  token: () => identity.token,
  answers: typeof document === 'undefined' ? undefined : pageAnswersOf(document, location.origin),
});
