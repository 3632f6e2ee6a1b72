#!/usr/bin/env node
// The web's load bench (a benchmark, not a test: it prints figures and asserts nothing). It builds the web, starts
// the Worker on a fresh local D1 and a free port (scripts/local-server.mjs), plays a few rounds of today's course
// through the API so today's standings have rows (a closed day's archive needs no seeding: its course and
// perfect lines come from the day's seed), then runs Lighthouse on the public pages with its mobile default and
// its desktop preset, and prints one table per page. It always stops its server.
//
// Between Lighthouse and the Worker stands a small gzip front, as the edge compresses text in production (the
// local dev server does not): transfer sizes and the simulated timings then match what a visitor downloads.
//
// "JS before first paint": the JavaScript files whose response had fully arrived before the first contentful
// paint Lighthouse observed (its network records against the trace's FCP timestamp, both on the trace clock),
// counted in gzip bytes of the body (zlib level 6) as the front sent them. The app renders on the client, so
// this is the JavaScript a visitor waits for before seeing anything.
//
// Baselines, in the same run: the same Lighthouse, browser, front and machine on two pages of no JavaScript, the
// front's own blank page (a heading and a line of text) and `/` as the Worker serves it with its scripts taken out
// (its HTML, CSS and today's cards, and its response headers; nothing runs). What they score is this machine's
// floor at that time: total blocking time especially counts Chrome's own tasks (committing the navigation, the first
// layout and paint) and moves with how busy the machine is. Each page's table ends with its total blocking time
// above each baseline's.
// The runs go round the pages (one run of each, then the next), so a busy spell falls on all of them alike.
// Each table also splits total blocking time by what Lighthouse attributes each long task to: the page's document
// (parsing, style, layout, paint), a script, or nothing ("Unattributable", chiefly committing the navigation).
//
// usage: pnpm bench:web [--runs N] [--skip-build] [--pages /,/rules] [--presets mobile] [--json FILE]
//   --runs N      Lighthouse runs per page and preset (default 1); figures are the median of the runs (and the
//                 lowest and highest total blocking time of them, "TBT runs")
//   --skip-build  reuse apps/web/build
//   --pages LIST  only these pages (comma-separated; `today` and `closed` stand for the dated pages)
//   --presets LIST  only these Lighthouse presets (`mobile`, `desktop`; default both)
//   --no-baselines  skip the two baseline pages
//   --json FILE   also write the figures as JSON
//   --lhr DIR     also write each run's whole Lighthouse report (its audits: long tasks, LCP element, ...) and its
//                 trace (<page>-<preset>-<run>.trace.json, for a performance panel) to DIR
// Needs Node >= 22.19 (Lighthouse 13) and a Chromium: CHROMIUM_PATH or CHROME_PATH, else /usr/bin/chromium, else chrome-launcher's
// own search for an installed Chrome.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, systemChromium } from './chromium.mjs';
import { buildWeb, freePort, startServer } from './local-server.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : (args[i + 1] ?? '');
};
const runs = Math.max(1, Number(option('runs') ?? 1) || 1);
const lhrDir = option('lhr');
const log = (msg) => console.error(`[bench:web] ${msg}`);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(`Lighthouse 13 needs Node >= 22.19; this is ${process.version}`);
  process.exit(1);
}

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const ALL_PAGES = ['/', '/play', '/rules', `/standings/${today}`, `/archive/${yesterday}`];
const chosen = option('pages')
  ?.split(',')
  .map((p) => p.replace(/^today$/, `/standings/${today}`).replace(/^closed$/, `/archive/${yesterday}`));
const pages = chosen ?? ALL_PAGES;
const ALL_PRESETS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const chosenPresets = option('presets')?.split(',');
/** The front's own pages, never forwarded to the Worker; at the root, as `/`, so its relative addresses resolve alike. */
const BLANK = '/__baseline-blank';
const NO_SCRIPT = '/__baseline-no-script';
const BASELINES = args.includes('--no-baselines')
  ? []
  : [
      { path: BLANK, name: 'a blank page' },
      { path: NO_SCRIPT, name: '/ without its scripts' },
    ];
const PRESETS = chosenPresets ? ALL_PRESETS.filter((p) => chosenPresets.includes(p.name)) : ALL_PRESETS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// ---- seeding ------------------------------------------------------------------------------------------------

const RANKS = 'A23456789TJQK';
const rank = (card) => RANKS.indexOf(card[0]);
/** The daily course's rules: one rank up or down, no wrap, nothing on a King. */
const fits = (top, card) => rank(top) !== 12 && Math.abs(rank(top) - rank(card)) === 1;

async function call(origin, method, path, { token, body } = {}) {
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A player who plays today's course to its end the simple way (first column that fits, else draw). */
async function playToday(origin, name) {
  const player = await call(origin, 'POST', '/api/players', { body: { name } });
  const course = await call(origin, 'GET', '/api/daily');
  const { date } = course;
  await call(origin, 'POST', `/api/daily/${date}/attempt`, { token: player.token });
  for (const [i, hole] of course.holes.entries()) {
    const columns = hole.columns.map((c) => [...c]);
    let top = hole.waste;
    let stock = hole.stockSize;
    let moves = '';
    while (columns.some((c) => c.length > 0)) {
      const c = columns.findIndex((col) => col.length > 0 && fits(top, col.at(-1)));
      if (c >= 0) {
        top = columns[c].pop();
        moves += String(c + 1);
        continue;
      }
      if (stock === 0) break;
      const drawn = await call(origin, 'POST', `/api/daily/${date}/attempt/draw`, {
        token: player.token,
        body: { hole: i + 1, log: `${moves}d` },
      });
      moves += 'd';
      top = drawn.card;
      stock = drawn.stockLeft;
    }
    await call(origin, 'POST', `/api/daily/${date}/attempt/holes/${i + 1}`, {
      token: player.token,
      body: { log: moves },
    });
  }
}

// ---- the gzip front -------------------------------------------------------------------------------------------

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/** An upstream answer's headers the front sends on: all but the hop-by-hop and length ones, and cookies (set apart). */
function passedOn(headers) {
  const out = {};
  headers.forEach((v, k) => {
    if (!DROPPED.has(k) && k !== 'set-cookie') out[k] = v;
  });
  return out;
}

const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
  'initial-scale=1"><meta name="description" content="A blank page: the bench\'s baseline."><title>Blank</title>' +
  '<link rel="icon" href="data:,"></head><body><main><h1>Blank</h1><p>A page with no script and no style.</p>' +
  '</main></body></html>';

/** `/`'s HTML with every script element and script preload taken out: what the page draws with nothing run. */
const withoutScripts = (html) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');

/**
 * Forwards to `upstream`, gzipping text bodies for clients that accept it; remembers each path's gzip bytes. Serves
 * the baselines itself.
 */
async function startGzipFront(upstream) {
  const gzipBytes = new Map();
  const server = createServer(async (req, res) => {
    try {
      const path = req.url.split('?')[0];
      if (path === BLANK || path === NO_SCRIPT) {
        // `/` without its scripts keeps `/`'s response headers: the page's own policies (Cross-Origin-Opener-Policy
        // has Chrome commit it in a new browsing context group, so a new renderer process) cost what they cost `/`.
        const page = path === NO_SCRIPT ? await fetch(`${upstream}/`) : null;
        const own = page ? passedOn(page.headers) : {};
        const html = page ? withoutScripts(await page.text()) : BLANK_HTML;
        const body = gzipSync(Buffer.from(html), { level: 6 });
        res.writeHead(200, {
          ...own,
          'content-type': 'text/html; charset=utf-8',
          'content-encoding': 'gzip',
          'content-length': String(body.length),
          'cache-control': 'no-store',
        });
        return res.end(body);
      }
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (k !== 'host' && k !== 'accept-encoding' && !DROPPED.has(k) && v !== undefined)
          for (const one of [v].flat()) headers.append(k, one);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const up = await fetch(upstream + req.url, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      let body = Buffer.from(await up.arrayBuffer());
      const out = passedOn(up.headers);
      const cookies = up.headers.getSetCookie();
      if (cookies.length > 0) out['set-cookie'] = cookies;
      const type = up.headers.get('content-type') ?? '';
      if (
        COMPRESSIBLE.test(type) &&
        body.length > 0 &&
        /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      ) {
        body = gzipSync(body, { level: 6 });
        out['content-encoding'] = 'gzip';
        out.vary = 'accept-encoding';
        gzipBytes.set(req.url.split('?')[0], body.length);
      }
      out['content-length'] = String(body.length);
      res.writeHead(up.status, out);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(502).end(String(e));
    }
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${port}`,
    gzipBytes,
    close: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}

// ---- Lighthouse -----------------------------------------------------------------------------------------------

/** Figures of one Lighthouse result. */
function figuresOf(lhr, gzipBytes) {
  const score = (c) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const requests = lhr.audits['network-requests']?.details;
  const start = requests?.debugData?.networkStartTimeTs;
  const fcpTs = metrics.observedFirstContentfulPaintTs;
  let jsBytes = NaN;
  let jsFiles = NaN;
  if (requests && start !== undefined && fcpTs !== undefined) {
    const fcp = (fcpTs - start) / 1000; // ms on the records' clock
    const scripts = requests.items.filter(
      (r) => r.resourceType === 'Script' && r.networkEndTime !== undefined && r.networkEndTime <= fcp,
    );
    jsFiles = scripts.length;
    jsBytes = scripts.reduce((sum, r) => sum + (gzipBytes.get(new URL(r.url).pathname) ?? r.transferSize), 0);
  }
  // Total blocking time by what Lighthouse attributes each long task to: the page's document (parsing, style,
  // layout, paint), a script, or nothing ("Unattributable": chiefly the task that commits the navigation). Each
  // task counts as Lighthouse counts it: its part between FCP and TTI, less 50 ms.
  const fcpMs = audit('first-contentful-paint');
  const ttiMs = audit('interactive');
  const by = { document: 0, scripts: 0, unattributable: 0, lighthouse: 0 };
  for (const t of lhr.audits['long-tasks']?.details?.items ?? []) {
    const part = Math.min(t.startTime + t.duration, ttiMs) - Math.max(t.startTime, fcpMs) - 50;
    if (!(part > 0)) continue;
    const kind =
      t.url === 'Unattributable'
        ? 'unattributable'
        : /_lighthouse-/.test(t.url)
          ? 'lighthouse'
          : /\.m?js(\?|$)/.test(t.url)
            ? 'scripts'
            : 'document';
    by[kind] += part;
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    tbtDocumentMs: by.document,
    tbtScriptsMs: by.scripts,
    tbtUnattributableMs: by.unattributable,
    tbtLighthouseMs: by.lighthouse,
    jsBeforeFcpBytes: jsBytes,
    jsBeforeFcpFiles: jsFiles,
    failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
  };
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function medianOf(list) {
  const out = {};
  for (const key of Object.keys(list[0])) {
    out[key] =
      key === 'failing' ? [...new Set(list.flatMap((f) => f.failing))] : median(list.map((f) => f[key]));
  }
  // Total blocking time moves most from run to run (a task's wall time, times four, on a shared processor): its
  // spread, next to its median.
  const tbts = list.map((f) => f.tbtMs).filter((v) => Number.isFinite(v));
  out.tbtMinMs = tbts.length > 0 ? Math.min(...tbts) : NaN;
  out.tbtMaxMs = tbts.length > 0 ? Math.max(...tbts) : NaN;
  return out;
}

const pad = (text, width) => String(text).padStart(width);
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '–');
const kb = (v) => (Number.isFinite(v) ? `${(v / 1024).toFixed(1)} KB` : '–');

function table(page, rows) {
  const head = [
    'preset',
    'perf',
    'a11y',
    'b.p.',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'TBT runs',
    'CLS',
    'JS before FCP (gzip)',
  ];
  const widths = [8, 5, 5, 5, 5, 9, 9, 8, 11, 6, 24];
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : pad(c, widths[i]))).join(' ');
  const lines = [`\n${page}`, line(head)];
  for (const [preset, f] of rows)
    lines.push(
      line([
        preset,
        f.performance,
        f.accessibility,
        f.bestPractices,
        f.seo,
        ms(f.fcpMs),
        ms(f.lcpMs),
        ms(f.tbtMs),
        Number.isFinite(f.tbtMinMs) ? `${Math.round(f.tbtMinMs)}–${Math.round(f.tbtMaxMs)}` : '–',
        Number.isFinite(f.cls) ? f.cls.toFixed(3) : '–',
        `${kb(f.jsBeforeFcpBytes)} in ${f.jsBeforeFcpFiles} files`,
      ]),
    );
  for (const [preset, f] of rows)
    lines.push(
      `  ${preset}: TBT by what its long tasks are attributed to (medians): the document ${ms(f.tbtDocumentMs)}, ` +
        `scripts ${ms(f.tbtScriptsMs)}, unattributable ${ms(f.tbtUnattributableMs)}, Lighthouse's own ` +
        ms(f.tbtLighthouseMs),
    );
  for (const [preset, f] of rows)
    if (f.failing.length > 0) lines.push(`  ${preset}: not passed: ${f.failing.join(', ')}`);
  return lines.join('\n');
}

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * One Lighthouse run in a browser of its own (a browser reused across runs sometimes loses the trace's navigation
 * start); a run that ends in a runtime error (no trace, no paint) is tried again, twice at most.
 */
async function audit(url, config) {
  for (let attempt = 1; ; attempt++) {
    chrome = await chromeLauncher.launch({ chromePath: systemChromium(), chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        config,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const error = result.lhr.runtimeError;
      if (!error || attempt === 3) {
        if (error) log(`${url}: ${error.code} three times; its figures are missing`);
        return result;
      }
      log(`${url}: ${error.code}, trying again`);
    } finally {
      chrome.kill();
      chrome = null;
    }
  }
}

// ---- the run --------------------------------------------------------------------------------------------------

const started = Date.now();
let server = null;
let front = null;
let chrome = null;
let code = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping the browser and the server`);
    try {
      chrome?.kill();
    } catch {
      // already gone
    }
    server?.kill();
    process.exit(130);
  });
}
try {
  if (!args.includes('--skip-build')) {
    log('building the web');
    buildWeb();
  }
  server = await startServer({ prefix: 'golf-bench-web-', log });
  log(`seeding today's standings (${today})`);
  for (const name of ['Bench Ada', 'Bench Bo', 'Bench Cy']) await playToday(server.origin, name);
  front = await startGzipFront(server.origin);
  const targets = [...BASELINES.map((b) => b.path), ...pages];
  /** Each target's figures, by preset, one per run. */
  const figures = new Map(targets.map((page) => [page, new Map(PRESETS.map((p) => [p.name, []]))]));
  let version = '';
  for (const preset of PRESETS)
    for (let i = 0; i < runs; i++)
      for (const page of targets) {
        log(`${page} ${preset.name} run ${i + 1}/${runs}`);
        const { lhr, artifacts } = await audit(front.origin + page, preset.config);
        version = lhr.lighthouseVersion;
        if (lhrDir) {
          mkdirSync(lhrDir, { recursive: true });
          const file = `${page.replace(/\W+/g, '_') || '_'}-${preset.name}-${i + 1}`;
          writeFileSync(join(lhrDir, `${file}.json`), JSON.stringify(lhr));
          writeFileSync(join(lhrDir, `${file}.trace.json`), JSON.stringify(artifacts.Trace));
        }
        figures.get(page).get(preset.name).push(figuresOf(lhr, front.gzipBytes));
      }
  const rowsOf = (page) => PRESETS.map((p) => [p.name, medianOf(figures.get(page).get(p.name))]);
  const results = pages.map((page) => ({ page, rows: rowsOf(page) }));
  const baselines = BASELINES.map(({ path, name }) => ({ page: path, name, rows: rowsOf(path) }));
  console.log(
    `Lighthouse ${version}, ` +
      `${runs} run(s) per page and preset (median), ${new Date().toISOString()}; ` +
      'a local Worker behind a gzip front, so the network is loopback: mobile timings are simulated (slow 4G, 4x ' +
      'CPU slowdown), desktop ones too (its preset); scores move by a few points between runs on a busy machine.',
  );
  for (const { name, rows } of baselines) console.log(table(`baseline: ${name}`, rows));
  for (const { page, rows } of results) {
    console.log(table(page.replace(today, '<today>').replace(yesterday, '<yesterday>'), rows));
    for (const [preset, f] of rows)
      if (baselines.length > 0)
        console.log(
          `  ${preset}: TBT above the baselines' (medians): ` +
            baselines
              .map((b) => {
                const floor = b.rows.find(([name]) => name === preset)[1].tbtMs;
                return `${ms(f.tbtMs - floor)} above ${b.name}'s ${ms(floor)}`;
              })
              .join('; '),
        );
  }
  const json = option('json');
  if (json)
    writeFileSync(
      json,
      `${JSON.stringify({ at: new Date().toISOString(), runs, results: [...baselines, ...results].map(({ page, rows }) => ({ page, ...Object.fromEntries(rows) })) }, null, 2)}\n`,
    );
} catch (e) {
  console.error(`[bench:web] ${e instanceof Error ? e.message : String(e)}`);
  code = 1;
} finally {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  await front?.close();
  await server?.stop();
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(code);
