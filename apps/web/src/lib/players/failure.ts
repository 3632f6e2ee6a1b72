/**
 * A failure as the player's pages show it: one this client made itself (a refused passkey prompt, blocked
 * notifications, a confirmation not typed: status 0, written in the player's words when it happened) keeps its own
 * message; any other is said from its code (`errorText`), never with the API's English message.
 */
import type { ApiFailure } from '../api.ts';
import { errorText } from '../format.ts';

const OWN_WORDS: ReadonlySet<string> = new Set(['ERR_PASSKEY', 'ERR_PUSH', 'ERR_VALIDATION']);

export const failureText = (failure: ApiFailure): string =>
  failure.status === 0 && OWN_WORDS.has(failure.code) && failure.message !== ''
    ? failure.message
    : errorText(failure);
