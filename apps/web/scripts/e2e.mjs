#!/usr/bin/env node
// End-to-end run: build the web, start the API Worker (which serves the build) on a fresh local D1 and a free
// port, wait for /api/health, run Playwright against it, always stop the server, exit with Playwright's code.
// Extra arguments go to `playwright test` (e.g. `pnpm test:e2e -- e2e/daily.e2e.ts`).
// E2E_SKIP_BUILD=1 reuses an existing build/.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const web = resolve(import.meta.dirname, '..');
const api = resolve(web, '../api');
const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' };
const log = (msg) => console.log(`[e2e] ${msg}`);

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

function stop(server) {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve();
  return new Promise((res) => {
    const kill = (signal) => {
      try {
        process.kill(-server.pid, signal); // the whole process group: wrangler and its workerd
      } catch {
        // already gone
      }
    };
    const hard = setTimeout(() => kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(hard);
      res();
    });
    kill('SIGTERM');
  });
}

const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(systemChromium)) {
  log(`no system Chromium at ${systemChromium}: installing Playwright's own`);
  run(bin(web, 'playwright'), ['install', 'chromium'], web);
}

const started = Date.now();
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(web, 'build', 'index.html'))) {
  log('building the web');
  run(bin(web, 'vite'), ['build', '--logLevel', 'warn'], web);
}

const persist = mkdtempSync(join(tmpdir(), 'golf-e2e-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const serverLog = join(persist, 'server.log');
// Each run keeps its traces apart, so two runs at once never delete each other's files.
const output = join(web, 'test-results', `run-${process.pid}`);
let server = null;
let runner = null;
let code = 1;
// Ctrl-C or a CI timeout: stop the server (its own process group) before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping the tests and the server`);
    runner?.kill(signal);
    if (server?.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(persist, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  // The same steps as the API's `start` script: its local preparation (the development secret), then the
  // migrations and `wrangler dev`, but on a fresh temporary D1 and a free port.
  const prepare = join(api, 'scripts', 'prepare-dev.mjs');
  if (existsSync(prepare)) run(process.execPath, [prepare], api);
  log('applying migrations to a fresh local D1');
  run(bin(api, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], api);
  // Serve a snapshot of the build, so a rebuild elsewhere during the run cannot pull pages away.
  const site = join(persist, 'site');
  cpSync(join(web, 'build'), site, { recursive: true });
  log(`starting the API Worker on ${origin}`);
  const out = openSync(serverLog, 'a');
  // The API's local server front (scripts/serve.mjs), as `pnpm start` runs it.
  server = spawn(
    process.execPath,
    [join(api, 'scripts', 'serve.mjs'), '--port', String(port), '--persist-to', persist, '--assets', site],
    { cwd: api, env, detached: true, stdio: ['ignore', out, out] },
  );
  await waitForHealth(`${origin}/api/health`, server, 90_000);
  log(`server up after ${((Date.now() - started) / 1000).toFixed(1)} s; running Playwright`);
  const pw = (runner = spawn(bin(web, 'playwright'), ['test', ...process.argv.slice(2)], {
    cwd: web,
    // E2E_PERSIST_DIR lets a test seed the local D1 (e.g. a finished round on a closed day).
    env: { ...env, E2E_BASE_URL: origin, E2E_OUTPUT_DIR: output, E2E_PERSIST_DIR: persist },
    stdio: 'inherit',
  }));
  code = await new Promise((res) => pw.on('exit', (status) => res(status ?? 1)));
} catch (e) {
  console.error(`[e2e] ${e instanceof Error ? e.message : String(e)}`);
  if (existsSync(serverLog)) console.error(readFileSync(serverLog, 'utf8').slice(-4000));
  code = 1;
} finally {
  if (server) await stop(server);
  if (code !== 0 && existsSync(serverLog)) log(`server log tail:\n${readFileSync(serverLog, 'utf8').slice(-2000)}`);
  rmSync(persist, { recursive: true, force: true });
  if (code === 0) rmSync(output, { recursive: true, force: true });
  else if (existsSync(output)) log(`traces and failure context: ${output}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${code}`);
}
process.exit(code);
