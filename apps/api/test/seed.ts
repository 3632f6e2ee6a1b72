import { env } from 'cloudflare:workers';
import { ledgerBindings } from '../src/adapters/d1/bindings.ts';
import { d1Ledger } from '../src/adapters/d1/ledger.ts';
import { ledgerDatabases, periodOf } from '../src/adapters/d1/statements.ts';
import type { Ledger } from '../src/ports/ledger.ts';

/** The ledger on the test Worker's D1 databases, `DB` and the day databases, as the Worker builds it. */
export const testLedger = (): Ledger => d1Ledger(ledgerDatabases(ledgerBindings(env)));

/** The D1 database that holds `date`'s day (`DB`, or the day database of its period: vitest.config.ts). */
export function dayDb(date: string): D1Database {
  const { periods } = ledgerBindings(env);
  return periods[periodOf(periods, date)]!.db;
}

/** A player written straight into D1 (no token: tests that call routes make players through the API). */
export async function seedPlayer(name = 'Seeded'): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare('INSERT INTO players (id, name, created_at) VALUES (?, ?, 0)').bind(id, name).run();
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
  const db = dayDb(date);
  const statements = [
    db.prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)').bind(date, playerId),
    db
      .prepare('UPDATE attempts SET total = ?, strokes = ?, finished_at = ? WHERE date = ? AND player_id = ?')
      .bind(
        total,
        JSON.stringify(strokes),
        options.finishedAt ?? Date.parse(`${date}T10:00:00Z`),
        date,
        playerId,
      ),
  ];
  if (options.review)
    statements.push(
      db.prepare('UPDATE attempts SET review = 1 WHERE date = ? AND player_id = ?').bind(date, playerId),
    );
  await db.batch(statements);
}

/** An attempt started and not finished. */
export async function seedStarted(playerId: string, date: string): Promise<void> {
  await dayDb(date)
    .prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)')
    .bind(date, playerId)
    .run();
}
