import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutSiteMeta } from './hooks.server.ts';

const template = readFileSync(join(import.meta.dirname, 'app.html'), 'utf8');
const own = '<title>Privacy · Golf Daily</title><meta name="description" content="What we keep" />';

describe('withoutSiteMeta', () => {
  it("leaves the shell's stand-ins where the page has no title of its own (the single-page shell)", () => {
    const shell = template.replace('%sveltekit.head%', '');
    expect(withoutSiteMeta(shell)).toBe(shell);
  });

  it('drops every stand-in of app.html, and its title, from a page with its own', () => {
    const html = withoutSiteMeta(template.replace('%sveltekit.head%', own));
    expect(html).not.toContain('data-site-meta');
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Privacy · Golf Daily</title>']);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // What is not a stand-in stays.
    for (const kept of ['name="viewport"', 'name="theme-color"', 'rel="icon"', 'rel="manifest"', own])
      expect(html).toContain(kept);
  });
});
