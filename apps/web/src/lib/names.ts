/**
 * Names as a page shows them: a player's or league's own, or the stand-in the API sends in its place (in English,
 * with `standIn` saying why), in the reader's language.
 */
import type { NameStandIn } from '@golf/contract';
import { DELETED_NAME, parseStandInName } from '@golf/contract/stand-in';
import { m } from './i18n/index.ts';

/** The title a stand-in name carries where it is shown (the API's `standIn`). */
export function standInTitle(standIn: NameStandIn): string | undefined {
  if (standIn === 'hidden') return m.standin_hidden_title();
  if (standIn === 'deleted') return m.standin_deleted_title();
  return undefined;
}

/**
 * A name as the reader's language shows it: the API sends a stand-in in English ("Golfer 4F2A", "League 4F2A",
 * "Deleted player") and says so in `standIn`; those words are translated, the tag kept. Any other name is as sent.
 */
export function shownName(name: string, standIn: NameStandIn = null): string {
  if (standIn === null) return name;
  if (standIn === 'deleted' && name === DELETED_NAME) return m.standin_deleted();
  const stand = parseStandInName(name);
  if (!stand) return name;
  return stand.kind === 'player'
    ? m.standin_golfer({ tag: stand.tag })
    : m.standin_league({ tag: stand.tag });
}
