/**
 * `pnpm --filter @golf/engine bench`: runs every `*.bench.ts` in this folder, one after the other, each in its
 * own process (so one bench's JIT state does not colour the next). Benches print their own figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n# ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
