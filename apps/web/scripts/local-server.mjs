// The API Worker (which serves the web's build) on a fresh local D1 and a free port, for scripts that need a whole
// running product and must never touch the developer's own `pnpm start` on 8787: the same steps as the API's
// `start` script (its local preparation, the migrations, its local front `scripts/serve.mjs`), in a temporary
// folder that `stop()` removes.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const web = resolve(import.meta.dirname, '..');
export const api = resolve(web, '../api');
export const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);
export const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  NO_COLOR: '1',
};

/** Runs a command to its end with inherited output; throws unless it exits 0. */
export function run(cmd, args, cwd, stdio = 'inherit') {
  const r = spawnSync(cmd, args, { cwd, env, stdio, encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}\n${r.stderr ?? ''}`);
  return r;
}

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export function freePort() {
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

/** Builds the web with Vite (quietly). */
export function buildWeb() {
  run(bin(web, 'vite'), ['build', '--logLevel', 'warn'], web);
}

/**
 * Starts the Worker on a fresh temporary D1 and a free port, serving a snapshot of `build/` (so a rebuild
 * elsewhere cannot pull pages away mid-run), with `vars` as Worker variables besides `.dev.vars`. Resolves once
 * /api/health answers. `stop()` ends the server's whole process group (the front, wrangler and workerd) and
 * removes the temporary folder; it is safe to call twice.
 */
export async function startServer({ prefix = 'golf-local-', log = () => {}, vars = {} } = {}) {
  if (!existsSync(join(web, 'build', 'index.html'))) throw new Error('no web build: build it first');
  const persist = mkdtempSync(join(tmpdir(), prefix));
  const serverLog = join(persist, 'server.log');
  let server = null;
  const stop = async () => {
    if (server && server.exitCode === null && server.pid !== undefined) {
      await new Promise((res) => {
        const kill = (signal) => {
          try {
            process.kill(-server.pid, signal); // the whole process group: the front, wrangler and its workerd
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
    rmSync(persist, { recursive: true, force: true });
  };
  /** For a signal handler: no waiting. */
  const kill = () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(persist, { recursive: true, force: true });
  };
  try {
    const prepare = join(api, 'scripts', 'prepare-dev.mjs');
    if (existsSync(prepare)) run(process.execPath, [prepare], api);
    log('applying migrations to a fresh local D1');
    run(
      bin(api, 'wrangler'),
      ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
      api,
      'pipe',
    );
    const site = join(persist, 'site');
    cpSync(join(web, 'build'), site, { recursive: true });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    log(`starting the API Worker on ${origin}`);
    const out = openSync(serverLog, 'a');
    // Variables of this run only (e.g. MODERATOR_IDS), in an env file read after .dev.vars, so they win.
    const extra = Object.entries(vars);
    const varsFile = join(persist, 'run.env');
    if (extra.length > 0)
      writeFileSync(varsFile, extra.map(([k, v]) => `${k}=${v}\n`).join(''), { mode: 0o600 });
    server = spawn(
      process.execPath,
      [
        join(api, 'scripts', 'serve.mjs'),
        '--port',
        String(port),
        '--persist-to',
        persist,
        '--assets',
        site,
        ...(extra.length > 0 ? ['--env-file', varsFile] : []),
      ],
      { cwd: api, env, detached: true, stdio: ['ignore', out, out] },
    );
    await waitForHealth(`${origin}/api/health`, server, 90_000);
    return { origin, persist, stop, kill, logTail: () => readFileSync(serverLog, 'utf8').slice(-4000) };
  } catch (e) {
    const tail = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').slice(-4000) : '';
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}${tail ? `\n${tail}` : ''}`);
  }
}
