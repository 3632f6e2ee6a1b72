import { deckOfText, deckText } from '../deck-text.ts';
import type { CourseHoleRecord, CourseRecord, CourseStore, PerfectRecord } from '../../ports/courses.ts';
import { D1Store } from './statements.ts';

export class D1CourseStore extends D1Store implements CourseStore {
  async course(date: string): Promise<CourseRecord | null> {
    const [courses, holes] = await this.sql.batch([
      this.sql.read('SELECT date, generator_version, rules, created_at FROM courses WHERE date = ?', date),
      this.sql.read(
        'SELECT hole, deck, perfect_strokes, perfect_log, perfect_exact FROM course_holes WHERE date = ? ORDER BY hole',
        date,
      ),
    ]);
    const row = (courses?.results as CourseRow[] | undefined)?.[0];
    if (!row) return null;
    return {
      date: row.date,
      generatorVersion: row.generator_version,
      rules: row.rules,
      createdAt: row.created_at,
      holes: ((holes?.results ?? []) as CourseHoleRow[]).map(toCourseHole),
    };
  }
  async insertCourse(course: CourseRecord): Promise<void> {
    // One transaction: a reader that sees the course row sees all nine holes.
    await this.sql.batch([
      this.sql.write(
        'INSERT OR IGNORE INTO courses (date, generator_version, rules, created_at) VALUES (?, ?, ?, ?)',
        course.date,
        course.generatorVersion,
        course.rules,
        course.createdAt,
      ),
      ...course.holes.map((h) =>
        this.sql.write(
          `INSERT OR IGNORE INTO course_holes (date, hole, deck, perfect_strokes, perfect_log, perfect_exact)
           VALUES (?, ?, ?, ?, ?, ?)`,
          course.date,
          h.hole,
          deckText(h.deck),
          h.perfect?.strokes ?? null,
          h.perfect?.log ?? null,
          h.perfect === null ? null : h.perfect.exact ? 1 : 0,
        ),
      ),
    ]);
  }
  async setPerfect(date: string, hole: number, perfect: PerfectRecord): Promise<void> {
    await this.sql
      .write(
        `UPDATE course_holes SET perfect_strokes = ?, perfect_log = ?, perfect_exact = ?
       WHERE date = ? AND hole = ? AND perfect_log IS NULL`,
        perfect.strokes,
        perfect.log,
        perfect.exact ? 1 : 0,
        date,
        hole,
      )
      .run();
  }
}

interface CourseRow {
  date: string;
  generator_version: number;
  rules: string;
  created_at: number;
}

interface CourseHoleRow {
  hole: number;
  deck: string;
  perfect_strokes: number | null;
  perfect_log: string | null;
  perfect_exact: number | null;
}

function toCourseHole(row: CourseHoleRow): CourseHoleRecord {
  const deck = deckOfText(row.deck);
  const perfect =
    row.perfect_log === null || row.perfect_strokes === null
      ? null
      : { strokes: row.perfect_strokes, log: row.perfect_log, exact: row.perfect_exact === 1 };
  return { hole: row.hole, deck, perfect };
}
