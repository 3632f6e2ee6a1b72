// Serves the local Worker (API + web) on one public port: `wrangler dev` runs on a private loopback port and
// this small front forwards every request to it.
//
// Why a front at all: wrangler's local dev proxy (measured with 4.86; not measured again since) sometimes answers a
// request itself with `503 Your worker restarted mid-request` when a pooled connection to the worker hits its
// 5 s keep-alive timeout. Such a request never ran in the Worker (the worker did not restart). The front retries
// exactly those answers (and refused connections while wrangler reloads), so a local client never sees a 5xx that
// the API did not send. Every route of the API is safe to repeat anyway (draws and hole finishes are
// idempotent). Production has no such proxy and runs without this file.
//
// The front also stands where Cloudflare's edge stands in a deployment: it sets CF-Connecting-IP from the socket,
// and it proves each request passed it with FRONT_SECRET, a random value of this run, so a process reaching the
// private port directly cannot claim an address (src/middleware.ts). It answers what it cannot forward itself, at
// once and with the API's error shape: a method other than GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS, a
// request target that is not a path (`GET http://other.host/ HTTP/1.1`, `OPTIONS *`), and an /api/ path whose dot
// segments resolve outside /api/. Only a refused connection (wrangler still starting) is retried. And like the edge's
// cache, it answers the build's content-hashed files itself once the Worker's static assets have served them.
//
// usage: node scripts/serve.mjs [--port 8787] [--ip 127.0.0.1] [wrangler dev options...]
import { API_HEADERS, COMMON_HEADERS } from '@golf/contract/security-headers';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const take = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1];
  args.splice(i, 2);
  return value ?? fallback;
};
const port = Number(take('port', process.env.PORT ?? '8787'));
const host = take('ip', '127.0.0.1');

/** Bodies above this never reach the Worker (its own limit is 16 KiB and answers 413 itself). */
const MAX_BODY = 1 << 20;
const RESTARTED = 'Your worker restarted mid-request';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'expect',
  // Only this front sets it (below); a client's value never passes.
  'x-golf-front',
]);
/** The methods the app answers; anything else (TRACE, CONNECT, …) is refused here. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Proves to the Worker that a request came through this front (src/middleware.ts, `onlyThroughFront`). */
const FRONT_SECRET = randomBytes(32).toString('base64url');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(address.port));
    });
  });
}

// Given --env-file, wrangler reads only the files named, so .dev.vars is named too (first, as usual).
const devVars = join(root, '.dev.vars');
const secretDir = mkdtempSync(join(tmpdir(), 'golf-front-'));
const secretFile = join(secretDir, 'front.env');
writeFileSync(secretFile, `FRONT_SECRET=${FRONT_SECRET}\n`, { mode: 0o600 });
process.on('exit', () => rmSync(secretDir, { recursive: true, force: true }));

const upstreamPort = await freePort();
const upstream = `http://127.0.0.1:${upstreamPort}`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const wrangler = spawn(
  join(root, 'node_modules', '.bin', 'wrangler'),
  [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(upstreamPort),
    '--show-interactive-dev-session=false',
    // The secret goes in a private file, not on the command line (which any local user can list).
    ...(existsSync(devVars) ? ['--env-file', devVars] : []),
    '--env-file',
    secretFile,
    ...args,
  ],
  // Same process group as this front: stopping the group stops wrangler and its workerd too.
  { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
);

wrangler.on('exit', (code) => process.exit(code ?? 1));
function shutdown() {
  if (wrangler.exitCode !== null) process.exit(0);
  wrangler.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer of the front itself: the API's error shape and headers (docs/api.md, docs/deploy.md). */
function jsonError(res, status, code, message, extra = {}) {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...API_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

class Refusal extends Error {
  constructor(status, code, message, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** The path dot segments resolve to (RFC 3986 §5.2.4, `%2e` counted as `.`), as URL parsers and the edge do. */
function resolveDots(path) {
  const out = [];
  const segments = path.split('/').slice(1);
  segments.forEach((raw, i) => {
    const segment = raw.replace(/%2e/gi, '.');
    const last = i === segments.length - 1;
    if (segment === '.') {
      if (last) out.push('');
    } else if (segment === '..') {
      out.pop();
      if (last) out.push('');
    } else out.push(raw);
  });
  return `/${out.join('/')}`;
}

/** What this front refuses before forwarding anything (see the top of this file). */
function check(req) {
  if (!METHODS.has(req.method ?? ''))
    throw new Refusal(405, 'ERR_METHOD_NOT_ALLOWED', `${req.method} is not served`, {
      allow: [...METHODS].join(', '),
    });
  const target = req.url ?? '';
  if (!target.startsWith('/'))
    throw new Refusal(
      400,
      'ERR_VALIDATION',
      'the request target must be a path such as /api/health (absolute URLs and * are not served)',
    );
  const path = target.split('?')[0] ?? '';
  const resolved = resolveDots(path);
  const api = (p) => p === '/api' || p.startsWith('/api/');
  if (resolved !== path && api(path) && !api(resolved))
    throw new Refusal(400, 'ERR_VALIDATION', `the path resolves to ${resolved.slice(0, 80)}, outside /api/`);
}

/** A fetch failure before any answer: a refused connection (retried), a request fetch cannot send, or other. */
function failureOf(error) {
  const code = error?.cause?.code ?? error?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (
    code === undefined ||
    String(code).startsWith('UND_ERR_INVALID_ARG') ||
    String(code).startsWith('ERR_INVALID')
  )
    return 'unsendable';
  return 'upstream';
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Wrangler's `/cdn-cgi/handler/scheduled` cannot reach a Worker that serves static assets (the scheduled event
 * does not survive the asset router), so the front sends it to the Worker's local-only route instead.
 */
const pathOf = (url) =>
  url.startsWith('/cdn-cgi/handler/scheduled')
    ? url.replace('/cdn-cgi/handler/scheduled', '/api/dev/scheduled')
    : url;

/** Forwards one request, retrying only answers that never reached the Worker. */
async function forward(req, body) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Cloudflare's edge sets CF-Connecting-IP in production, overwriting whatever a client sent. Do the same: a
  // client-sent value is never trusted (it would let one client be many addresses to the creation limit).
  headers.set('cf-connecting-ip', (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''));
  headers.set('x-golf-front', FRONT_SECRET);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(upstream + pathOf(req.url), {
        method: req.method,
        headers,
        body: hasBody ? body : undefined,
        redirect: 'manual',
      });
    } catch (e) {
      const failure = failureOf(e);
      // A refused connection: wrangler is (re)starting. Nothing else is retried.
      if (failure === 'refused' && attempt < 40) {
        await sleep(250);
        continue;
      }
      if (failure === 'unsendable')
        throw new Refusal(400, 'ERR_VALIDATION', 'the local front cannot forward this request');
      throw e;
    }
    const payload = Buffer.from(await response.arrayBuffer());
    if (response.status === 503 && attempt < 20 && payload.toString('utf8', 0, 64).startsWith(RESTARTED)) {
      await sleep(10 * (attempt + 1));
      continue;
    }
    return { response, payload };
  }
}

/**
 * The answers for the build's content-hashed files (`/_app/immutable/…`), kept by path the first time the Worker's
 * static assets serve them with an `immutable` Cache-Control (apps/web/vite.config.ts): what Cloudflare's edge
 * cache does in a deployment, where such a file is not fetched from the assets again for every browser. A request
 * with a condition, a range or credentials always goes through.
 */
const immutable = new Map();
const PASSES = ['range', 'authorization', 'if-none-match', 'if-modified-since', 'if-match', 'if-range'];
const cacheable = (req) =>
  req.method === 'GET' &&
  (req.url ?? '').startsWith('/_app/immutable/') &&
  !PASSES.some((name) => req.headers[name] !== undefined);

const server = createServer(async (req, res) => {
  try {
    check(req);
    const keep = cacheable(req);
    const kept = keep ? immutable.get(req.url) : undefined;
    if (kept) {
      res.writeHead(kept.status, kept.headers);
      return res.end(kept.payload);
    }
    const body = await readBody(req);
    if (body === null)
      return jsonError(res, 413, 'ERR_BODY_TOO_LARGE', 'the request body is larger than 16 KiB');
    const { response, payload } = await forward(req, body);
    const headers = {};
    response.headers.forEach((value, name) => {
      // fetch already decoded the body; its length is the decoded one.
      if (HOP_BY_HOP.has(name) || name === 'content-encoding' || name === 'set-cookie') return;
      headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    // A HEAD answer has no body: keep the length the Worker gave (the length a GET would have).
    headers['content-length'] =
      req.method === 'HEAD' && response.headers.has('content-length')
        ? response.headers.get('content-length')
        : payload.length;
    if (
      keep &&
      response.status === 200 &&
      headers['set-cookie'] === undefined &&
      /\bimmutable\b/.test(headers['cache-control'] ?? '')
    )
      immutable.set(req.url, { status: response.status, headers, payload });
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  } catch (e) {
    if (e instanceof Refusal) {
      if (!res.headersSent) return jsonError(res, e.status, e.code, e.message, e.headers);
      return res.destroy();
    }
    if (!res.headersSent) jsonError(res, 502, 'ERR_UPSTREAM', 'the local Worker is not answering');
    else res.destroy();
    console.error(`[serve] ${req.method} ${req.url}: ${e instanceof Error ? e.message : String(e)}`);
  }
});
// CONNECT never reaches the request handler (Node hands over the raw socket): answer it the same way.
server.on('connect', (req, socket) => {
  const body = JSON.stringify({
    error: { code: 'ERR_METHOD_NOT_ALLOWED', message: 'CONNECT is not served' },
  });
  const headers = {
    ...COMMON_HEADERS,
    ...API_HEADERS,
    allow: [...METHODS].join(', '),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head.join('')}\r\n${body}`);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  console.log(`[serve] Golf Daily on http://${host}:${port} (the Worker's dev server runs on ${upstream})`);
});
