/**
 * The API as a library: the app, its typed routes for `hc<AppType>`, and the contract's types. The Worker itself
 * (with its Durable Object classes) is `worker.ts`, so importing this never pulls in Workers-only modules.
 */
export { createApp, type AppType } from './app.ts';
export type { ErrorBody, ErrorCode } from './errors.ts';
export type { CourseView, HoleView } from './services/course.ts';
export type { PerfectResult } from './ports/perfect-play.ts';
export type { AttemptView, AttemptHoleView, DrawView, HoleResultView } from './attempt-object/fair-stock.ts';
export type { StandingsView, StandingEntry } from './services/standings.ts';
export type { ReplayView } from './services/replays.ts';
export type { DayHolesView, HoleFieldView } from './services/holes.ts';
export type { RoundAuditView, UnderReviewView, AuditProgress } from './services/audit.ts';
export type { NewPlayer, PlayerView } from './services/players.ts';
export type { HistoryView, HistoryRound, HistorySummary } from './services/history.ts';
export type { LeagueView, MyLeague, SeasonView, SeasonEntry, SeasonPeriod } from './services/leagues.ts';
export type { TransferCodeView } from './services/devices.ts';
export type { PasskeyView } from './services/passkeys.ts';
export type { ReminderSettings, SubscriptionView } from './services/push.ts';
export type { ReminderKind } from './ports/push.ts';
export type { AuditVerdict, DistributionEntry, ReviewRound } from './views.ts';
export type { DeletedPlayer, ExportRound, PlayerExport } from './services/privacy.ts';
export type { PushMessage, PushSubscriptionJson } from './push/message.ts';
export type { ReportView } from './services/reports.ts';
export type {
  ModerationItem,
  ModerationLog,
  ModerationLogEntry,
  ModerationQueue,
} from './services/moderation.ts';
export type { NameTarget } from './views.ts';
