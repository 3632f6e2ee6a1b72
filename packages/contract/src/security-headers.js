// The security headers of every response: the web's pages and files (written to the static assets' `_headers`
// file by apps/web's build) and the API (set by the Worker). Plain JavaScript, so apps/web/vite.config.ts can
// import it as Node loads it; types in security-headers.d.ts. docs/deploy.md says what each header is for.

/**
 * Browser features the app never uses, turned off for the page and anything it could embed. Passkeys
 * (`publickey-credentials-*`) and copying a share text (`clipboard-write`) stay allowed for the site itself. Only
 * features Chromium recognises are listed (it warns about any other; the e2e suite fails on that warning), so
 * the share sheet keeps its default, the site itself.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'otp-credentials=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

/** On every response, pages, files and API alike (a content-hashed file leaves out `Permissions-Policy`: below). */
export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // Browsers ignore it over plain http (RFC 6797 §8.1), so local development is unaffected.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/**
 * The two style attributes the frameworks write into their HTML templates, allowed by hash and by nothing else
 * (`'unsafe-hashes'` lets a hash match a style attribute; no other inline style can apply). apps/web's build fails
 * when its output holds a static style attribute not listed here.
 */
export const STYLE_ATTRIBUTE_HASHES = {
  // SvelteKit's route announcer: `<div id="svelte-announcer" style="position: absolute; left: 0; …">`.
  'sha256-S8qMpvofolR8Mpjy4kQvEm7m1q8clzU4dfDH0AmvZjo=':
    'position: absolute; left: 0; top: 0; clip: rect(0 0 0 0); clip-path: inset(50%); overflow: hidden; white-space: nowrap; width: 1px; height: 1px',
  // Svelte's wrapper of a component given CSS custom properties (`<Comp --x="…">`).
  'sha256-tcbDxjMo+xKqM21aCGYbs/QAJqB7yUXC06oPWDapBgc=': 'display: contents',
};

/**
 * The pages' Content-Security-Policy in SvelteKit's `kit.csp.directives` form (keywords unquoted). SvelteKit adds
 * the hash of the one script it inlines (the app's start) to `script-src`. No `'unsafe-inline'` or
 * `'unsafe-eval'` anywhere. Styles come from the app's own files; Svelte sets dynamic styles through the CSSOM
 * (`element.style`), which no policy blocks; the only style attributes in the HTML are the two above.
 */
export const PAGE_CSP_DIRECTIVES = {
  'default-src': ['self'],
  'script-src': ['self'],
  'style-src': ['self'],
  'style-src-attr': ['unsafe-hashes', ...Object.keys(STYLE_ATTRIBUTE_HASHES)],
  'img-src': ['self', 'data:', 'blob:'],
  'font-src': ['self'],
  'connect-src': ['self'],
  'worker-src': ['self'],
  'manifest-src': ['self'],
  'frame-src': ['none'],
  'object-src': ['none'],
  'base-uri': ['none'],
  'form-action': ['self'],
  'frame-ancestors': ['none'],
};

/** On the pages and the web's files, besides the CSP: no framing (older browsers) and no shared window. */
export const PAGE_HEADERS = {
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The headers only a document obeys (a page, or a worker's script: a worker runs under the policy its own script
 * came with): a browser ignores them on a script it imports, a stylesheet or an image. The web's content-hashed
 * files other than workers go without them (`! Name` lines in `_headers`, written by apps/web's build): on a
 * page's first load over HTTP/1.1, which repeats every header on every response, they were about 2.1 KB of each of
 * its 20 to 40 files. Their other headers (`COMMON_HEADERS`, which include nosniff and the referrer policy a module's
 * own imports follow) stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
];

/**
 * On every API response (the Worker sets them; `_headers` does not apply to a Worker's responses). JSON is never
 * a document: it may load nothing, be framed by nobody and be read by other sites' pages only through CORS.
 */
export const API_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const KEYWORDS = new Set([
  'self',
  'none',
  'strict-dynamic',
  'report-sample',
  'unsafe-hashes',
  'wasm-unsafe-eval',
]);

/** One directive list as a policy string, keywords and hashes quoted (as SvelteKit writes them). */
export function serializeCsp(directives) {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [
        name,
        ...sources.map((s) => (KEYWORDS.has(s) || /^(sha256|sha384|sha512|nonce)-/.test(s) ? `'${s}'` : s)),
      ].join(' '),
    )
    .join('; ');
}

/**
 * The Content-Security-Policy a built page carries in its `<meta http-equiv="content-security-policy">` (SvelteKit
 * writes it, with the hashes of the page's own inline scripts), or null when it has none.
 */
export function pagePolicyOf(html) {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1];
  if (meta === undefined) return null;
  return meta.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/**
 * Every header of a page whose own policy is `policy` (its `<meta>`'s): that policy plus `frame-ancestors`, which
 * only a header can carry, and the page headers. The static files' `_headers` (apps/web's build) and the pages the
 * Worker serves itself (apps/api/src/routes/pages.ts) both use it.
 */
export function pageHeaders(policy) {
  const frameAncestors = serializeCsp({ 'frame-ancestors': PAGE_CSP_DIRECTIVES['frame-ancestors'] });
  return { 'Content-Security-Policy': `${policy}; ${frameAncestors}`, ...COMMON_HEADERS, ...PAGE_HEADERS };
}
