/**
 * Paint first: a prerendered page (`/`, `/play`, `/rules`, `/privacy`) is drawn from its HTML alone, so its
 * JavaScript waits until that drawing is on screen instead of arriving alongside it. Run by the build on each
 * prerendered page (vite.config.ts); the shell, drawn by its scripts, keeps SvelteKit's start as it is.
 *
 * SvelteKit writes, for each page, a `<link rel="modulepreload">` per file of the app's start and of the page, and
 * an inline script that imports the start file at once. On a phone the files then download and compile while the
 * first frame is laid out and rastered, on the same few cores, and the page shows later. This rewrites the page so
 * that the inline script first waits for the page's first contentful paint (a `paint` performance entry; at most
 * `PAINT_WAIT_MS` if none comes, as in a tab opened in the background; one frame in a browser that reports no paint
 * entries), then adds the same preload links and imports the start file, all at once as before.
 *
 * The inline script changes, so its hash in the page's Content-Security-Policy `<meta>` does too.
 */
import { cspHash } from './csp-hash.ts';

/** How long the start waits for a first paint that does not come (a tab opened in the background). */
export const PAINT_WAIT_MS = 3000;

/** SvelteKit's preload link of a JavaScript file: `<link href="./_app/…js" rel="modulepreload">`. */
const PRELOAD_LINK = /<link href="([^"]+\.js)" rel="modulepreload">\s*/g;

/** SvelteKit's inline start script, and in it the import of its start file. */
const START_SCRIPT = /<script>([^<]*__sveltekit_[^<]*)<\/script>/g;
const START_IMPORT = /\bimport\(("[^"]*\/entry\/start\.[\w-]+\.js")\)/g;

/**
 * The waiting, as one expression: a promise of the first contentful paint (or of `PAINT_WAIT_MS`), after which the
 * preload links go into the head. A browser that reports no paint entries (it would ignore the observer, and the
 * page would wait the whole `PAINT_WAIT_MS`) starts the app after its next frame instead.
 */
function afterPaint(preloads: readonly string[]): string {
  return `new Promise((painted) => {
						setTimeout(painted, ${PAINT_WAIT_MS});
						try {
							if (!PerformanceObserver.supportedEntryTypes.includes("paint"))
								return requestAnimationFrame(() => setTimeout(painted, 0));
							new PerformanceObserver((entries) => {
								if (entries.getEntriesByName("first-contentful-paint").length) painted();
							}).observe({ type: "paint", buffered: true });
						} catch {
							painted();
						}
					}).then(() => {
						for (const href of ${JSON.stringify(preloads)}) {
							const link = document.createElement("link");
							link.rel = "modulepreload";
							link.href = href;
							document.head.append(link);
						}
					})`;
}

/** The one match of `pattern` in `text`; an error naming `what` if there is none or more than one. */
function onlyMatch(text: string, pattern: RegExp, what: string): RegExpExecArray {
  const matches = [...text.matchAll(pattern)];
  if (matches.length !== 1)
    throw new Error(
      `paint-first: expected one ${what}, found ${matches.length} (has SvelteKit's page changed?)`,
    );
  return matches[0]!;
}

/**
 * A prerendered page whose scripts start after its first contentful paint: its JavaScript preload links moved
 * into its start script, which waits for the paint, and the script's new hash in its policy. Throws if the page is
 * not shaped as SvelteKit writes it (one start script, one start import, the old hash in the policy).
 */
export function paintFirst(html: string): string {
  const preloads = [...html.matchAll(PRELOAD_LINK)].map(([, href]) => href!);
  const withoutPreloads = html.replace(PRELOAD_LINK, '');
  const [script, body] = onlyMatch(withoutPreloads, START_SCRIPT, 'start script');
  const [startImport, startFile] = onlyMatch(body!, START_IMPORT, 'import in the start script');
  const waiting = body!.replace(
    startImport,
    () => `${afterPaint(preloads)}.then(() => import(${startFile}))`,
  );
  const oldHash = `'${cspHash(body!)}'`;
  if (!withoutPreloads.includes(oldHash))
    throw new Error(`paint-first: the page's policy does not allow its start script by its hash ${oldHash}`);
  return withoutPreloads
    .replace(script, () => `<script>${waiting}</script>`)
    .replace(oldHash, () => `'${cspHash(waiting)}'`);
}
