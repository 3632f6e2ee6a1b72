/**
 * What the API answers, as zod schemas: the one definition of every response body. The services' view types are
 * inferred from these (`z.infer`), the OpenAPI document (openapi.json) is generated from them, and the tests check
 * every answer they receive against the document. Objects are strict: a field the document does not name fails.
 */
import { PUSH_LANGUAGES } from '@golf/contract/push';
import { ERROR_STATUS, REPORT_REASONS, type ErrorCode } from '@golf/contract';
import { PRESET_NAMES } from '@golf/engine';
import { z } from 'zod';

const date = z.string().meta({ format: 'date', example: '2026-06-15' });
const instant = z.string().meta({ format: 'date-time', example: '2026-06-15T12:00:00.000Z' });
const count = z.number().int().min(0);
const card = z
  .string()
  .meta({ description: 'A card as board text: rank then suit, e.g. `QH`', example: 'QH' });
const log = z
  .string()
  .meta({ description: 'A hole log: `1`-`7` play that column, `d` draws', example: '13d2' });

/**
 * Beside every name an answer carries: why the name shown is a stand-in ("Golfer 4F2A", "League 4F2A") rather than
 * the player's or the league's own, or null when it is their own (docs/names.md).
 */
export const standInSchema = z.enum(['hidden', 'deleted']).nullable().meta({
  id: 'NameStandIn',
  description:
    'Null when `name` is the name chosen; `hidden` when it was hidden (by reports or a moderator) and `name` is its stand-in',
});

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The body of every error: a code a client can act on and words for a person. */
export const errorBodySchema = (codes: readonly ErrorCode[] = ERROR_CODES) =>
  z.strictObject({
    error: z.strictObject({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      at: count.optional().meta({ description: 'The 0-based index of an illegal move in a log' }),
    }),
  });

export const healthSchema = z.strictObject({ ok: z.literal(true) }).meta({ id: 'Health' });

export const holeViewSchema = z
  .strictObject({
    hole: z.number().int().min(1).max(9),
    columns: z.array(z.array(card)),
    waste: z.string().meta({ description: 'The opening waste card, or `-` for none' }),
    stockSize: count,
    stock: z.array(card).optional().meta({ description: 'Once the day is closed' }),
    perfect: z
      .strictObject({ strokes: z.number().int(), log })
      .optional()
      .meta({ description: 'Once the day is closed: perfect play, the stock known' }),
  })
  .meta({ id: 'HoleView' });

export const courseViewSchema = z
  .strictObject({
    date,
    rules: z.enum(PRESET_NAMES),
    par: z.number().int(),
    opensAt: instant,
    closesAt: instant,
    closed: z.boolean(),
    auditSalt: z
      .string()
      .optional()
      .meta({ description: "Once the day is closed: the salt of the audit's orders" }),
    holes: z.array(holeViewSchema),
  })
  .meta({ id: 'CourseView' });

export const attemptHoleViewSchema = z
  .strictObject({
    hole: z.number().int().min(1).max(9),
    log: log.meta({ description: 'Up to the last draw while played; the verified final log once finished' }),
    drawn: z.array(card).meta({ description: 'The stock cards drawn so far, in draw order' }),
    strokes: z.number().int().nullable(),
  })
  .meta({ id: 'AttemptHoleView' });

export const attemptViewSchema = z
  .strictObject({
    date,
    hole: z.number().int().nullable().meta({ description: 'The hole being played, null once finished' }),
    finished: z.boolean(),
    total: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Strokes of the finished holes, null before the first' }),
    holes: z.array(attemptHoleViewSchema),
  })
  .meta({ id: 'AttemptView' });

export const drawViewSchema = z
  .strictObject({ hole: z.number().int(), card, stockLeft: count })
  .meta({ id: 'DrawView' });

export const holeResultViewSchema = z
  .strictObject({
    hole: z.number().int(),
    strokes: z.number().int(),
    total: z.number().int().meta({ description: 'The total after this hole' }),
    finished: z.boolean(),
  })
  .meta({ id: 'HoleResultView' });

export const auditProgressSchema = z
  .strictObject({
    rounds: count.meta({ description: 'Finished rounds of the day' }),
    audited: count,
    flagged: count,
    complete: z
      .boolean()
      .meta({ description: "True once every round is audited: the day's standings are final" }),
  })
  .meta({ id: 'AuditProgress' });

const distributionSchema = z.array(z.strictObject({ total: z.number().int(), count }));

export const standingEntrySchema = z
  .strictObject({
    rank: z.number().int().min(1),
    playerId: z.string(),
    name: z.string(),
    standIn: standInSchema,
    total: z.number().int(),
    holesFinished: count,
    holes: z
      .array(z.number().int())
      .readonly()
      .nullable()
      .meta({ description: "Strokes per hole; while the day is open only the caller's own entry has them" }),
    finishedAt: instant,
  })
  .meta({ id: 'StandingEntry' });

export const standingsViewSchema = z
  .strictObject({
    date,
    closed: z.boolean(),
    players: count.meta({ description: 'Ranked finishers' }),
    playing: count.meta({ description: 'Players who started and have not finished' }),
    underReview: count,
    audit: auditProgressSchema.nullable(),
    entries: z.array(standingEntrySchema),
    distribution: distributionSchema,
    me: z
      .strictObject({
        rank: z.number().int().min(1),
        total: z.number().int(),
        percentile: z.number().min(0).max(100),
        holes: z.array(z.number().int()).readonly(),
      })
      .nullable()
      .meta({ description: "The caller's place, when a token is sent and its player is ranked" }),
  })
  .meta({ id: 'StandingsView' });

export const replayViewSchema = z
  .strictObject({
    date,
    playerId: z.string(),
    name: z.string(),
    standIn: standInSchema,
    finished: z.boolean(),
    total: z.number().int().nullable(),
    holes: z.array(z.strictObject({ hole: z.number().int(), log, strokes: z.number().int() })),
  })
  .meta({ id: 'ReplayView' });

export const holeFieldViewSchema = z
  .strictObject({
    hole: z.number().int(),
    perfect: z.number().int().meta({ description: "Perfect play's strokes (the stock known)" }),
    cleared: count,
    median: z.number().nullable(),
    distribution: z
      .array(z.tuple([z.number().int(), count]))
      .meta({ description: '`[strokes, count]`, ascending' }),
  })
  .meta({ id: 'HoleFieldView' });

export const dayHolesViewSchema = z
  .strictObject({ date, finishers: count, holes: z.array(holeFieldViewSchema) })
  .meta({ id: 'DayHolesView' });

const auditMoveSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('play'), column: z.number().int(), card }),
  z.strictObject({ kind: z.literal('draw') }),
]);

export const tellingViewSchema = z
  .strictObject({
    at: count,
    move: z.string(),
    reason: z
      .strictObject({
        kind: z.literal('regret'),
        taken: auditMoveSchema,
        playable: z.array(card).readonly(),
        blindBest: auditMoveSchema,
        strokes: z.number(),
        realStrokes: z.number(),
        rank: z.number().int(),
        of: z.number().int(),
      })
      .optional(),
    why: z.string().optional().meta({ description: 'Plain words, from an earlier audit version' }),
  })
  .meta({ id: 'TellingView' });

export const roundAuditViewSchema = z
  .strictObject({
    date,
    playerId: z.string(),
    name: z.string(),
    standIn: standInSchema,
    total: z.number().int(),
    status: z.enum(['pending', 'done']),
    verdict: z
      .strictObject({
        flagged: z.boolean(),
        pValue: z
          .number()
          .meta({ description: 'The chance that an honest round shows this much evidence (a bound)' }),
        telling: count,
        decisions: count,
      })
      .nullable()
      .meta({ description: 'Null while pending' }),
    holes: z.array(z.strictObject({ hole: z.number().int(), telling: z.array(tellingViewSchema) })).meta({
      description:
        "Each audited hole's telling decisions: `reason` as data, or `why` from an earlier version",
    }),
    day: auditProgressSchema.nullable(),
  })
  .meta({ id: 'RoundAuditView' });

export const underReviewViewSchema = z
  .strictObject({
    date,
    audit: auditProgressSchema.nullable(),
    rounds: z
      .array(
        z.strictObject({
          playerId: z.string(),
          name: z.string(),
          standIn: standInSchema,
          total: z.number().int(),
          pValue: z.number(),
          telling: count,
          decisions: count,
        }),
      )
      .readonly(),
  })
  .meta({ id: 'UnderReviewView' });

export const playerViewSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    standIn: standInSchema.meta({
      description:
        'For the caller: `hidden` when their name was hidden after reports or by a moderator (`name` is then its stand-in, as everyone sees it): choose a new name before the next ranked round',
    }),
  })
  .meta({ id: 'PlayerView' });

export const newPlayerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    standIn: standInSchema,
    token: z
      .string()
      .meta({ description: 'The bearer token: keep it, it is the only way back to this player' }),
  })
  .meta({ id: 'NewPlayer' });

const streakSchema = z.strictObject({ current: count, best: count });

export const historyRoundSchema = z
  .strictObject({
    date,
    total: z.number().int(),
    rank: z.number().int().nullable().meta({ description: 'Null for a round under review' }),
    finishers: count,
    strokes: z.array(z.number().int()).readonly(),
    review: z.boolean(),
  })
  .meta({ id: 'HistoryRound' });

export const historyViewSchema = z
  .strictObject({
    played: count,
    streak: streakSchema,
    underPar: streakSchema,
    best: z.strictObject({ date, total: z.number().int() }).nullable(),
    distribution: distributionSchema.readonly(),
    rounds: z.array(historyRoundSchema).readonly(),
  })
  .meta({ id: 'HistoryView' });

export const leagueViewSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    standIn: standInSchema,
    code: z.string().meta({ description: 'The invite code' }),
    createdBy: z.string().meta({ description: 'The player who created it: the only one who may rename it' }),
    members: count,
    createdAt: instant,
  })
  .meta({ id: 'LeagueView' });

export const myLeagueSchema = leagueViewSchema.extend({ joinedAt: instant }).meta({ id: 'MyLeague' });

export const SEASON_PERIODS = ['week', 'month'] as const;

export const seasonEntrySchema = z
  .strictObject({
    rank: z.number().int().min(1),
    playerId: z.string(),
    name: z.string(),
    standIn: standInSchema,
    total: z.number().int(),
    counted: count,
    rounds: count,
  })
  .meta({ id: 'SeasonEntry' });

export const seasonViewSchema = z
  .strictObject({
    leagueId: z.string(),
    period: z.enum(SEASON_PERIODS),
    from: date,
    to: date,
    best: count,
    players: count,
    entries: z.array(seasonEntrySchema),
    me: seasonEntrySchema.nullable(),
  })
  .meta({ id: 'SeasonView' });

export const newLeagueSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  standIn: standInSchema,
  code: z.string(),
});
export const joinedLeagueSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  standIn: standInSchema,
});
export const leftLeagueSchema = z.strictObject({ id: z.string(), left: z.literal(true) });
export const myLeaguesSchema = z.strictObject({ leagues: z.array(myLeagueSchema) });

export const transferCodeViewSchema = z
  .strictObject({ code: z.string(), expiresAt: instant })
  .meta({ id: 'TransferCodeView' });

export const tokenSchema = z.strictObject({ token: z.string() });

export const passkeyViewSchema = z
  .strictObject({ id: z.string(), createdAt: instant, lastUsedAt: instant.nullable() })
  .meta({ id: 'PasskeyView' });

export const passkeysSchema = z.strictObject({ passkeys: z.array(passkeyViewSchema) });

const credentialDescriptor = z.strictObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** WebAuthn's `PublicKeyCredentialCreationOptionsJSON`, as the server library makes it. */
export const registrationOptionsSchema = z
  .strictObject({
    challenge: z.string(),
    rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
    user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.strictObject({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .strictObject({
        authenticatorAttachment: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.string().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.string().optional(),
    attestationFormats: z.array(z.string()).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'RegistrationOptions' });

/** WebAuthn's `PublicKeyCredentialRequestOptionsJSON`. */
export const signInOptionsSchema = z
  .strictObject({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'SignInOptions' });

export const REMINDER_KINDS = ['open', 'closing'] as const;

export const reminderSettingsSchema = z
  .strictObject({
    hour: z.number().int().min(0).max(23),
    timeZone: z.string().meta({ example: 'Europe/Paris' }),
    kinds: z.array(z.enum(REMINDER_KINDS)).readonly(),
    language: z
      .enum(PUSH_LANGUAGES)
      .meta({ description: 'The language reminders are written in (English until the player sets one)' }),
  })
  .meta({ id: 'ReminderSettings' });

export const subscriptionViewSchema = z
  .strictObject({ id: z.string(), endpoint: z.string(), createdAt: instant })
  .meta({ id: 'SubscriptionView' });

export const subscriptionsSchema = z.strictObject({ subscriptions: z.array(subscriptionViewSchema) });
export const subscribedSchema = z.strictObject({ id: z.string() });
export const pushKeySchema = z.strictObject({
  key: z.string().meta({ description: 'The VAPID public key' }),
});

export const TARGET_KINDS = ['player', 'league'] as const;

export const nameTargetSchema = z
  .strictObject({ kind: z.enum(TARGET_KINDS), id: z.string() })
  .meta({ id: 'NameTarget', description: "A player's name or a league's" });

export const reportViewSchema = z
  .strictObject({ target: nameTargetSchema, reason: z.enum(REPORT_REASONS), reportedAt: instant })
  .meta({ id: 'ReportView' });

const reasonCounts = z.strictObject({ offensive: count, impersonation: count, other: count });

export const moderationItemSchema = z
  .strictObject({
    target: nameTargetSchema,
    name: z.string().meta({ description: 'The name as stored, hidden or not' }),
    standIn: standInSchema.meta({ description: '`hidden` while everyone else sees a stand-in' }),
    hiddenBy: z.enum(['reports', 'moderator', 'check']).nullable(),
    hiddenAt: instant.nullable(),
    since: instant.meta({ description: 'The oldest open report, or when the name check hid the name' }),
    reports: count.meta({ description: 'Open reports' }),
    counted: count.meta({
      description: 'Open reports that count toward hiding (their reporter had a ranked round)',
    }),
    reasons: reasonCounts,
    reporters: z
      .array(
        z.strictObject({
          playerId: z.string(),
          name: z.string().meta({ description: "The reporter's name as stored" }),
          reason: z.enum(REPORT_REASONS),
          counts: z.boolean(),
          reportedAt: instant,
        }),
      )
      .meta({ description: 'The oldest 20 open reports' }),
  })
  .meta({ id: 'ModerationItem' });

export const moderationQueueSchema = z
  .strictObject({
    total: count.meta({ description: 'Names waiting for a moderator' }),
    items: z.array(moderationItemSchema),
  })
  .meta({ id: 'ModerationQueue' });

export const moderationLogEntrySchema = z
  .strictObject({
    id: z.number().int(),
    at: instant,
    actorId: z
      .string()
      .nullable()
      .meta({ description: 'The moderator, or the owner who renamed; null for reports and the name check' }),
    actor: z.enum(['moderator', 'reports', 'check', 'owner']),
    action: z.enum(['hide', 'restore', 'dismiss', 'rename']),
    target: nameTargetSchema,
    name: z.string().meta({ description: 'The name acted on, as stored then' }),
    reports: count.meta({
      description: 'Open reports the act closed (or, for a hide by reports, that hid it)',
    }),
  })
  .meta({ id: 'ModerationLogEntry' });

export const moderationLogSchema = z
  .strictObject({ total: count, entries: z.array(moderationLogEntrySchema) })
  .meta({ id: 'ModerationLog' });

const exportHoleSchema = z.strictObject({
  hole: z.number().int().min(1).max(9),
  log: log.meta({ description: 'The verified log' }),
  strokes: z.number().int(),
  finishedAt: instant.nullable().meta({ description: 'Null where the record keeps no time' }),
  drawnAt: z.array(instant).meta({ description: 'The time of each draw, in order' }),
});

export const exportRoundSchema = z
  .strictObject({
    date,
    startedAt: instant.nullable().meta({ description: 'Null where the record keeps no time' }),
    finished: z.boolean(),
    finishedAt: instant.nullable(),
    total: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Strokes of the finished holes, null before the first' }),
    holes: z
      .array(exportHoleSchema)
      .meta({ description: "The finished holes (an unfinished round's, while its attempt is kept)" }),
    review: z.boolean().meta({ description: 'Put under review by the fair-play audit' }),
    verdict: z
      .strictObject({ flagged: z.boolean(), pValue: z.number(), telling: count, decisions: count })
      .nullable()
      .meta({ description: "The fair-play audit's verdict; null until the round is audited" }),
  })
  .meta({ id: 'ExportRound' });

export const playerExportSchema = z
  .strictObject({
    format: z.literal(1),
    exportedAt: instant,
    player: z.strictObject({
      id: z.string(),
      name: z.string().meta({ description: 'The name as stored (also while others see a stand-in)' }),
      nameHidden: z.boolean().meta({ description: 'Others see a stand-in for it' }),
      createdAt: instant,
    }),
    names: z.array(z.strictObject({ name: z.string(), takenAt: instant.nullable() })).meta({
      description: 'Every name taken, oldest first; `takenAt` null for one taken before names were recorded',
    }),
    devices: z.array(z.strictObject({ signedInAt: instant })).meta({
      description:
        'One per device with a token: when it was made (tokens are stored as hashes, never exported)',
    }),
    transferCodes: z
      .array(z.strictObject({ createdAt: instant, expiresAt: instant }))
      .meta({ description: 'Live transfer codes (stored as hashes, never exported)' }),
    passkeys: z.array(
      z.strictObject({
        id: z.string().meta({ description: "The credential's public id" }),
        site: z.string().meta({ description: 'The relying party it was made for' }),
        transports: z.array(z.string()),
        createdAt: instant,
        lastUsedAt: instant.nullable(),
      }),
    ),
    leagues: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        joinedAt: instant,
        createdByYou: z.boolean(),
      }),
    ),
    push: z.strictObject({
      subscriptions: z.array(z.strictObject({ id: z.string(), endpoint: z.string(), createdAt: instant })),
      reminders: z
        .strictObject({
          hour: z.number().int().min(0).max(23),
          timeZone: z.string(),
          kinds: z.array(z.enum(REMINDER_KINDS)),
          updatedAt: instant,
        })
        .nullable()
        .meta({ description: 'Null before any were set' }),
      sent: z
        .array(
          z.strictObject({ date, kind: z.enum(REMINDER_KINDS), subscriptionId: z.string(), sentAt: instant }),
        )
        .meta({ description: 'Reminders sent lately (kept a few days)' }),
    }),
    rounds: z.array(exportRoundSchema).meta({ description: 'Every round started, oldest first' }),
    reports: z
      .array(
        z.strictObject({
          target: nameTargetSchema,
          name: z.string().meta({ description: 'The name reported, as it was then' }),
          reason: z.enum(REPORT_REASONS),
          reportedAt: instant,
          closed: z.boolean().meta({ description: 'A moderator acted on it, or the name changed' }),
        }),
      )
      .meta({ description: 'The reports of names this player made, oldest first' }),
  })
  .meta({ id: 'PlayerExport' });

export const deletedPlayerSchema = z
  .strictObject({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: 'DeletedPlayer' });

export type ErrorBody = z.infer<ReturnType<typeof errorBodySchema>>;
export type HoleView = z.infer<typeof holeViewSchema>;
export type CourseView = z.infer<typeof courseViewSchema>;
export type AttemptHoleView = z.infer<typeof attemptHoleViewSchema>;
export type AttemptView = z.infer<typeof attemptViewSchema>;
export type DrawView = z.infer<typeof drawViewSchema>;
export type HoleResultView = z.infer<typeof holeResultViewSchema>;
export type AuditProgress = z.infer<typeof auditProgressSchema>;
export type StandingEntry = z.infer<typeof standingEntrySchema>;
export type StandingsView = z.infer<typeof standingsViewSchema>;
/** One bar of a day's distribution: how many ranked players finished on `total`. */
export type DistributionEntry = StandingsView['distribution'][number];
export type ReplayView = z.infer<typeof replayViewSchema>;
export type HoleFieldView = z.infer<typeof holeFieldViewSchema>;
export type DayHolesView = z.infer<typeof dayHolesViewSchema>;
export type TellingView = z.infer<typeof tellingViewSchema>;
export type RoundAuditView = z.infer<typeof roundAuditViewSchema>;
export type AuditVerdict = NonNullable<RoundAuditView['verdict']>;
export type UnderReviewView = z.infer<typeof underReviewViewSchema>;
export type ReviewRound = UnderReviewView['rounds'][number];
export type PlayerView = z.infer<typeof playerViewSchema>;
export type NewPlayer = z.infer<typeof newPlayerSchema>;
export type HistoryRound = z.infer<typeof historyRoundSchema>;
export type HistoryView = z.infer<typeof historyViewSchema>;
export type HistorySummary = Omit<HistoryView, 'rounds'>;
export type Streak = HistoryView['streak'];
export type LeagueView = z.infer<typeof leagueViewSchema>;
export type MyLeague = z.infer<typeof myLeagueSchema>;
export type SeasonPeriod = (typeof SEASON_PERIODS)[number];
export type SeasonEntry = z.infer<typeof seasonEntrySchema>;
export type SeasonView = z.infer<typeof seasonViewSchema>;
export type TransferCodeView = z.infer<typeof transferCodeViewSchema>;
export type PasskeyView = z.infer<typeof passkeyViewSchema>;
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
export type NameTarget = z.infer<typeof nameTargetSchema>;
export type ReportView = z.infer<typeof reportViewSchema>;
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export type ModerationLog = z.infer<typeof moderationLogSchema>;
export type ExportRound = z.infer<typeof exportRoundSchema>;
export type PlayerExport = z.infer<typeof playerExportSchema>;
export type DeletedPlayer = z.infer<typeof deletedPlayerSchema>;
