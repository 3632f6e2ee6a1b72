import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sectionOf } from './nav.ts';

describe('sectionOf: the nav entry a page is under', () => {
  it('marks each entry on its own page and on every page under it', () => {
    const heads = {
      '/play': 'practice',
      '/standings': 'standings',
      '/archive': 'archive',
      '/me': 'me',
      '/leagues': 'leagues',
      '/join': 'leagues',
      '/stats': 'stats',
      '/rules': 'rules',
    } as const;
    expect(sectionOf('/')).toBe('today');
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(heads)),
        fc.array(segment, { maxLength: 3 }),
        (head, rest) => {
          const path = [head, ...rest].join('/');
          expect(sectionOf(path)).toBe(heads[head as keyof typeof heads]);
        },
      ),
    );
  });

  it('marks no entry on a page outside the nav, or on one whose name only begins like an entry', () => {
    for (const path of [
      '/privacy',
      '/api-reference',
      '/signin',
      '/moderation',
      '/players',
      '/playground',
      '/rules-x',
    ])
      expect(sectionOf(path)).toBeNull();
  });
});
