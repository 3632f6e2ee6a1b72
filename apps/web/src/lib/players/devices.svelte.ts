/**
 * Moving this player to another device and back: a transfer code (with its countdown), claiming one, passkeys,
 * and sign-out everywhere. The browser's WebAuthn calls are injected, so tests run without a browser.
 */
import type { NewPlayer, TransferCodeView } from '@golf/api';
import type { ApiFailure, ApiResult, GolfApi } from '../api.ts';
import type { Identity } from '../api-player.svelte.ts';
import { m } from '../i18n/index.ts';

export interface WebAuthnCalls {
  readonly supported: () => boolean;
  readonly register: (optionsJSON: Record<string, unknown>) => Promise<unknown>;
  readonly authenticate: (optionsJSON: Record<string, unknown>) => Promise<unknown>;
}

/** `K7QM W2XP`: easier to read aloud and type. */
export const formatCode = (code: string): string => code.replace(/^(.{4})(.+)$/, '$1 $2');

/** `9:05` for the time a code has left. */
export function formatRemaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The sign-in page with a code filled in: what the QR code holds. */
export const claimUrl = (origin: string, code: string): string =>
  `${origin}/signin?code=${encodeURIComponent(code)}`;

const cancelled = (e: unknown): ApiFailure => ({
  status: 0,
  code: 'ERR_PASSKEY',
  message:
    e instanceof Error && e.name === 'NotAllowedError'
      ? m.signin_passkey_closed()
      : e instanceof Error
        ? e.message
        : m.signin_passkey_silent(),
});

export class Devices {
  code = $state.raw<TransferCodeView | null>(null);
  /** Milliseconds, moved on by {@link tick} (the page calls it every second). */
  now = $state(Date.now());
  busy = $state(false);
  failure = $state.raw<ApiFailure | null>(null);
  /** What just happened, for the live region. */
  notice = $state<string | null>(null);

  readonly #api: GolfApi;
  readonly #identity: Identity;
  readonly #webauthn: WebAuthnCalls;

  constructor(api: GolfApi, identity: Identity, webauthn: WebAuthnCalls) {
    this.#api = api;
    this.#identity = identity;
    this.#webauthn = webauthn;
  }

  get passkeysSupported(): boolean {
    return this.#webauthn.supported();
  }

  /** Milliseconds the shown code has left, or null without one. */
  get remaining(): number | null {
    return this.code === null ? null : Math.max(0, Date.parse(this.code.expiresAt) - this.now);
  }

  tick(now: number = Date.now()): void {
    this.now = now;
    if (this.remaining === 0) this.code = null;
  }

  async #step<T>(run: () => Promise<ApiResult<T>>, done: (value: T) => string): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.failure = null;
    this.notice = null;
    try {
      const res = await run();
      if (!res.ok) {
        this.failure = res.error;
        return false;
      }
      this.notice = done(res.value);
      return true;
    } finally {
      this.busy = false;
    }
  }

  showCode(): Promise<boolean> {
    return this.#step(
      () => this.#api.transferCode(),
      (code) => {
        this.code = code;
        this.now = Date.now();
        return m.signin_code_notice({ code: code.code.split('').join(' ') });
      },
    );
  }

  /** This device becomes the player of `code`. */
  claim(raw: string): Promise<boolean> {
    const code = raw.trim();
    if (code === '') {
      this.failure = {
        status: 0,
        code: 'ERR_VALIDATION',
        message: m.signin_enter_code(),
      };
      return Promise.resolve(false);
    }
    return this.#step(
      () => this.#api.claim(code),
      (player) => this.#adopt(player),
    );
  }

  #adopt(player: NewPlayer): string {
    this.#identity.adopt(player);
    this.code = null;
    return m.signin_signed_in_as({ name: player.name });
  }

  signOutEverywhere(): Promise<boolean> {
    return this.#step(
      () => this.#api.signOutEverywhere(),
      ({ token }) => {
        this.#identity.replaceToken(token);
        this.code = null;
        return m.signin_signed_out_else();
      },
    );
  }

  /** A passkey ceremony: the server's options, the browser's prompt on them, then the server's answer to it. */
  #passkey<T>(
    options: () => Promise<ApiResult<Record<string, unknown>>>,
    prompt: (options: Record<string, unknown>) => Promise<unknown>,
    send: (credential: unknown) => Promise<ApiResult<T>>,
    done: (value: T) => string,
  ): Promise<boolean> {
    return this.#step(async () => {
      const asked = await options();
      if (!asked.ok) return asked;
      let credential: unknown;
      try {
        credential = await prompt(asked.value);
      } catch (e) {
        return { ok: false, error: cancelled(e) };
      }
      return send(credential);
    }, done);
  }

  registerPasskey(): Promise<boolean> {
    return this.#passkey(
      () => this.#api.passkeyRegistrationOptions(),
      (options) => this.#webauthn.register(options),
      (credential) => this.#api.registerPasskey(credential),
      () => m.signin_passkey_saved(),
    );
  }

  signInWithPasskey(): Promise<boolean> {
    return this.#passkey(
      () => this.#api.passkeySignInOptions(),
      (options) => this.#webauthn.authenticate(options),
      (credential) => this.#api.passkeySignIn(credential),
      (player) => this.#adopt(player),
    );
  }
}
