import { env } from 'cloudflare:workers';

/** A player written straight into D1 (no token: tests that call routes make players through the API). */
export async function seedPlayer(name = 'Seeded'): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO players (id, name, ip_hash, created_at) VALUES (?, ?, 'x', 0)")
    .bind(id, name)
    .run();
  return id;
}

/**
 * A finished round written straight into D1: the started row, then the finish (so the triggers count it), then
 * the review flag the fair-play audit sets.
 */
export async function seedRound(
  playerId: string,
  date: string,
  total: number,
  options: { finishedAt?: number; review?: boolean; strokes?: number[] } = {},
): Promise<void> {
  const strokes = options.strokes ?? [total, 0, 0, 0, 0, 0, 0, 0, 0];
  const statements = [
    env.DB.prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)').bind(date, playerId),
    env.DB.prepare(
      'UPDATE attempts SET total = ?, strokes = ?, finished_at = ? WHERE date = ? AND player_id = ?',
    ).bind(
      total,
      JSON.stringify(strokes),
      options.finishedAt ?? Date.parse(`${date}T10:00:00Z`),
      date,
      playerId,
    ),
  ];
  if (options.review)
    statements.push(
      env.DB.prepare('UPDATE attempts SET review = 1 WHERE date = ? AND player_id = ?').bind(date, playerId),
    );
  await env.DB.batch(statements);
}

/** An attempt started and not finished. */
export async function seedStarted(playerId: string, date: string): Promise<void> {
  await env.DB.prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)').bind(date, playerId).run();
}
