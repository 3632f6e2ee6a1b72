import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDataBlock } from './page-data.ts';

/** The element's text as an HTML parser reads a script element: everything up to the first `</script`. */
function scriptText(html: string): string {
  const open = html.indexOf('>') + 1;
  const close = html.toLowerCase().indexOf('</script', open);
  return html.slice(open, close);
}

describe('jsonDataBlock', () => {
  it('gives back any JSON value through the text an HTML parser reads, and ends where it should', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        for (const v of [value, { text }, [`</script>${text}`, '<!--', '&amp;', text]]) {
          const html = jsonDataBlock('golf-course', v);
          expect(html.startsWith('<script type="application/json" id="golf-course">')).toBe(true);
          // The block's own end tag is the first one: nothing inside can close it, open a comment or a reference.
          expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script>'.length);
          expect(scriptText(html)).not.toMatch(/[<>&]/);
          expect(JSON.parse(scriptText(html))).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
    );
  });

  it('refuses an id that would need escaping', () => {
    for (const id of ['', 'a"b', 'A', 'a b', '1a', 'a>'])
      expect(() => jsonDataBlock(id, null)).toThrow(/not a data block id/);
  });
});
