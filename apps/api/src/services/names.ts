import { isOffensiveName } from '@golf/contract/name-policy';
import { ApiError } from '../errors.ts';

/**
 * Refuses a name (already normalised) that holds a slur or an insult, before anything is stored: ERR_NAME_REFUSED,
 * and a message that never repeats the word. docs/names.md is the policy.
 */
export function checkNameAllowed(name: string): void {
  if (isOffensiveName(name))
    throw new ApiError('ERR_NAME_REFUSED', 'this name is not allowed; choose another');
}

/** A hidden name given again as the new name: the rename that would clear it must choose another. */
export const sameHiddenName = (): ApiError =>
  new ApiError('ERR_NAME_HIDDEN', 'this name was hidden after reports or by a moderator; choose another');
