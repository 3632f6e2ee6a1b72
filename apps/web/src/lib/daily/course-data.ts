/**
 * Today's course as the Worker put it into the HTML of `/` (a JSON data block, `COURSE_DATA_ID`), so the page
 * paints the course without asking the API. Read once per page load: a page that stays open past midnight, or comes
 * back to `/` inside the app, asks the API instead.
 */
import type { CourseView } from '@golf/api';
import { utcDate } from '@golf/contract';
import { COURSE_DATA_ID } from '@golf/contract/page-data';
import { dataBlockObject } from '../data-block.ts';

let taken = false;

/**
 * The course of the data block if it is today's (`now`, UTC) and open, else null. The rest of its shape is checked
 * where the course is opened (`DailyCourse`), as for the API's answer.
 */
export function parseCourseData(text: string, now: Date): CourseView | null {
  const value = dataBlockObject(text);
  if (value === null || value.date !== utcDate(now) || value.closed !== false) return null;
  if (typeof value.rules !== 'string' || !Array.isArray(value.holes)) return null;
  return value as unknown as CourseView;
}

/** The page's course data, the first time it is asked for in this page load; null after that or without one. */
export function takeCourseData(doc: Pick<Document, 'getElementById'>, now: Date): CourseView | null {
  if (taken) return null;
  taken = true;
  const text = doc.getElementById(COURSE_DATA_ID)?.textContent;
  return text ? parseCourseData(text, now) : null;
}
