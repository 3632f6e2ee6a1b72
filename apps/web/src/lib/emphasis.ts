/** Messages with emphasised parts, marked `**` in the catalogue (docs/i18n.md). */

/** A value put into a message read by {@link emphasisPieces} (a name), its own asterisks kept as they are. */
export const literal = (value: string): string => value.replaceAll('*', '\uE000');

/**
 * A message with `**` around its emphasised parts ("You: **45** (E)") as pieces, each emphasised or not, for a
 * page to show in `<strong>` without putting markup in the catalogue. Values from players go in through
 * {@link literal}.
 */
export function emphasisPieces(text: string): { readonly text: string; readonly strong: boolean }[] {
  return text
    .split('**')
    .map((piece, i) => ({ text: piece.replaceAll('\uE000', '*'), strong: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}
