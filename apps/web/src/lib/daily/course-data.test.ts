import { COURSE_DATA_ID, jsonDataBlock } from '@golf/contract/page-data';
import { describe, expect, it } from 'vitest';
import { DailyServer } from '../testing/daily-server.ts';
import { parseCourseData, takeCourseData } from './course-data.ts';

const noon = new Date('2026-11-30T12:00:00.000Z');
/** The text of the block as the Worker writes it (the element's text, as a browser parses it). */
const text = (value: unknown): string =>
  /^<script[^>]*>(.*)<\/script>$/s.exec(jsonDataBlock(COURSE_DATA_ID, value))![1]!;

describe('the course in the page', () => {
  it("is today's open course, as the API answers it", async () => {
    const course = await new DailyServer('2026-11-30').course();
    expect(parseCourseData(text(course), noon)).toEqual(course);
    // Another day's (a page kept past midnight), a closed one, or not a course at all: the API is asked instead.
    expect(parseCourseData(text(course), new Date('2026-12-01T00:00:01.000Z'))).toBeNull();
    expect(parseCourseData(text({ ...course, closed: true }), noon)).toBeNull();
    for (const bad of [
      '',
      '{',
      'null',
      '[]',
      '{"date":"2026-11-30","closed":false}',
      text({ ...course, holes: 9 }),
    ])
      expect(parseCourseData(bad, noon)).toBeNull();
  });

  it('is read once per page load', async () => {
    const course = await new DailyServer('2026-11-30').course();
    const doc = {
      getElementById: (id: string) => (id === COURSE_DATA_ID ? { textContent: text(course) } : null),
    };
    expect(takeCourseData(doc as unknown as Document, noon)).toEqual(course);
    expect(takeCourseData(doc as unknown as Document, noon)).toBeNull();
  });
});
