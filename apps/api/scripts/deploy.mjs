// `pnpm run deploy` (from the repository root): takes a Cloudflare account from nothing to a running Golf Daily.
// docs/deploy.md explains each step. It stops at the first problem, saying what to do.
//
// 1. checks that wrangler is logged in (`wrangler login`, or CLOUDFLARE_API_TOKEN + CLOUDFLARE_ACCOUNT_ID);
// 2. creates the D1 database `golf-daily` if the account has none, and records its id in wrangler.jsonc;
// 3. applies the migrations to the remote database;
// 4. refuses to go on unless the Worker has a DAILY_SECRET secret (the Worker itself also refuses to serve a
//    course with a missing, short or development secret);
// 5. builds the web and deploys the Worker (the cron trigger, the attempt objects' migration and the static site
//    come with it).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const repo = join(root, '..', '..');
const config = join(root, 'wrangler.jsonc');
const DATABASE = 'golf-daily';
const WORKER = 'golf-daily';
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';

function run(command, args, { cwd = root, capture = false, allowFail = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0 && !allowFail) {
    if (capture) console.error(result.stdout, result.stderr);
    stop(`\`${command} ${args.join(' ')}\` failed`);
  }
  return result;
}

const wrangler = (args, options) => run(join(root, 'node_modules', '.bin', 'wrangler'), args, options);

function stop(message) {
  console.error(`\ndeploy stopped: ${message}`);
  process.exit(1);
}

const step = (text) => console.log(`\n== ${text}`);

step('1/5 Cloudflare account');
if (wrangler(['whoami'], { capture: true, allowFail: true }).status !== 0)
  stop(
    'wrangler is not logged in. Run `pnpm --filter @golf/api exec wrangler login`, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.',
  );

step(`2/5 D1 database "${DATABASE}"`);
const list = JSON.parse(wrangler(['d1', 'list', '--json'], { capture: true }).stdout);
let id = list.find((db) => db.name === DATABASE)?.uuid;
if (id) console.log(`found ${DATABASE}: ${id}`);
else {
  const created = wrangler(['d1', 'create', DATABASE], { capture: true });
  id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(created.stdout)?.[1];
  if (!id) stop(`created ${DATABASE}, but could not read its id from:\n${created.stdout}`);
  console.log(`created ${DATABASE}: ${id}`);
}
const text = readFileSync(config, 'utf8');
const recorded = text.replace(/"database_id":\s*"[^"]*"/, `"database_id": "${id}"`);
if (recorded !== text) {
  writeFileSync(config, recorded);
  console.log(`recorded the id in apps/api/wrangler.jsonc (commit it; local development ignores it)`);
}
if (id === PLACEHOLDER) stop('the database id is still the placeholder');

step('3/5 migrations (remote)');
wrangler(['d1', 'migrations', 'apply', 'DB', '--remote']);

step('4/5 DAILY_SECRET');
const secrets = wrangler(['secret', 'list', '--format', 'json', '--name', WORKER], {
  capture: true,
  allowFail: true,
});
let names = [];
try {
  names = JSON.parse(secrets.stdout).map((s) => s.name);
} catch {
  // No Worker yet: it has no secrets either.
}
if (!names.includes('DAILY_SECRET'))
  stop(
    'the Worker has no DAILY_SECRET. Create one (it also creates the Worker if needed):\n' +
      "  node -e \"console.log(require('crypto').randomBytes(48).toString('base64url'))\" | pnpm --filter @golf/api exec wrangler secret put DAILY_SECRET\n" +
      'It must be at least 32 bytes and never the development value; keep a copy somewhere safe (it keys every course).',
  );
console.log(
  'DAILY_SECRET is set (its value is never readable; the Worker refuses a weak one with 503 ERR_UNAVAILABLE)',
);

step('5/5 build and deploy');
run('pnpm', ['turbo', 'run', 'build', '--filter=@golf/web'], { cwd: repo });
wrangler(['deploy']);
console.log('\ndeployed. Check it: curl https://<your-worker>.workers.dev/api/health, then /api/daily');
