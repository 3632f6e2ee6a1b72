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

function parseIdentity(v: unknown): NewPlayer | null | undefined {
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
  readonly #saved: Persisted<NewPlayer | null>;

  constructor(store: KeyValueStore = browserStore()) {
    this.#saved = new Persisted('golf.player.v1', null, parseIdentity, store);
  }

  get player(): NewPlayer | null {
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

  #save(player: NewPlayer | null): void {
    if (player === null) this.#saved.clear();
    else this.#saved.value = player;
  }

  /** Creates the player of this device: named `rawName`, or without a name (its stand-in) when omitted. */
  async create(api: GolfApi, rawName?: string): Promise<ApiResult<NewPlayer>> {
    const name = rawName === undefined ? ok(undefined) : checkName(rawName);
    if (!name.ok) return name;
    const res = await api.createPlayer(name.value);
    if (res.ok) this.#save(res.value);
    return res;
  }

  async rename(api: GolfApi, rawName: string): Promise<ApiResult<NewPlayer>> {
    const current = this.player;
    if (current === null)
      return err({ status: 401, code: 'ERR_UNAUTHORIZED', message: 'No player on this device.' });
    const name = checkName(rawName);
    if (!name.ok) return name;
    const res = await api.rename(name.value);
    if (!res.ok) return res;
    const next = { ...current, name: res.value.name };
    this.#save(next);
    return ok(next);
  }

  forget(): void {
    this.#save(null);
  }

  /** Becomes the player another device moved here (a claimed transfer code or a passkey sign-in). */
  adopt(player: NewPlayer): void {
    this.#save(player);
  }

  /** Keeps the fresh token of a sign-out everywhere (the old one no longer works). */
  replaceToken(token: string): void {
    if (this.player !== null) this.#save({ ...this.player, token });
  }
}

export const identity = new Identity();
export const api = new GolfApi({ token: () => identity.token });
