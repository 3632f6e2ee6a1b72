/**
 * `pnpm --filter @golf/engine bench [-- names… [--options…]]`: runs every `*.bench.ts` in this folder whose
 * name contains one of the names (all of them when none is given), one after the other, each in its own
 * process (so one bench's JIT state does not colour the next). Benches print their own figures. Options
 * (`--courses 100`) go to every bench run. Opt-in benches run only when named: the audit calibration takes
 * hours, the oracle bound about 15 s a round.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const OPT_IN = ['audit.bench.ts', 'oracle.bench.ts'];

const dir = import.meta.dirname;
const args = process.argv.slice(2).filter((a) => a !== '--');
const firstOption = args.findIndex((a) => a.startsWith('--'));
const only = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (only.length === 0 ? !OPT_IN.includes(f) : only.some((o) => f.includes(o))))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n# ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...options], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
if (only.length === 0)
  process.stdout.write(`\n(opt-in, not run: ${OPT_IN.join(', ')}; name one to run it)\n`);
process.exitCode = failed === 0 ? 0 : 1;
