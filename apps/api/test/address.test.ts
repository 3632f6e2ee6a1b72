import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/services/address.ts';

describe('client address keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0000:ffff:ffff:ffff:ffff', '2001:db8:0:0::/64'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['[2001:db8::7]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::FFFF:c633:6404', '198.51.100.4'],
    ['::1', '0:0:0:0::/64'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4::/64'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4::/64'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%j is keyed %j', (header, key) => expect(addressKey(header)).toBe(key));

  it.each(['1.2.3', '256.1.1.1', '1:2:3:4:5:6:7:8:9', '1::2::3', 'gggg::1', 'not an address'])(
    '%j is not an address and gets a key of its own kind',
    (header) => expect(addressKey(header)).toMatch(/^other\//),
  );

  it('every address in one /64 shares a key; the next /64 does not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (groups, otherHost, upper) => {
          const text = (g: number[]) => g.map((x) => x.toString(16)).join(':');
          const a = text(groups);
          const b = text([...groups.slice(0, 4), ...otherHost]);
          const key = addressKey(upper ? a.toUpperCase() : a);
          expect(addressKey(b)).toBe(key);
          const next = groups.slice();
          next[3] = (next[3]! + 1) % 0x10000;
          if (!(next.slice(0, 5).every((g) => g === 0) && next[5] === 0xffff))
            expect(addressKey(text(next))).not.toBe(key);
        },
      ),
    );
  });
});
