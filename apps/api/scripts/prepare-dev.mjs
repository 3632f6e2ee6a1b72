// Prepares local development: a .dev.vars with the development secret, LOCAL_DEV=1 and the development VAPID keys, and the web build folder
// that the Worker serves as static assets (empty until apps/web is built), so `wrangler dev` starts either way.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const devVars = join(root, '.dev.vars');
if (!existsSync(devVars)) copyFileSync(join(root, '.dev.vars.example'), devVars);
// A .dev.vars from an older checkout lacks LOCAL_DEV, without which the Worker refuses the development secret.
if (!/^LOCAL_DEV=1$/m.test(readFileSync(devVars, 'utf8'))) appendFileSync(devVars, '\nLOCAL_DEV=1\n');
// Nor the development VAPID key pair (Web Push): copy its lines from the example.
if (!/^VAPID_PUBLIC_KEY=/m.test(readFileSync(devVars, 'utf8'))) {
  const vapid = readFileSync(join(root, '.dev.vars.example'), 'utf8').match(/^VAPID_\w+=.*$/gm) ?? [];
  appendFileSync(devVars, `\n${vapid.join('\n')}\n`);
}
mkdirSync(join(root, '..', 'web', 'build'), { recursive: true });
