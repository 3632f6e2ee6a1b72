#!/usr/bin/env node
// End-to-end run: build the web, start the API Worker (which serves the build) on a fresh local D1 and a free
// port, wait for /api/health, run Playwright against it, always stop the server, exit with Playwright's code.
// Extra arguments go to `playwright test` (e.g. `pnpm test:e2e -- e2e/daily.e2e.ts`).
// E2E_SKIP_BUILD=1 reuses an existing build/.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { testChromium } from './chromium.mjs';
import { bin, buildWeb, env, run, startServer, web } from './local-server.mjs';

const log = (msg) => console.log(`[e2e] ${msg}`);

/** The moderator of the run (MODERATOR_IDS): e2e/moderation.e2e.ts seeds this player and a token of its own. */
const MODERATOR_ID = '00000000-0000-4000-8000-00000000e2e0';

if (testChromium() === undefined) {
  log("no system Chromium: installing Playwright's own");
  run(bin(web, 'playwright'), ['install', 'chromium'], web);
}

/**
 * What the Worker logged of each error it answered with a 500 (apps/api/src/app.ts logs 'unhandled error' and its
 * stack): a 500 is a bug even when Playwright's retry then passed the test, so the run shows it either way.
 */
function unhandledErrors(persist) {
  const file = join(persist, 'server.log');
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, i) =>
    line.includes('unhandled error') ? [lines.slice(i, i + 12).join('\n')] : [],
  );
}

const started = Date.now();

if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(web, 'build', 'index.html'))) {
  log('building the web');
  buildWeb();
}

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
    server?.kill();
    process.exit(130);
  });
}
try {
  // A fresh temporary D1, a snapshot of the build and a free port (scripts/local-server.mjs).
  server = await startServer({ prefix: 'golf-e2e-', log, vars: { MODERATOR_IDS: MODERATOR_ID } });
  log(`server up after ${((Date.now() - started) / 1000).toFixed(1)} s; running Playwright`);
  const pw = (runner = spawn(bin(web, 'playwright'), ['test', ...process.argv.slice(2)], {
    cwd: web,
    // E2E_PERSIST_DIR lets a test seed the local D1 (e.g. a finished round on a closed day).
    env: {
      ...env,
      E2E_BASE_URL: server.origin,
      E2E_OUTPUT_DIR: output,
      E2E_PERSIST_DIR: server.persist,
      E2E_MODERATOR_ID: MODERATOR_ID,
    },
    stdio: 'inherit',
  }));
  code = await new Promise((res) => pw.on('exit', (status) => res(status ?? 1)));
} catch (e) {
  console.error(`[e2e] ${e instanceof Error ? e.message : String(e)}`);
  code = 1;
} finally {
  if (code !== 0 && server) log(`server log tail:\n${server.logTail().slice(-2000)}`);
  if (server)
    for (const report of unhandledErrors(server.persist)) log(`the Worker answered a 500:\n${report}`);
  await server?.stop();
  if (code === 0) rmSync(output, { recursive: true, force: true });
  else if (existsSync(output)) log(`traces and failure context: ${output}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${code}`);
}
process.exit(code);
