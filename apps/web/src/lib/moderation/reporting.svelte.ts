/**
 * Reporting a name (docs/names.md): the one dialog of the app, opened by any "Report name" button with the name and
 * what it names, sends `POST /api/reports` and says how it went.
 */
import type { NameTarget } from '@golf/api';
import type { NameStandIn, ReportReason } from '@golf/contract';
import { SvelteSet } from 'svelte/reactivity';
import type { GolfApi } from '../api.ts';
import { api, identity, type Identity } from '../api-player.svelte.ts';
import { reportFailureText } from './report-text.ts';

/** How a report went: sent (or made before: the same), or refused with the dialog's words for why. */
export type ReportOutcome = { readonly sent: true } | { readonly sent: false; readonly text: string };

export const targetKey = (t: NameTarget): string => `${t.kind}/${t.id}`;

export class Reporting {
  /** What the open dialog reports, null while it is closed. */
  target = $state.raw<NameTarget | null>(null);
  name = $state('');
  reason = $state<ReportReason>('offensive');
  sending = $state(false);
  outcome = $state.raw<ReportOutcome | null>(null);
  /** What this page load reported: their buttons say "Reported". */
  readonly reported = new SvelteSet<string>();

  readonly #api: GolfApi;
  readonly #identity: Identity;

  constructor(api: GolfApi, identity: Identity) {
    this.#api = api;
    this.#identity = identity;
  }

  /**
   * Whether a name may be reported from here: by a player, never their own name or league, never a stand-in (a
   * hidden name is with the moderators already).
   */
  canReport(target: NameTarget, standIn: NameStandIn, ownerId: string | null = null): boolean {
    const me = this.#identity.player?.id ?? null;
    if (me === null || standIn !== null) return false;
    return target.kind === 'player' ? target.id !== me : ownerId !== me;
  }

  open(target: NameTarget, name: string): void {
    this.target = target;
    this.name = name;
    this.reason = 'offensive';
    this.outcome = null;
  }

  close(): void {
    this.target = null;
  }

  async send(): Promise<ReportOutcome | null> {
    const target = this.target;
    if (target === null || this.sending) return null;
    this.sending = true;
    const res = await this.#api.report(target, this.reason);
    this.sending = false;
    this.outcome = res.ok ? { sent: true } : { sent: false, text: reportFailureText(res.error) };
    if (res.ok) this.reported.add(targetKey(target));
    return this.outcome;
  }
}

/** The app's one report dialog's state (lib/moderation/ReportDialog.svelte, in the layout). */
export const reporting = new Reporting(api, identity);
