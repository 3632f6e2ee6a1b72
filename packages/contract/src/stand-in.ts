/**
 * The neutral name shown in place of a player's own: "Golfer 4F2A", the same for one player id everywhere and on
 * every day, so a reader can still follow one player down a table. Used for a name a moderator or enough reports
 * hid, for a deleted player, and for a newcomer who has not chosen a name yet.
 *
 * Answers that carry a stand-in say so ({@link NameStandIn}), so a page can word it in the reader's language.
 */

/** Why an answer shows a stand-in instead of the player's own name: `null` when it shows their own. */
export type NameStandIn = 'hidden' | 'deleted' | null;

/** The stand-in's word in front of its tag. */
export const STAND_IN_WORD = 'Golfer';

/** The name shown for a deleted player (no tag: a deleted player has nothing left to follow). */
export const DELETED_NAME = 'Deleted player';

/** Four upper-case hex digits from the player id (FNV-1a, 32 bits, folded to 16). */
export function standInTag(playerId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) {
    hash ^= playerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const folded = ((hash >>> 16) ^ hash) & 0xffff;
  return folded.toString(16).toUpperCase().padStart(4, '0');
}

/** "Golfer 4F2A": the stand-in for `playerId`'s name. */
export function standInName(playerId: string): string {
  return `${STAND_IN_WORD} ${standInTag(playerId)}`;
}

/** The stand-in's word in front of a league's tag. */
export const LEAGUE_STAND_IN_WORD = 'League';

/** "League 4F2A": the stand-in for a hidden league name, tagged the same way from the league's id. */
export function leagueStandInName(leagueId: string): string {
  return `${LEAGUE_STAND_IN_WORD} ${standInTag(leagueId)}`;
}

const STAND_IN_PATTERN = new RegExp(`^(${STAND_IN_WORD}|${LEAGUE_STAND_IN_WORD}) ([0-9A-F]{4})$`);

/**
 * What a stand-in name made above stands for: a player's or a league's, and its tag ("League 4F2A" → league, 4F2A);
 * null for any other name, {@link DELETED_NAME} included. A page uses it to word the stand-in in its own language.
 */
export function parseStandInName(name: string): { kind: 'player' | 'league'; tag: string } | null {
  const match = STAND_IN_PATTERN.exec(name);
  if (!match) return null;
  return { kind: match[1] === STAND_IN_WORD ? 'player' : 'league', tag: match[2]! };
}

/** Why a name is reported (`POST /api/reports`). */
export const REPORT_REASONS = ['offensive', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
