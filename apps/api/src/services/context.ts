import type { Storage } from '../storage/storage.ts';
import type { Course, PerfectPlay } from './course.ts';

/** What every service gets: plain values, no HTTP. */
export interface ServiceContext {
  readonly storage: Storage;
  readonly secret: string;
  readonly now: Date;
  readonly perfect: PerfectPlay;
  /** Courses already read from storage (they never change), per app instance. */
  readonly courses: Map<string, Course>;
  /** Token hash to player id, per app instance. */
  readonly tokens: Map<string, string>;
}
