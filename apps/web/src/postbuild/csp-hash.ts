import { createHash } from 'node:crypto';

/**
 * The hash source by which a Content-Security-Policy allows an inline script, style or style attribute:
 * `sha256-` and the base64 SHA-256 of its text, unquoted (as `kit.csp`'s directives take it; a policy quotes it).
 */
export const cspHash = (text: string): string =>
  `sha256-${createHash('sha256').update(text).digest('base64')}`;
