/**
 * The one place a stored name becomes the name an answer shows: every read of a player's or a league's name for an
 * answer selects {@link playerNameColumns} (or {@link leagueNameColumns}) and maps the row through
 * {@link shownPlayerName} (or {@link shownLeagueName}). A hidden name shows as its stand-in ("Golfer 4F2A",
 * "League 4F2A") with `standIn: 'hidden'`; the stored name stays for the moderators and the owner's rename. A
 * deleted player's tombstone (or a player row that is gone) shows as "Deleted player" with `standIn: 'deleted'`.
 */
import { DELETED_NAME, leagueStandInName, standInName, type NameStandIn } from '@golf/contract';
import type { ShownName } from '../../ports/players.ts';

/** What a name's row holds about how it is shown. */
export interface NameRow {
  readonly name: string;
  readonly name_hidden_at: number | null;
  /** Players only: when the player was deleted (its row a tombstone). */
  readonly deleted_at?: number | null;
}

/** The columns of {@link NameRow} on `players` or `leagues` (qualified by `alias` when given). */
export const playerNameColumns = (alias = ''): string =>
  alias === ''
    ? 'name, name_hidden_at, deleted_at'
    : `${alias}.name, ${alias}.name_hidden_at, ${alias}.deleted_at`;
export const leagueNameColumns = (alias = ''): string =>
  alias === '' ? 'name, name_hidden_at' : `${alias}.name, ${alias}.name_hidden_at`;

/** Why a stored name is not shown as it is: `null` when it is. */
export const standInOf = (row: NameRow): NameStandIn =>
  row.deleted_at != null ? 'deleted' : row.name_hidden_at !== null ? 'hidden' : null;

/**
 * The name shown for player `id`: their own, or the stand-in for `standInOf(row)`. A player whose row is gone
 * (`undefined`) shows as deleted, never as a name an answer kept from before.
 */
export function shownPlayerName(id: string, row: NameRow | undefined): ShownName {
  const standIn = row === undefined ? 'deleted' : standInOf(row);
  if (standIn === null) return { name: row!.name, standIn };
  return { name: standIn === 'hidden' ? standInName(id) : DELETED_NAME, standIn };
}

/** The name shown for league `id`: its own, or "League 4F2A" while hidden. */
export function shownLeagueName(id: string, row: NameRow): ShownName {
  const standIn = standInOf(row);
  return standIn === null ? { name: row.name, standIn } : { name: leagueStandInName(id), standIn };
}
