export {
  FIRST_DATE,
  DAY_MS,
  type DayState,
  isDate,
  utcDate,
  opensAt,
  closesAt,
  addDays,
  nextCourseAt,
  dayState,
} from './dates.ts';
export { MARKS_MAX, NAME_MAX, NAME_WIDTH_MAX, normalizeName } from './names.ts';
export { ERROR_STATUS, type ErrorCode, type ErrorBody, isErrorCode } from './errors.ts';
export {
  type NameStandIn,
  type ReportReason,
  DELETED_NAME,
  REPORT_REASONS,
  leagueStandInName,
  standInName,
  standInTag,
} from './stand-in.ts';
