// Prepares local development: a .dev.vars with the development secret, and the web build folder that the
// Worker serves as static assets (empty until apps/web is built), so `wrangler dev` starts either way.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const devVars = join(root, '.dev.vars');
if (!existsSync(devVars)) copyFileSync(join(root, '.dev.vars.example'), devVars);
mkdirSync(join(root, '..', 'web', 'build'), { recursive: true });
