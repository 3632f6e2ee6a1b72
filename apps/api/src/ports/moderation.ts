import type { ReportReason } from '@golf/contract';

/**
 * Reports of names and what moderators do about them (docs/names.md): a player's or a league's name is reported,
 * hidden by enough reports or by a moderator, restored, or its reports dismissed; every such act is logged. Times
 * are milliseconds since the epoch.
 */
export interface ModerationStore {
  /** A player's or a league's stored name and whether it is hidden; null when there is no such target. */
  target(target: Target): Promise<TargetRecord | null>;
  /** The reporter's report of `name` on `target`, if they made one. */
  reportOf(reporterId: string, target: Target, name: string): Promise<ReportRecord | null>;
  /** How many reports the reporter made at or after `since`. */
  reportsSince(reporterId: string, since: number): Promise<number>;
  /**
   * Files a report of the target's current name (`report.name`) unless the reporter already made it, in one
   * transaction with what it causes: when the target's open counting reports reach `threshold` and the name is
   * still `report.name` and shown, the name is hidden (by `reports`) and that is logged. A name hidden or renamed
   * since it was read gets no report (`filed: null`).
   */
  fileReport(report: NewReport, threshold: number): Promise<FiledReport>;
  /**
   * The names waiting for a moderator, oldest first: every target with open reports (since its oldest), and every
   * name the name check hid that no moderator has acted on (since it was hidden). `reporters` lists at most
   * {@link REPORTERS_LISTED} of each item's open reports, oldest first.
   */
  queue(limit: number, offset: number): Promise<{ total: number; items: QueueRecord[] }>;
  /**
   * A moderator's act on a target, in one transaction: logged with the name as stored and the number of open
   * reports it closes; `hide` hides the name (kept hidden, by a moderator), `restore` shows it again, `dismiss`
   * leaves it as it is; each closes the target's open reports. Null when there is no such target.
   */
  act(action: ModeratorAction, target: Target, moderatorId: string, now: number): Promise<LogRecord | null>;
  /** The moderation log, newest first. */
  log(limit: number, offset: number): Promise<{ total: number; entries: LogRecord[] }>;
  /**
   * Hides a stored name the name check refuses (by `check`, logged), unless it was renamed or hidden since it was
   * read. True when it hid it.
   */
  hideByCheck(target: Target, name: string, now: number): Promise<boolean>;
}

/** At most this many reporters are listed per name in the moderators' list (their count is always given). */
export const REPORTERS_LISTED = 20;

export type TargetKind = 'player' | 'league';

export interface Target {
  readonly kind: TargetKind;
  readonly id: string;
}

/** What hid a name. */
export type HiddenBy = 'reports' | 'moderator' | 'check';

export type ModeratorAction = 'hide' | 'restore' | 'dismiss';

export interface TargetRecord extends Target {
  /** The name as stored (never a stand-in). */
  readonly name: string;
  readonly hiddenAt: number | null;
  readonly hiddenBy: HiddenBy | null;
  /** The player whose name it is, or the league's creator: who may rename it, and who may not report it. */
  readonly ownerId: string;
}

export interface NewReport {
  readonly reporterId: string;
  readonly target: Target;
  readonly name: string;
  readonly reason: ReportReason;
  /** Whether the reporter has finished a ranked round: only then does the report count toward hiding. */
  readonly counts: boolean;
  readonly at: number;
}

export interface ReportRecord {
  readonly reason: ReportReason;
  readonly counts: boolean;
  readonly at: number;
}

export interface FiledReport {
  /** The report filed, or null when the name changed (hidden or renamed) since it was read. */
  readonly filed: ReportRecord | null;
  /** Whether this report hid the name. */
  readonly hid: boolean;
}

export interface QueueRecord {
  readonly target: TargetRecord;
  /** The oldest open report, or when the name check hid the name. */
  readonly since: number;
  /** Open reports, and how many of them count toward hiding. */
  readonly reports: number;
  readonly counted: number;
  readonly reasons: Readonly<Record<ReportReason, number>>;
  readonly reporters: readonly ReporterRecord[];
}

export interface ReporterRecord {
  readonly playerId: string;
  /** The reporter's name as stored. */
  readonly name: string;
  readonly reason: ReportReason;
  readonly counts: boolean;
  readonly at: number;
}

export type LogActor = 'moderator' | 'reports' | 'check' | 'owner';
export type LogAction = ModeratorAction | 'rename';

export interface LogRecord {
  readonly id: number;
  readonly at: number;
  /** The moderator, or the owner who renamed; null when reports or the name check acted. */
  readonly actorId: string | null;
  readonly actor: LogActor;
  readonly action: LogAction;
  readonly target: Target;
  /** The name acted on, as stored then. */
  readonly name: string;
  /** Open reports the act closed (for a hide by reports: the open reports that hid it). */
  readonly reports: number;
}
