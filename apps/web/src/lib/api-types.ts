/**
 * The HTTP contract of the daily course API (docs/api.md), as the web reads it: the API's own response types,
 * under the names the web uses, so the contract has one source. Cards are in board-text form (`TD`), holes are
 * numbered 1..9, dates are UTC `YYYY-MM-DD`.
 */
import type {
  AttemptHoleView,
  AuditProgress as AuditProgressView,
  AttemptView,
  CourseView,
  DayHolesView,
  DrawView,
  HoleResultView,
  HistoryView,
  HoleView,
  LeagueView,
  MyLeague,
  NewPlayer,
  PasskeyView,
  PlayerView,
  ReminderSettings as ReminderSettingsView,
  ReplayView,
  RoundAuditView,
  PerfectResult,
  SeasonView,
  StandingEntry,
  StandingsView,
  SubscriptionView,
  TransferCodeView,
  UnderReviewView,
} from '@golf/api';
import type { ErrorCode } from '@golf/contract';

export type Player = PlayerView;
export type PlayerWithToken = NewPlayer;
export type CourseHole = HoleView;
export type Course = CourseView;
/** `log`: the log the server recorded (at the last draw, or the final log once the hole is over). */
export type AttemptHole = AttemptHoleView;
/** `hole`: the hole being played, or null once finished. */
export type Attempt = AttemptView;
export type DrawAnswer = DrawView;
export type HoleAnswer = HoleResultView;
export type StandingsEntry = StandingEntry;
export type DistributionBar = StandingsView['distribution'][number];
export type MyStanding = NonNullable<StandingsView['me']>;
export type Standings = StandingsView;
export type Replay = ReplayView;
/** A closed day hole by hole against its ranked field: perfect play, clears, median (may end in .5) and distribution. */
export type DayHoles = DayHolesView;
export type HoleField = DayHolesView['holes'][number];
/** A closed day's fair-play audit: finished rounds, how many are audited and flagged, whether it is done. */
export type AuditProgress = AuditProgressView;
/** One round's audit: `pending` (verdict null) until done; each hole's telling moves, `at` 0-based in its log. */
export type { PerfectResult, RoundAuditView };
export type AuditVerdict = NonNullable<RoundAuditView['verdict']>;
export type TellingMove = RoundAuditView['holes'][number]['telling'][number];
/** A closed day's rounds under review, lowest p-value first. */
export type UnderReview = UnderReviewView;
export type ReviewRound = UnderReviewView['rounds'][number];
export type TransferCode = TransferCodeView;
export type Passkey = PasskeyView;
export type History = HistoryView;
export type HistoryRound = HistoryView['rounds'][number];
export type League = LeagueView;
export type LeagueMembership = MyLeague;
export type Season = SeasonView;
/** A player's reminders: an hour (0–23) on their clock in `timeZone`, and which kinds (`[]`: off). */
export type ReminderSettings = ReminderSettingsView;
export type ReminderKind = ReminderSettingsView['kinds'][number];
/** One device a player receives reminders on. */
export type PushDevice = SubscriptionView;
export type SeasonEntry = SeasonView['entries'][number];

/**
 * A failure's code: one of the API's (the contract's table), or one the client adds: `ERR_NETWORK` (no answer;
 * status 0), `ERR_BAD_RESPONSE` (an answer outside the contract: not JSON, not the error shape, an unknown code, a
 * course or card that does not parse), `ERR_PASSKEY` (the browser's passkey prompt gave no credential) and
 * `ERR_PUSH` (the browser refused notifications or a push subscription).
 */
export type FailureCode = ErrorCode | 'ERR_NETWORK' | 'ERR_BAD_RESPONSE' | 'ERR_PASSKEY' | 'ERR_PUSH';

/** Every failure the client sees: the API's `{error:{code,message}}`, or one of the client's own codes. */
export interface ApiFailure {
  readonly status: number;
  readonly code: FailureCode;
  readonly message: string;
  readonly at?: number;
}
