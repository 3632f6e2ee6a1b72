// Hides the stored names of players and leagues that the name check (docs/names.md) now refuses: names taken before
// the check existed. Reads D1 through `wrangler d1 execute --json`, a page at a time; each name that fails is hidden
// (shown as its stand-in, by `check`, logged in the moderation log, listed for the moderators), unless it was renamed
// or hidden since it was read. Names already hidden are not read again.
//
//   pnpm --filter @golf/api check-names [--remote] [--dry-run]   (default: the local database)
//
// Prints one tab-separated line per refused name (kind, id, name) and a count. With --dry-run nothing changes and
// it exits 1 when any name fails; otherwise it exits 0 once every such name is hidden.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isOffensiveName } from '@golf/contract/name-policy';
import { hideByCheckStatements } from '../src/adapters/d1/moderation.ts';
import { inlineSql } from '../src/adapters/d1/sql-text.ts';
import type { TargetKind } from '../src/ports/moderation.ts';

const root = join(import.meta.dirname, '..');
const where = process.argv.includes('--remote') ? '--remote' : '--local';
const dryRun = process.argv.includes('--dry-run');
const PAGE = 1000;
/** Names hidden per `wrangler d1 execute` (two statements each). */
const HIDE_BATCH = 50;

interface Row {
  readonly id: string;
  readonly name: string;
}

function wrangler(args: readonly string[]): string {
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', where, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed:\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

function query(sql: string): Row[] {
  const [result] = JSON.parse(wrangler(['--json', '--command', sql])) as { results: Row[] }[];
  return result?.results ?? [];
}

const refused: { kind: TargetKind; row: Row }[] = [];
let checked = 0;
for (const kind of ['player', 'league'] as const) {
  const table = kind === 'player' ? 'players' : 'leagues';
  let after = '';
  for (;;) {
    const rows = query(
      inlineSql(
        `SELECT id, name FROM ${table} WHERE id > ?1 AND name_hidden_at IS NULL ORDER BY id LIMIT ${PAGE}`,
        [after],
      ),
    );
    for (const row of rows) {
      checked++;
      if (isOffensiveName(row.name)) {
        refused.push({ kind, row });
        console.log(`${kind}\t${row.id}\t${JSON.stringify(row.name)}`);
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]?.id ?? '';
  }
}
console.log(`${refused.length} of ${checked} shown names fail the name check (${where.slice(2)} database)`);
if (dryRun) process.exit(refused.length > 0 ? 1 : 0);

const now = Date.now();
for (let i = 0; i < refused.length; i += HIDE_BATCH) {
  const sql = refused
    .slice(i, i + HIDE_BATCH)
    .flatMap(({ kind, row }) =>
      hideByCheckStatements(kind).map((text) => inlineSql(text, [kind, row.id, row.name, now])),
    )
    .join(';\n');
  wrangler(['--command', sql]);
}
if (refused.length > 0) console.log(`hid ${refused.length} names (shown as stand-ins, listed for the moderators)`);
