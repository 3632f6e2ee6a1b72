// `pnpm run deploy` (from the repository root): takes a Cloudflare account from nothing to a running Golf Daily.
// docs/deploy.md explains each step. It stops at the first problem, saying what to do.
//
// 1. checks that wrangler is logged in (`wrangler whoami --json`, which fails when it is not) and picks the
//    account: CLOUDFLARE_ACCOUNT_ID, or the login's only account (a login that reaches several must say which);
// 2. refuses to go on unless the Worker has a DAILY_SECRET secret (the Worker itself also refuses to serve a
//    course with a missing, short or development secret);
// 3. creates the D1 database `golf-daily` if the account has none, and records its id in wrangler.jsonc; the same
//    for each day database wrangler.jsonc declares (docs/scale.md, "A year at 1 M finishers a day"), after
//    checking that `DAY_DATABASES` names only those;
// 4. applies the migrations to the remote databases (`migrations/` to DB, `migrations-days/` to a day database);
// 5. creates the audit queue, its dead-letter queue and the archive bucket if they are missing (their names are
//    read from wrangler.jsonc, the one place they are set);
// 6. builds the web and deploys the Worker (the cron trigger, the attempt objects' migration and the static site
//    come with it), on the custom domain GOLF_DOMAIN when it is set.
//
// Commands are found on PATH (wrangler falls back to this package's own), so a test can stand in for them.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { applyEdits, modify, parse as parseJsonc } from 'jsonc-parser';

const root = join(import.meta.dirname, '..');
const repo = join(root, '..', '..');
const config = join(root, 'wrangler.jsonc');
const DATABASE = 'golf-daily';
const WORKER = 'golf-daily';
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';
/** The names used when wrangler.jsonc does not name them (bindings AUDIT_QUEUE and ARCHIVE). */
const DEFAULTS = { queue: 'golf-audit', deadLetter: 'golf-audit-dlq', bucket: 'golf-archive' };

const env = {
  ...process.env,
  PATH: `${process.env.PATH ?? ''}${delimiter}${join(root, 'node_modules', '.bin')}`,
  WRANGLER_SEND_METRICS: 'false',
};

function run(command, args, { cwd = root, capture = false, allowFail = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    env,
  });
  if (result.error) stop(`\`${command}\` could not be run: ${result.error.message}`);
  if (result.status !== 0 && !allowFail) {
    if (capture) console.error(result.stdout, result.stderr);
    stop(`\`${command} ${args.join(' ')}\` failed`);
  }
  return result;
}

const wrangler = (args, options) => run('wrangler', args, options);
const succeeds = (args) => wrangler(args, { capture: true, allowFail: true }).status === 0;

function stop(message) {
  console.error(`\ndeploy stopped: ${message}`);
  process.exit(1);
}

const step = (text) => console.log(`\n== ${text}`);

/** The custom domain to serve on, if any: a bare host name (no scheme, port or path). */
function domainOf(text) {
  if (text === undefined || text === '') return null;
  const host = text.trim().toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host))
    stop(
      `GOLF_DOMAIN must be a host name such as golf.example.com (no https://, port or path), not "${text}"`,
    );
  return host;
}

const domain = domainOf(process.env.GOLF_DOMAIN);

step('1/6 Cloudflare account');
const version = wrangler(['--version'], { capture: true, allowFail: true }).stdout?.trim() ?? '';
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.wrangler;
if (!version.includes(pinned))
  console.warn(
    `warning: wrangler ${version || '(unknown version)'} found on PATH; this project pins ${pinned}`,
  );
// `wrangler whoami` exits 0 when logged out; with --json it prints {"loggedIn":false} and exits non-zero.
const whoami = wrangler(['whoami', '--json'], { capture: true, allowFail: true });
let user = null;
try {
  user = JSON.parse(whoami.stdout);
} catch {
  // not JSON: not logged in, or an old wrangler
}
if (whoami.status !== 0 || user?.loggedIn !== true)
  stop(
    'wrangler is not logged in. Run `pnpm --filter @golf/api exec wrangler login`, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.',
  );
const accounts = Array.isArray(user.accounts) ? user.accounts : [];
const listed = accounts.map((a) => `  ${a.id}  ${a.name}`).join('\n');
if (process.env.CLOUDFLARE_ACCOUNT_ID) {
  const chosen = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (accounts.length > 0 && !accounts.some((a) => a.id === chosen))
    stop(`CLOUDFLARE_ACCOUNT_ID=${chosen} is not one of the accounts this login reaches:\n${listed}`);
  console.log(`account ${chosen} (CLOUDFLARE_ACCOUNT_ID)`);
} else if (accounts.length === 1) {
  env.CLOUDFLARE_ACCOUNT_ID = accounts[0].id;
  console.log(`account ${accounts[0].id} (${accounts[0].name}), the only one this login reaches`);
} else
  stop(
    accounts.length === 0
      ? 'this login lists no account: set CLOUDFLARE_ACCOUNT_ID to the account to deploy to.'
      : `this login reaches ${accounts.length} accounts; say which one to deploy to, e.g.\n  CLOUDFLARE_ACCOUNT_ID=${accounts[0].id} pnpm run deploy\n${listed}`,
  );

step('2/6 DAILY_SECRET');
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

// wrangler.jsonc is JSON with comments and trailing commas: read it with the parser wrangler itself uses.
function readConfig() {
  const errors = [];
  const parsed = parseJsonc(readFileSync(config, 'utf8'), errors, { allowTrailingComma: true });
  if (errors.length > 0) stop(`apps/api/wrangler.jsonc does not parse (at offset ${errors[0].offset})`);
  return parsed;
}
const rawConfig = readConfig();
const d1 = rawConfig.d1_databases ?? [];
const days = d1.filter((db) => db.binding !== 'DB');
for (const db of days)
  if (db.migrations_dir !== 'migrations-days')
    stop(`the day database ${db.binding} must have "migrations_dir": "migrations-days" in wrangler.jsonc`);
let periods = rawConfig.vars?.DAY_DATABASES ?? [];
if (typeof periods === 'string') periods = periods === '' ? [] : JSON.parse(periods);
for (const period of periods)
  if (!days.some((db) => db.binding === period.binding))
    stop(`DAY_DATABASES names ${period.binding}, which wrangler.jsonc does not declare in d1_databases`);

step(`3/6 D1 databases`);
const list = JSON.parse(wrangler(['d1', 'list', '--json'], { capture: true }).stdout);
for (const [index, db] of d1.entries()) {
  const name = db.binding === 'DB' ? DATABASE : db.database_name;
  let id = list.find((found) => found.name === name)?.uuid;
  if (id) console.log(`found ${name}: ${id}`);
  else {
    const created = wrangler(['d1', 'create', name], { capture: true });
    id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(created.stdout)?.[1];
    if (!id) stop(`created ${name}, but could not read its id from:\n${created.stdout}`);
    console.log(`created ${name}: ${id}`);
  }
  if (id === PLACEHOLDER) stop(`the id of ${name} is the placeholder`);
  const text = readFileSync(config, 'utf8');
  const recorded = applyEdits(text, modify(text, ['d1_databases', index, 'database_id'], id, {}));
  if (recorded !== text) {
    writeFileSync(config, recorded);
    console.log(
      `recorded the id of ${name} in apps/api/wrangler.jsonc (commit it; local development keeps its own database, keyed by preview_database_id)`,
    );
  }
}

step('4/6 migrations (remote)');
for (const db of d1) wrangler(['d1', 'migrations', 'apply', db.binding, '--remote']);

step('5/6 audit queue and archive bucket');
const producer = rawConfig.queues?.producers?.find((p) => p.binding === 'AUDIT_QUEUE');
const queue = producer?.queue ?? DEFAULTS.queue;
const consumer = rawConfig.queues?.consumers?.find((c) => c.queue === queue);
const deadLetter = consumer?.dead_letter_queue ?? DEFAULTS.deadLetter;
const bucket = rawConfig.r2_buckets?.find((b) => b.binding === 'ARCHIVE')?.bucket_name ?? DEFAULTS.bucket;
for (const name of [deadLetter, queue]) {
  if (succeeds(['queues', 'info', name])) console.log(`found queue ${name}`);
  else {
    wrangler(['queues', 'create', name]);
    console.log(`created queue ${name}`);
  }
}
if (succeeds(['r2', 'bucket', 'info', bucket, '--json'])) console.log(`found bucket ${bucket}`);
else {
  const created = wrangler(['r2', 'bucket', 'create', bucket], { capture: true, allowFail: true });
  if (created.status !== 0)
    stop(
      `could not create the R2 bucket ${bucket}:\n${created.stdout}${created.stderr}\n` +
        'R2 must be turned on once for the account in the Cloudflare dashboard (R2 Object Storage) before a bucket can be created.',
    );
  console.log(`created bucket ${bucket}`);
}

step(`6/6 build and deploy${domain ? ` on ${domain}` : ''}`);
run('pnpm', ['turbo', 'run', 'build', '--filter=@golf/web'], { cwd: repo });
// A custom domain also binds passkeys to it, and turns the workers.dev address off (wrangler does so when a
// deployment has routes and wrangler.jsonc does not set workers_dev).
const onDomain = domain
  ? ['--domain', domain, '--var', `RP_ID:${domain}`, '--var', `RP_ORIGIN:https://${domain}`]
  : [];
wrangler(['deploy', ...onDomain]);
const base = domain ? `https://${domain}` : 'https://golf-daily.<your-subdomain>.workers.dev';
console.log(`\ndeployed. Check it: curl ${base}/api/health, then ${base}/api/daily`);
if (!domain)
  console.log(
    'Without GOLF_DOMAIN the Worker is served on workers.dev, where the Cache API does nothing: every standings\n' +
      'read reaches D1. Set GOLF_DOMAIN to a host name in one of your Cloudflare zones (docs/deploy.md).',
  );
console.log(
  'Read replicas serve the standings once read replication is on for golf-daily (dashboard: D1, golf-daily, Settings).',
);
