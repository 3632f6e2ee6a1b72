import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from './names.ts';
import { DELETED_NAME, leagueStandInName, parseStandInName, standInName, standInTag } from './stand-in.ts';

describe('standInName', () => {
  it('is the same for one id and a valid display name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        const name = standInName(id);
        expect(standInName(id)).toBe(name);
        expect(name).toMatch(/^Golfer [0-9A-F]{4}$/);
        expect(normalizeName(name)).toEqual({ ok: true, value: name });
      }),
    );
  });

  it('spreads ids over the tags: 2,000 random ids share few tags', () => {
    const ids = fc.sample(fc.uuid(), 2000);
    const tags = new Set(ids.map(standInTag));
    // 2,000 draws from 65,536 tags: about 30 collide by chance; a hash that ignores most of the id collides far more.
    expect(tags.size).toBeGreaterThan(1900);
  });

  it('differs for ids that differ in one character', () => {
    expect(standInTag('p_aaaaaaaa')).not.toBe(standInTag('p_aaaaaaab'));
    expect(standInTag('p_aaaaaaaa')).not.toBe(standInTag('p_baaaaaaa'));
  });
});

describe('leagueStandInName', () => {
  it('carries the same tag as a player of that id would, under another word, and is a valid league name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        const name = leagueStandInName(id);
        expect(name).toMatch(/^League [0-9A-F]{4}$/);
        expect(name.slice(-4)).toBe(standInName(id).slice(-4));
        expect(normalizeName(name)).toEqual({ ok: true, value: name });
      }),
    );
  });
});

describe('parseStandInName', () => {
  it('reads back the kind and the tag of every stand-in it makes, for players and leagues', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        const tag = standInTag(id);
        expect(parseStandInName(standInName(id))).toEqual({ kind: 'player', tag });
        expect(parseStandInName(leagueStandInName(id))).toEqual({ kind: 'league', tag });
      }),
    );
  });

  it('is null for any other name: a chosen one, the deleted name, a near miss', () => {
    for (const name of [
      DELETED_NAME,
      'Golfer Anne',
      'Golfer 4f2a',
      'Golfer 4F2A ',
      'Golfer 4F2AB',
      'Golfers 4F2A',
      'Ada',
    ])
      expect(parseStandInName(name), name).toBeNull();
  });
});
