// A dry run of `pnpm run deploy` (scripts/deploy.mjs) against a stand-in `wrangler` and `pnpm` put first on PATH:
// they answer as a Cloudflare account in a given state would and record every call, so the test sees what the
// script would do to a real account, with no account and no network. Run by `pnpm --filter @golf/api bundle`
// (part of `pnpm test`), after the real `wrangler deploy --dry-run` of scripts/check-bundle.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse as parseJsonc } from 'jsonc-parser';

const api = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'golf-deploy-'));
after(() => rmSync(work, { recursive: true, force: true }));

const NEW_ID = '3f0c9a1e-7b2d-4c5e-9f10-2a3b4c5d6e7f';
const ONE = { id: 'a1'.repeat(16), name: 'Golf' };
const TWO = { id: 'b2'.repeat(16), name: 'Agency' };

/** The stand-in wrangler: answers from the state file, appends each call (and the account it ran for) to a log. */
const FAKE_WRANGLER = `#!/usr/bin/env node
const fs = require('node:fs');
const state = JSON.parse(fs.readFileSync(process.env.FAKE_STATE, 'utf8'));
const args = process.argv.slice(2);
fs.appendFileSync(state.log, JSON.stringify({ cmd: 'wrangler', args, account: process.env.CLOUDFLARE_ACCOUNT_ID ?? null }) + '\\n');
const say = (value) => process.stdout.write(typeof value === 'string' ? value : JSON.stringify(value));
const is = (...words) => words.every((w, i) => args[i] === w);
if (is('--version')) say('4.86.0\\n');
else if (is('whoami', '--json')) {
  say(state.loggedIn ? { loggedIn: true, authType: 'OAuth Token', email: 'a@b.c', accounts: state.accounts } : { loggedIn: false });
  process.exitCode = state.loggedIn ? 0 : 1;
} else if (is('d1', 'list', '--json')) say(state.databases);
else if (is('d1', 'create')) say("Successfully created DB '" + args[2] + "'\\n  database_id = \\"" + state.newId + '"\\n');
else if (is('d1', 'migrations', 'apply') && args[4] === '--remote') say('Migrations applied to ' + args[3] + '\\n');
else if (is('queues', 'info')) process.exitCode = state.queues.includes(args[2]) ? 0 : 1;
else if (is('queues', 'create')) say('Created queue ' + args[2] + '\\n');
else if (is('r2', 'bucket', 'info')) process.exitCode = state.buckets.includes(args[3]) ? 0 : 1;
else if (is('r2', 'bucket', 'create')) say('Created bucket ' + args[3] + '\\n');
else if (is('secret', 'list')) say(state.secrets.map((name) => ({ name, type: 'secret_text' })));
else if (is('deploy')) say('Deployed golf-daily\\n');
else { process.stderr.write('unexpected call: ' + args.join(' ') + '\\n'); process.exitCode = 2; }
`;

const FAKE_PNPM = `#!/usr/bin/env node
const fs = require('node:fs');
const state = JSON.parse(fs.readFileSync(process.env.FAKE_STATE, 'utf8'));
fs.appendFileSync(state.log, JSON.stringify({ cmd: 'pnpm', args: process.argv.slice(2) }) + '\\n');
`;

const bin = join(work, 'bin');
mkdirSync(bin);
for (const [name, text] of [
  ['wrangler', FAKE_WRANGLER],
  ['pnpm', FAKE_PNPM],
]) {
  writeFileSync(join(bin, name), text);
  chmodSync(join(bin, name), 0o755);
}

let runs = 0;

/**
 * Runs the deploy script from a copy of apps/api (so the database id it records lands in the copy), against an
 * account in `state`. `config` rewrites the copy's wrangler.jsonc first.
 */
function deploy(state, { env = {}, config = (text) => text } = {}) {
  const dir = join(work, `run-${++runs}`);
  const copy = join(dir, 'apps', 'api');
  mkdirSync(join(copy, 'scripts'), { recursive: true });
  copyFileSync(join(api, 'scripts', 'deploy.mjs'), join(copy, 'scripts', 'deploy.mjs'));
  copyFileSync(join(api, 'package.json'), join(copy, 'package.json'));
  writeFileSync(join(copy, 'wrangler.jsonc'), config(readFileSync(join(api, 'wrangler.jsonc'), 'utf8')));
  symlinkSync(join(api, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const log = join(dir, 'calls.jsonl');
  writeFileSync(log, '');
  const stateFile = join(dir, 'state.json');
  writeFileSync(
    stateFile,
    JSON.stringify({
      log,
      newId: NEW_ID,
      loggedIn: true,
      accounts: [ONE],
      databases: [],
      queues: [],
      buckets: [],
      secrets: ['DAILY_SECRET'],
      ...state,
    }),
  );
  const { CLOUDFLARE_ACCOUNT_ID: _a, CLOUDFLARE_API_TOKEN: _t, GOLF_DOMAIN: _d, ...base } = process.env;
  const result = spawnSync(process.execPath, [join(copy, 'scripts', 'deploy.mjs')], {
    encoding: 'utf8',
    env: { ...base, ...env, FAKE_STATE: stateFile, PATH: `${bin}${delimiter}${process.env.PATH}` },
  });
  const calls = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return {
    status: result.status,
    out: result.stdout + result.stderr,
    calls,
    /** The wrangler calls, as command lines. */
    lines: calls.map((c) => `${c.cmd} ${c.args.join(' ')}`),
    config: readFileSync(join(copy, 'wrangler.jsonc'), 'utf8'),
  };
}

describe('pnpm run deploy, against a stand-in wrangler', () => {
  it('stops when wrangler is logged out (whoami --json fails), before touching anything', () => {
    const r = deploy({ loggedIn: false });
    assert.equal(r.status, 1);
    assert.match(r.out, /wrangler is not logged in/);
    assert.deepEqual(r.lines, ['wrangler --version', 'wrangler whoami --json']);
  });

  it('asks which account when the login reaches several, and refuses one it does not reach', () => {
    const several = deploy({ accounts: [ONE, TWO] });
    assert.equal(several.status, 1);
    assert.match(several.out, /reaches 2 accounts/);
    assert.match(several.out, new RegExp(`CLOUDFLARE_ACCOUNT_ID=${ONE.id}`));
    assert.match(several.out, new RegExp(TWO.id));
    assert.deepEqual(several.lines, ['wrangler --version', 'wrangler whoami --json']);
    const stranger = deploy({ accounts: [ONE, TWO] }, { env: { CLOUDFLARE_ACCOUNT_ID: 'c3'.repeat(16) } });
    assert.equal(stranger.status, 1);
    assert.match(stranger.out, /is not one of the accounts/);
  });

  it('refuses a GOLF_DOMAIN that is not a host name', () => {
    const r = deploy({}, { env: { GOLF_DOMAIN: 'https://golf.example.com/' } });
    assert.equal(r.status, 1);
    assert.match(r.out, /GOLF_DOMAIN must be a host name/);
    assert.deepEqual(r.calls, []);
  });

  it('creates what is missing, named as wrangler.jsonc names it, and deploys on the custom domain', () => {
    const r = deploy(
      {},
      {
        env: { GOLF_DOMAIN: 'Golf.Example.com' },
        // The queue, its dead-letter queue and the bucket as the configuration names them.
        config: (text) =>
          text.replace(
            /\n}\s*$/,
            `,
  "queues": {
    "producers": [{ "binding": "AUDIT_QUEUE", "queue": "audit-q" }],
    "consumers": [{ "queue": "audit-q", "dead_letter_queue": "audit-dead" }],
  },
  "r2_buckets": [{ "binding": "ARCHIVE", "bucket_name": "archive-b" }],
}
`,
          ),
      },
    );
    assert.equal(r.status, 0, r.out);
    assert.deepEqual(r.lines, [
      'wrangler --version',
      'wrangler whoami --json',
      'wrangler secret list --format json --name golf-daily',
      'wrangler d1 list --json',
      'wrangler d1 create golf-daily',
      'wrangler d1 migrations apply DB --remote',
      'wrangler queues info audit-dead',
      'wrangler queues create audit-dead',
      'wrangler queues info audit-q',
      'wrangler queues create audit-q',
      'wrangler r2 bucket info archive-b --json',
      'wrangler r2 bucket create archive-b',
      'pnpm turbo run build --filter=@golf/web',
      'wrangler deploy --domain golf.example.com --var RP_ID:golf.example.com --var RP_ORIGIN:https://golf.example.com',
    ]);
    // Every call after the login check runs for the login's one account.
    for (const call of r.calls.slice(2).filter((c) => c.cmd === 'wrangler'))
      assert.equal(call.account, ONE.id);
    // The real database id is recorded; the local database keeps its own key.
    assert.match(r.config, new RegExp(`"database_id": "${NEW_ID}"`));
    assert.match(r.config, /"preview_database_id": "00000000-0000-0000-0000-000000000000"/);
  });

  it('creates nothing that exists, uses the account it is given, and says what workers.dev lacks', () => {
    const r = deploy(
      {
        accounts: [ONE, TWO],
        databases: [{ name: 'golf-daily', uuid: NEW_ID }],
        queues: ['golf-audit', 'golf-audit-dlq'],
        buckets: ['golf-archive'],
      },
      { env: { CLOUDFLARE_ACCOUNT_ID: TWO.id } },
    );
    assert.equal(r.status, 0, r.out);
    assert.equal(r.lines.filter((l) => / create /.test(l)).length, 0);
    assert.ok(r.lines.includes('wrangler queues info golf-audit'));
    assert.ok(r.lines.includes('wrangler r2 bucket info golf-archive --json'));
    assert.equal(r.lines.at(-1), 'wrangler deploy');
    for (const call of r.calls.filter((c) => c.cmd === 'wrangler')) assert.equal(call.account, TWO.id);
    assert.match(r.out, /workers\.dev, where the Cache API does nothing/);
  });

  it('creates, records and migrates each day database wrangler.jsonc declares', () => {
    const OLD_ID = '11111111-2222-4333-8444-555555555555';
    const r = deploy(
      { databases: [{ name: 'golf-daily', uuid: OLD_ID }] },
      {
        config: (text) =>
          text
            .replace(
              /"d1_databases": \[/,
              `"d1_databases": [
    {
      "binding": "DAYS_2027_01",
      "database_name": "golf-daily-2027-01",
      "database_id": "00000000-0000-0000-0000-000000000000",
      "migrations_dir": "migrations-days",
    },`,
            )
            .replace(
              /\n}\s*$/,
              `,\n  "vars": { "DAY_DATABASES": [{ "from": "2027-01-01", "binding": "DAYS_2027_01" }] },\n}\n`,
            ),
      },
    );
    assert.equal(r.status, 0, r.out);
    assert.deepEqual(
      r.lines.filter((l) => l.startsWith('wrangler d1')),
      [
        'wrangler d1 list --json',
        'wrangler d1 create golf-daily-2027-01',
        'wrangler d1 migrations apply DAYS_2027_01 --remote',
        'wrangler d1 migrations apply DB --remote',
      ],
    );
    // Each id in its own entry.
    const ids = parseJsonc(r.config, [], { allowTrailingComma: true }).d1_databases.map((d) => d.database_id);
    assert.deepEqual(ids, [NEW_ID, OLD_ID]);
  });

  it('stops before creating anything when DAY_DATABASES names a database wrangler.jsonc lacks', () => {
    const r = deploy(
      {},
      {
        config: (text) =>
          text.replace(
            /\n}\s*$/,
            `,\n  "vars": { "DAY_DATABASES": "[{\\"from\\":\\"2027-01-01\\",\\"binding\\":\\"DAYS_X\\"}]" },\n}\n`,
          ),
      },
    );
    assert.equal(r.status, 1);
    assert.match(r.out, /DAY_DATABASES names DAYS_X/);
    assert.equal(r.lines.filter((l) => l.startsWith('wrangler d1')).length, 0);
  });

  it('stops before creating anything when the Worker has no DAILY_SECRET', () => {
    const r = deploy({ secrets: [] });
    assert.equal(r.status, 1);
    assert.match(r.out, /the Worker has no DAILY_SECRET/);
    assert.equal(r.lines.at(-1), 'wrangler secret list --format json --name golf-daily');
  });
});
