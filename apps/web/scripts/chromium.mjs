// The system Chromium (Debian's package) the browser tests and the Lighthouse bench use, and the flags it runs with
// headless in a container: no sandbox, no GPU, no shared-memory files, and nothing that calls home.
import { existsSync } from 'node:fs';

/** The system Chromium's path (CHROMIUM_PATH, else Debian's), or undefined when there is none. */
export function systemChromium() {
  const path = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

/**
 * What the browser tests run: Debian's headless shell (`chromium-headless-shell`, the same engine without the
 * browser's windowing layer, which Playwright itself runs headless) when it is installed and CHROMIUM_PATH does not
 * name another, else the system Chromium. The shell took a fifth less processor time over the same tests.
 */
export function testChromium() {
  const shell = '/usr/bin/chromium-headless-shell';
  return process.env.CHROMIUM_PATH === undefined && existsSync(shell) ? shell : systemChromium();
}

/** The flags, after the headless one. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
