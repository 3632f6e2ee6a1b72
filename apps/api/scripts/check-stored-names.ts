// Lists the players and leagues whose stored name the name check (docs/names.md) now refuses: names taken before
// the check existed. Reads D1 through `wrangler d1 execute --json`, a page at a time, and changes nothing.
//
//   pnpm --filter @golf/api check-names [--remote]   (default: the local database)
//
// Prints one tab-separated line per refused name (kind, id, name) and a count; exits 1 when there is any.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isOffensiveName } from '@golf/contract/name-policy';

const root = join(import.meta.dirname, '..');
const where = process.argv.includes('--remote') ? '--remote' : '--local';
const PAGE = 1000;

interface Row {
  readonly id: string;
  readonly name: string;
}

function query(sql: string): Row[] {
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', where, '--json', '--command', sql], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed:\n${r.stderr}${r.stdout}`);
  const [result] = JSON.parse(r.stdout) as { results: Row[] }[];
  return result?.results ?? [];
}

let refused = 0;
let checked = 0;
for (const table of ['players', 'leagues'] as const) {
  let after = '';
  for (;;) {
    const quoted = after.replaceAll("'", "''");
    const rows = query(`SELECT id, name FROM ${table} WHERE id > '${quoted}' ORDER BY id LIMIT ${PAGE}`);
    for (const { id, name } of rows) {
      checked++;
      if (isOffensiveName(name)) {
        refused++;
        console.log(`${table === 'players' ? 'player' : 'league'}\t${id}\t${JSON.stringify(name)}`);
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]?.id ?? '';
  }
}
console.log(`${refused} of ${checked} stored names fail the name check (${where.slice(2)} database)`);
process.exit(refused > 0 ? 1 : 0);
