import type { Card } from '@golf/engine';

/** The daily courses: full deals, generator version and each hole's perfect play. Deals never change. Times are milliseconds since the epoch. */
export interface CourseStore {
  course(date: string): Promise<CourseRecord | null>;
  /** Writes a course's deals unless one exists for its date (the first writer wins; deals never change). */
  insertCourse(course: CourseRecord): Promise<void>;
  /** Records a hole's perfect play where it is still missing. */
  setPerfect(date: string, hole: number, perfect: PerfectRecord): Promise<void>;
}

export interface PerfectRecord {
  readonly strokes: number;
  readonly log: string;
  readonly exact: boolean;
}

export interface CourseHoleRecord {
  readonly hole: number;
  /** The full deck in deal order. */
  readonly deck: readonly Card[];
  /** Null until computed (after the deals are stored; never on a request's path). */
  readonly perfect: PerfectRecord | null;
}

export interface CourseRecord {
  readonly date: string;
  readonly generatorVersion: number;
  readonly rules: string;
  readonly createdAt: number;
  readonly holes: readonly CourseHoleRecord[];
}
