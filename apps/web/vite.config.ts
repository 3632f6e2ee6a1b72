import { CARD_SCOPE } from '@golf/contract/card-face';
import { SHELL_ROUTES_PATH, type ShellRouteFiles } from '@golf/contract/page-data';
import {
  DOCUMENT_ONLY_HEADERS,
  PAGE_CSP_DIRECTIVES,
  pageHeaders,
  pagePolicyOf,
  STYLE_ATTRIBUTE_HASHES,
} from '@golf/contract/security-headers';
import adapter from '@sveltejs/adapter-static';
import type { Adapter } from '@sveltejs/kit';
import { sveltekit } from '@sveltejs/kit/vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { i18nPlugin } from './scripts/i18n.mjs';
import { cspHash } from './src/postbuild/csp-hash.ts';
import { paintFirst } from './src/postbuild/paint-first.ts';

const api = process.env.GOLF_API_ORIGIN ?? 'http://127.0.0.1:8787';

/** The page every path without a prerendered page is served: the app's shell, rendered in the browser. */
const SHELL = 'shell.html';

const staticAdapter = adapter({
  pages: 'build',
  assets: 'build',
  fallback: SHELL,
  precompress: false,
  strict: true,
});

/**
 * The inline scripts of src/app.html (the table settings put on `<html>` before the first paint), allowed by their
 * hashes: SvelteKit hashes only the scripts it writes itself.
 */
const APP_HTML_SCRIPT_HASHES = [
  ...readFileSync(join(import.meta.dirname, 'src', 'app.html'), 'utf8').matchAll(
    /<script>([\s\S]*?)<\/script>/g,
  ),
].map(([, body]) => cspHash(body ?? ''));

/**
 * One policy allowing what any of `policies` allows: each directive's sources, together (the pages' policies differ
 * only in the hashes of their own inline scripts and styles).
 */
function unionOfPolicies(policies: readonly string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies)
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name) ?? new Set<string>();
      for (const source of sources) set.add(source);
      directives.set(name, set);
    }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The pages' policy, with app.html's own inline scripts. */
const CSP_DIRECTIVES: typeof PAGE_CSP_DIRECTIVES = {
  ...PAGE_CSP_DIRECTIVES,
  'script-src': [...(PAGE_CSP_DIRECTIVES['script-src'] ?? []), ...APP_HTML_SCRIPT_HASHES],
};

/**
 * The caching of the build's content-hashed files (`_app/immutable/`): a new build names a changed file anew, so a
 * copy never goes stale.
 */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** app.html's title, for a page that has none of its own (the shell, until the app gives it one). */
const SITE_TITLE = /\s*<title>Golf Daily<\/title>/;

/** app.html's site-wide description and sharing tags, for pages that have none of their own (the shell). */
const SITE_META = /\s*<meta\b[^>]*\bdata-site-meta\b[^>]*>/g;

/**
 * For each page path the shell renders in the browser: its route's pattern, and the JavaScript and CSS of its
 * layouts and page (each node's whole static import graph, as SvelteKit lists it for server rendering), less the
 * app's start files, which every page names. The Worker puts them in the shell it serves for a path, less what
 * that shell already names (apps/api/src/routes/pages.ts), so the browser fetches them at once instead of import by
 * import after the app has started.
 */
async function shellRoutes(serverDir: string): Promise<ShellRouteFiles[]> {
  type Node = { imports: string[]; stylesheets: string[] };
  type Route = { pattern: RegExp; page: { layouts: (number | undefined)[]; leaf: number } | null };
  const { manifest } = (await import(pathToFileURL(join(serverDir, 'manifest.js')).href)) as {
    manifest: { client: { imports: string[] }; nodes: (() => Promise<Node>)[]; routes: Route[] };
  };
  const named = new Set(manifest.client.imports);
  const routes: ShellRouteFiles[] = [];
  for (const route of manifest.routes) {
    if (route.page === null) continue;
    const js = new Set<string>();
    const css = new Set<string>();
    for (const i of [...route.page.layouts, route.page.leaf]) {
      if (i === undefined) continue;
      const node = await manifest.nodes[i]!();
      for (const file of node.imports) if (!named.has(file)) js.add(`/${file}`);
      for (const file of node.stylesheets) css.add(`/${file}`);
    }
    routes.push({ pattern: route.pattern.source, js: [...js], css: [...css] });
  }
  return routes;
}

/**
 * adapter-static, then the static assets' `_headers` file: the security headers of every page and file
 * (docs/deploy.md). Each page's Content-Security-Policy is the one SvelteKit wrote into its `<meta>` (with the
 * hashes of its own inline scripts); the one `_headers` rule for every path gives the shell's policy with every
 * page's script hashes (a page's `<meta>` keeps it to its own), plus `frame-ancestors`, which only a header can
 * carry. The prerendered pages lose app.html's site-wide tags: they have their own. And the list of each shell
 * page's files (`shellRoutes`).
 */
const withHeaders: Adapter = {
  name: 'adapter-static with _headers',
  async adapt(builder) {
    await staticAdapter.adapt(builder);
    const out = join(import.meta.dirname, 'build');
    writeFileSync(
      join(out, SHELL_ROUTES_PATH),
      JSON.stringify(await shellRoutes(builder.getServerDirectory())),
    );
    // Every static style attribute in the built templates must be one the policy allows by its hash.
    for (const file of readdirSync(join(out, '_app'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      for (const [, style] of readFileSync(join(out, '_app', file), 'utf8').matchAll(/ style="([^"]*)"/g)) {
        const hash = cspHash(style ?? '');
        if (!(hash in STYLE_ATTRIBUTE_HASHES))
          throw new Error(
            `_app/${file} writes style="${style}": add '${hash}' to STYLE_ATTRIBUTE_HASHES or use a class`,
          );
      }
    }
    const pages = readdirSync(out).filter((f) => f.endsWith('.html'));
    const policies: string[] = [];
    for (const file of pages) {
      let html = readFileSync(join(out, file), 'utf8');
      // A prerendered page has its own title and tags (PageMeta): app.html's, first in the head, would win. It is
      // drawn from its HTML, so its scripts start once that is on screen (src/postbuild/paint-first.ts).
      if (file !== SHELL) {
        html = paintFirst(html.replace(SITE_META, '').replace(SITE_TITLE, ''));
        writeFileSync(join(out, file), html);
      }
      const policy = pagePolicyOf(html);
      if (policy === null) throw new Error(`build/${file} has no Content-Security-Policy <meta>`);
      policies.push(policy);
    }
    if (!pages.includes(SHELL)) throw new Error(`build/${SHELL} was not written`);
    const policy = unionOfPolicies(policies);
    const lines = Object.entries(pageHeaders(policy)).map(([name, value]) => `  ${name}: ${value}`);
    // One rule for every path (the files, the prerendered pages and the shell), and one more for the files whose
    // names carry their content's hash: a browser keeps them a year without asking again, instead of the static
    // assets' default `max-age=0, must-revalidate` (a request per file on every visit; docs/deploy.md, "Caching").
    // Those of them that are not workers leave out the headers only a document obeys (DOCUMENT_ONLY_HEADERS).
    const immutable = `/${builder.config.appDir}/immutable`;
    const withoutDocumentHeaders = readdirSync(join(out, immutable), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'workers')
      .map(
        (dir) =>
          `${immutable}/${dir.name}/*\n${DOCUMENT_ONLY_HEADERS.map((name) => `  ! ${name}`).join('\n')}\n`,
      );
    writeFileSync(
      join(out, '_headers'),
      `# Written by apps/web/vite.config.ts at build time.\n/*\n${lines.join('\n')}\n` +
        `${immutable}/*\n  Cache-Control: ${IMMUTABLE_CACHE}\n` +
        withoutDocumentHeaders.join(''),
    );
    builder.log.minor(`Wrote build/_headers (${pages.length} pages)`);
  },
};

/** A locale's own messages (`de.list.js`): loaded with that locale, never part of a shared chunk. */
const LOCALE_MESSAGES = /[\\/]messages[\\/][a-z]{2}(?:-[A-Z]{2})?(?:\.list)?\.js$/;

/** The sources of the pages a visitor opens first, `/` and `/play`, and of the root layout around them. */
const FIRST_PAGES = /[\\/]src[\\/]routes[\\/](?:play[\\/])?\+(?:page|layout)\.(?:svelte|ts)$/;

/**
 * The app's shared code in three chunks: every module that more than one page, layout or entry imports (the
 * frameworks' runtimes, the engine, the shared components and messages), instead of the bundler's default of a chunk
 * for each set of importers, which split the first page into 28 files of a few hundred bytes to 22 KB.
 * - `start`: what SvelteKit's entries import (its client, the parts of Svelte it uses). The browser evaluates it in
 *   the start's task.
 * - `shared`: the rest of what the first pages (`/`, `/play`) import. SvelteKit loads a page's layout and page with
 *   `import()`, so this chunk is evaluated in a task of its own, not in the start's: the work after the first paint
 *   comes in shorter tasks.
 * - `shared-later`: what only other pages and panels loaded on use share.
 * So `/` is 8 files, none of its JavaScript code only another page runs. Each file is a request and a module to
 * compile and evaluate: over HTTP/1.1 a browser fetches six at a time from a host (as Lighthouse's simulation does,
 * see docs/deploy.md). A locale's own messages stay apart, loaded with that locale. For the client's build only (the
 * server's is SvelteKit's own).
 */
function sharedChunk(): Plugin {
  /**
   * What SvelteKit's entries import (its start's client is an `import()`), then what the first pages import too
   * (statically), once the module graph is complete.
   */
  let graphs: { start: Set<string>; first: Set<string> } | null = null;
  const inGraph = (which: 'start' | 'first') => (id: string) => {
    if (graphs === null) throw new Error('golf:shared-chunk: chunking before the module graph is complete');
    return !LOCALE_MESSAGES.test(id) && graphs[which].has(id);
  };
  return {
    name: 'golf:shared-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'start', test: inGraph('start'), minShareCount: 2, priority: 3 },
                  { name: 'shared', test: inGraph('first'), minShareCount: 2, priority: 2 },
                  {
                    name: 'shared-later',
                    test: (id) => !LOCALE_MESSAGES.test(id),
                    minShareCount: 2,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const isNode = (id: string) => /[\\/]nodes[\\/]\d+\.js$/.test(id);
      /** `roots` and every module they import, statically, or also dynamically (never a layout's or page's node). */
      const reach = (roots: string[], dynamic: boolean): Set<string> => {
        const seen = new Set(roots);
        for (let queue = [...roots], id = queue.pop(); id !== undefined; id = queue.pop()) {
          const info = this.getModuleInfo(id);
          for (const next of [
            ...(info?.importedIds ?? []),
            ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []),
          ])
            if (!seen.has(next) && !isNode(next)) {
              seen.add(next);
              queue.push(next);
            }
        }
        return seen;
      };
      // SvelteKit's entries, its start (which imports its client when it starts) and its app (whose layouts and
      // pages, `nodes/<n>.js`, are dynamic imports), and what they import.
      const start = reach(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry && !isNode(id)),
        true,
      );
      graphs = { start, first: reach([...start, ...ids.filter((id) => FIRST_PAGES.test(id))], false) };
    },
  };
}

/** The magic comment of V8's explicit compile hints: the whole file is compiled eagerly, off the main thread. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * V8's compile hint on every chunk of the client build: `//# allFunctionsCalledOnLoad` as its first line tells V8
 * (Chrome 136 and later) to compile each of the file's functions as it streams the file in, on a background thread,
 * instead of compiling each on the main thread the first time it is called. A chunk here is code the page runs as it
 * loads it (the entries, the pages, the shared chunks), or a panel loaded because it is about to be used. Other
 * engines read it as a comment. See docs/deploy.md ("Compile hints").
 */
function compileHints(): Plugin {
  return {
    name: 'golf:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') file.code = `${COMPILE_HINT}\n${file.code}`;
      },
    },
  };
}

export default defineConfig({
  plugins: [
    sharedChunk(),
    compileHints(),
    i18nPlugin(),
    /**
     * A single-page app whose pages that can be are prerendered (`/`, `/play`, `/rules`: `prerender` in their
     * `+page.ts`); every other path is the shell (`shell.html`), rendered in the browser. The API Worker serves
     * `build/` from Workers static assets, and `/`, the shell and `/api/*` itself (apps/api/src/routes/pages.ts).
     */
    sveltekit({
      adapter: withHeaders,
      compilerOptions: {
        // The card's scoped styles go by a name the Worker knows, so the cards it writes into the Today page's
        // first HTML (@golf/contract's dealt-table.ts) are drawn as the app draws them. Every other component's
        // are scoped as by default.
        cssHash: ({ hash, css, filename }) =>
          /(?:^|[\\/])src[\\/]lib[\\/]components[\\/]Card\.svelte$/.test(filename)
            ? CARD_SCOPE
            : `svelte-${hash(filename ?? css)}`,
      },
      // A page's CSS is in its HTML (a <style> allowed by its hash), so no stylesheet request holds the first paint.
      inlineStyleThreshold: 20_000,
      // Registered by the root layout a while after the first page has loaded (src/routes/+layout.svelte).
      serviceWorker: { register: false },
      // Hashes, not nonces: the pages are static files. SvelteKit adds the hashes of its inline start script and
      // of the inlined styles.
      csp: { mode: 'hash', directives: CSP_DIRECTIVES },
    }),
  ],
  build: {
    // A component loaded on demand (a dialog, a panel) fetches its own imports as the browser reads it; only its
    // stylesheets are added by Vite's helper: a <link rel=modulepreload> for every import of the chunks loaded when
    // idle cost more processor time than those loads themselves on the first page. A page of the app (a route's
    // node, loaded on navigation) keeps them all, so a navigation fetches its files at once.
    modulePreload: {
      resolveDependencies: (file, deps) =>
        file.includes('/nodes/') ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  server: { proxy: { '/api': { target: api, changeOrigin: true } } },
  preview: { proxy: { '/api': { target: api, changeOrigin: true } } },
  worker: { format: 'es' },
  // Rune classes (*.svelte.ts) are tested in node with Svelte's client runtime, so $derived stays reactive.
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    include: ['src/**/*.test.ts'],
    environment: './vitest.client-env.ts',
    // The daily's tests play whole rounds against the real API and its SQL (SQLite in WebAssembly): seconds each.
    testTimeout: 20_000,
    // One module graph per worker, not per file: the files keep no state between them (each makes its own objects and
    // servers), they pass in shuffled order, and Svelte, the engine and jsdom load once (about 8 s instead of 24 s).
    isolate: false,
  },
});
