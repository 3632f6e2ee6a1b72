import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { ReportReason } from '@golf/contract';
import {
  REPORTERS_LISTED,
  type FiledReport,
  type HiddenBy,
  type LogAction,
  type LogActor,
  type LogRecord,
  type ModerationStore,
  type ModeratorAction,
  type NewReport,
  type QueueRecord,
  type ReportRecord,
  type ReporterRecord,
  type Target,
  type TargetKind,
  type TargetRecord,
} from '../../ports/moderation.ts';
import { D1Store, type Statements } from './statements.ts';

/** The table that holds each kind of name, and the column that says whose it is. */
const TABLE = { player: 'players', league: 'leagues' } as const satisfies Record<TargetKind, string>;
const OWNER = { player: 'id', league: 'created_by' } as const satisfies Record<TargetKind, string>;

const RESOLUTION = { hide: 'hidden', restore: 'restored', dismiss: 'dismissed' } as const;

/** The open reports of target `?kind`/`?id` (numbered parameters), counted in a subquery. */
const openReports = (kind: string, id: string) =>
  `(SELECT count(*) FROM reports r WHERE r.target_kind = ${kind} AND r.target_id = ${id} AND r.closed_at IS NULL)`;

/**
 * A rename by the owner, as statements for one batch (a player's in players.ts, a league's in leagues.ts): a hidden
 * name renamed is logged (the old name, the reports it had), the open reports of any other name are closed, then the
 * name is changed and shown, unless it is hidden and `name` is that same name. The last statement returns a row
 * when the rename happened.
 */
export function renameStatements(
  sql: Statements,
  kind: TargetKind,
  id: string,
  name: string,
  actorId: string,
  now: number,
): D1PreparedStatement[] {
  const table = TABLE[kind];
  return [
    sql.write(
      `INSERT INTO moderation_log (at, actor_id, actor_kind, action, target_kind, target_id, name, reports)
       SELECT ?1, ?2, 'owner', 'rename', ?3, t.id, t.name, ${openReports('?3', 't.id')}
       FROM ${table} t WHERE t.id = ?4 AND t.name_hidden_at IS NOT NULL AND t.name <> ?5`,
      now,
      actorId,
      kind,
      id,
      name,
    ),
    sql.write(
      `UPDATE reports SET closed_at = ?1, resolution = 'renamed'
       WHERE target_kind = ?2 AND target_id = ?3 AND closed_at IS NULL AND name <> ?4
         AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = ?3 AND t.name_hidden_at IS NOT NULL AND t.name = ?4)`,
      now,
      kind,
      id,
      name,
    ),
    sql.write(
      `UPDATE ${table} SET name = ?1, name_hidden_at = NULL, name_hidden_by = NULL
       WHERE id = ?2 AND NOT (name_hidden_at IS NOT NULL AND name = ?1) RETURNING id`,
      name,
      id,
    ),
  ];
}

/**
 * The statements that hide a stored name the name check refuses (`?1` kind, `?2` id, `?3` the name as read,
 * `?4` now): logged, then hidden, both only while the name is still that one and shown. The script that runs the
 * check over a deployed database sends the same statements (apps/api/scripts/check-stored-names.ts).
 */
export function hideByCheckStatements(kind: TargetKind): readonly string[] {
  const table = TABLE[kind];
  return [
    `INSERT INTO moderation_log (at, actor_id, actor_kind, action, target_kind, target_id, name, reports)
     SELECT ?4, NULL, 'check', 'hide', ?1, id, name, 0 FROM ${table}
     WHERE id = ?2 AND name = ?3 AND name_hidden_at IS NULL`,
    `UPDATE ${table} SET name_hidden_at = ?4, name_hidden_by = 'check'
     WHERE id = ?2 AND name = ?3 AND name_hidden_at IS NULL RETURNING id`,
  ];
}

interface TargetRow {
  id: string;
  name: string;
  name_hidden_at: number | null;
  name_hidden_by: HiddenBy | null;
  owner: string;
}

const toTarget = (kind: TargetKind, r: TargetRow): TargetRecord => ({
  kind,
  id: r.id,
  name: r.name,
  hiddenAt: r.name_hidden_at,
  hiddenBy: r.name_hidden_by,
  ownerId: r.owner,
});

interface LogRow {
  id: number;
  at: number;
  actor_id: string | null;
  actor_kind: LogActor;
  action: LogAction;
  target_kind: TargetKind;
  target_id: string;
  name: string;
  reports: number;
}

const toLog = (r: LogRow): LogRecord => ({
  id: r.id,
  at: r.at,
  actorId: r.actor_id,
  actor: r.actor_kind,
  action: r.action,
  target: { kind: r.target_kind, id: r.target_id },
  name: r.name,
  reports: r.reports,
});

const LOG_COLUMNS = 'id, at, actor_id, actor_kind, action, target_kind, target_id, name, reports';

/** The moderators' list: targets with open reports (that still exist), and names the check hid with none. */
const QUEUE = `WITH queue (kind, id, since) AS (
  SELECT 'player', r.target_id, min(r.created_at) FROM reports r JOIN players p ON p.id = r.target_id
    WHERE r.target_kind = 'player' AND r.closed_at IS NULL GROUP BY r.target_id
  UNION ALL
  SELECT 'league', r.target_id, min(r.created_at) FROM reports r JOIN leagues l ON l.id = r.target_id
    WHERE r.target_kind = 'league' AND r.closed_at IS NULL GROUP BY r.target_id
  UNION ALL
  SELECT 'player', p.id, p.name_hidden_at FROM players p WHERE p.name_hidden_by = 'check' AND p.name_hidden_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.target_kind = 'player' AND r.target_id = p.id AND r.closed_at IS NULL)
  UNION ALL
  SELECT 'league', l.id, l.name_hidden_at FROM leagues l WHERE l.name_hidden_by = 'check' AND l.name_hidden_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.target_kind = 'league' AND r.target_id = l.id AND r.closed_at IS NULL)
)`;

/** Open reports (`r`) of the players in `?1` and the leagues in `?2` (JSON lists of ids). */
const OPEN_OF_PAGE = `r.closed_at IS NULL AND (
  (r.target_kind = 'player' AND r.target_id IN (SELECT value FROM json_each(?1)))
  OR (r.target_kind = 'league' AND r.target_id IN (SELECT value FROM json_each(?2))))`;

export class D1ModerationStore extends D1Store implements ModerationStore {
  async target(target: Target): Promise<TargetRecord | null> {
    const row = await this.sql
      .read(
        `SELECT id, name, name_hidden_at, name_hidden_by, ${OWNER[target.kind]} AS owner
         FROM ${TABLE[target.kind]} WHERE id = ?`,
        target.id,
      )
      .first<TargetRow>();
    return row && toTarget(target.kind, row);
  }

  async reportOf(reporterId: string, target: Target, name: string): Promise<ReportRecord | null> {
    const row = await this.sql
      .read(
        `SELECT reason, counts, created_at FROM reports
         WHERE target_kind = ? AND target_id = ? AND reporter_id = ? AND name = ?`,
        target.kind,
        target.id,
        reporterId,
        name,
      )
      .first<ReportRow>();
    return row && toReport(row);
  }

  async reportsSince(reporterId: string, since: number): Promise<number> {
    const row = await this.sql
      .read('SELECT count(*) AS n FROM reports WHERE reporter_id = ? AND created_at >= ?', reporterId, since)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  async fileReport(report: NewReport, threshold: number): Promise<FiledReport> {
    const { kind, id } = report.target;
    const table = TABLE[kind];
    const [filed, hid] = await this.sql.batch([
      this.sql.write(
        `INSERT INTO reports (reporter_id, target_kind, target_id, name, reason, counts, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
         WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ?3 AND name = ?4 AND name_hidden_at IS NULL)
         ON CONFLICT DO NOTHING RETURNING reason, counts, created_at`,
        report.reporterId,
        kind,
        id,
        report.name,
        report.reason,
        report.counts ? 1 : 0,
        report.at,
      ),
      this.sql.write(
        `UPDATE ${table} SET name_hidden_at = ?1, name_hidden_by = 'reports'
         WHERE id = ?2 AND name = ?3 AND name_hidden_at IS NULL
           AND (SELECT count(*) FROM reports WHERE target_kind = ?4 AND target_id = ?2 AND name = ?3
                AND closed_at IS NULL AND counts = 1) >= ?5
         RETURNING id`,
        report.at,
        id,
        report.name,
        kind,
        threshold,
      ),
      this.sql.write(
        `INSERT INTO moderation_log (at, actor_id, actor_kind, action, target_kind, target_id, name, reports)
         SELECT ?1, NULL, 'reports', 'hide', ?2, t.id, t.name, ${openReports('?2', 't.id')}
         FROM ${table} t WHERE t.id = ?3 AND t.name_hidden_at = ?1 AND t.name_hidden_by = 'reports'
           AND NOT EXISTS (SELECT 1 FROM moderation_log g
                           WHERE g.target_kind = ?2 AND g.target_id = ?3 AND g.at = ?1 AND g.action = 'hide')`,
        report.at,
        kind,
        id,
      ),
    ]);
    const row = (filed?.results[0] ?? null) as ReportRow | null;
    return { filed: row && toReport(row), hid: (hid?.results.length ?? 0) > 0 };
  }

  async queue(limit: number, offset: number): Promise<{ total: number; items: QueueRecord[] }> {
    const [page, count] = await this.sql.batch([
      this.sql.read(
        `${QUEUE} SELECT kind, id, since FROM queue ORDER BY since, kind, id LIMIT ? OFFSET ?`,
        limit,
        offset,
      ),
      this.sql.read(`${QUEUE} SELECT count(*) AS n FROM queue`),
    ]);
    const rows = (page?.results ?? []) as { kind: TargetKind; id: string; since: number }[];
    const total = ((count?.results ?? []) as { n: number }[])[0]?.n ?? 0;
    if (rows.length === 0) return { total, items: [] };
    const players = JSON.stringify(rows.filter((r) => r.kind === 'player').map((r) => r.id));
    const leagues = JSON.stringify(rows.filter((r) => r.kind === 'league').map((r) => r.id));
    const targetsOf = (kind: TargetKind) =>
      this.sql.read(
        `SELECT id, name, name_hidden_at, name_hidden_by, ${OWNER[kind]} AS owner FROM ${TABLE[kind]}
         WHERE id IN (SELECT value FROM json_each(?))`,
        kind === 'player' ? players : leagues,
      );
    const [playerTargets, leagueTargets, reasons, reporters] = await this.sql.batch([
      targetsOf('player'),
      targetsOf('league'),
      this.sql.read(
        `SELECT r.target_kind, r.target_id, r.reason, count(*) AS n, sum(r.counts) AS counted FROM reports r
         WHERE ${OPEN_OF_PAGE} GROUP BY r.target_kind, r.target_id, r.reason`,
        players,
        leagues,
      ),
      this.sql.read(
        `SELECT * FROM (
           SELECT r.target_kind, r.target_id, r.reporter_id, p.name, r.reason, r.counts, r.created_at,
             row_number() OVER (PARTITION BY r.target_kind, r.target_id ORDER BY r.created_at, r.reporter_id) AS n
           FROM reports r JOIN players p ON p.id = r.reporter_id WHERE ${OPEN_OF_PAGE}
         ) WHERE n <= ?3 ORDER BY created_at, reporter_id`,
        players,
        leagues,
        REPORTERS_LISTED,
      ),
    ]);
    const key = (kind: string, id: string) => `${kind}/${id}`;
    const targets = new Map<string, TargetRecord>();
    for (const r of (playerTargets?.results ?? []) as TargetRow[])
      targets.set(key('player', r.id), toTarget('player', r));
    for (const r of (leagueTargets?.results ?? []) as TargetRow[])
      targets.set(key('league', r.id), toTarget('league', r));
    const counts = new Map<
      string,
      { reports: number; counted: number; reasons: Record<ReportReason, number> }
    >();
    for (const r of (reasons?.results ?? []) as {
      target_kind: string;
      target_id: string;
      reason: ReportReason;
      n: number;
      counted: number;
    }[]) {
      const k = key(r.target_kind, r.target_id);
      const c = counts.get(k) ?? {
        reports: 0,
        counted: 0,
        reasons: { offensive: 0, impersonation: 0, other: 0 },
      };
      c.reports += r.n;
      c.counted += r.counted;
      c.reasons[r.reason] += r.n;
      counts.set(k, c);
    }
    const listed = new Map<string, ReporterRecord[]>();
    for (const r of (reporters?.results ?? []) as (ReportRow & {
      target_kind: string;
      target_id: string;
      reporter_id: string;
      name: string;
    })[]) {
      const k = key(r.target_kind, r.target_id);
      listed.set(k, [...(listed.get(k) ?? []), { playerId: r.reporter_id, name: r.name, ...toReport(r) }]);
    }
    const items = rows.flatMap((r): QueueRecord[] => {
      const k = key(r.kind, r.id);
      const target = targets.get(k);
      if (target === undefined) return [];
      const c = counts.get(k) ?? {
        reports: 0,
        counted: 0,
        reasons: { offensive: 0, impersonation: 0, other: 0 },
      };
      return [{ target, since: r.since, ...c, reporters: listed.get(k) ?? [] }];
    });
    return { total, items };
  }

  async act(
    action: ModeratorAction,
    target: Target,
    moderatorId: string,
    now: number,
  ): Promise<LogRecord | null> {
    const { kind, id } = target;
    const table = TABLE[kind];
    const state =
      action === 'hide'
        ? `UPDATE ${table} SET name_hidden_at = coalesce(name_hidden_at, ?1), name_hidden_by = 'moderator' WHERE id = ?2`
        : action === 'restore'
          ? `UPDATE ${table} SET name_hidden_at = NULL, name_hidden_by = NULL WHERE id = ?2`
          : null;
    const [logged] = await this.sql.batch([
      this.sql.write(
        `INSERT INTO moderation_log (at, actor_id, actor_kind, action, target_kind, target_id, name, reports)
         SELECT ?1, ?2, 'moderator', ?3, ?4, t.id, t.name, ${openReports('?4', 't.id')}
         FROM ${table} t WHERE t.id = ?5 RETURNING ${LOG_COLUMNS}`,
        now,
        moderatorId,
        action,
        kind,
        id,
      ),
      ...(state === null ? [] : [this.sql.write(state, now, id)]),
      this.sql.write(
        `UPDATE reports SET closed_at = ?1, resolution = ?2
         WHERE target_kind = ?3 AND target_id = ?4 AND closed_at IS NULL`,
        now,
        RESOLUTION[action],
        kind,
        id,
      ),
    ]);
    const row = (logged?.results[0] ?? null) as LogRow | null;
    return row && toLog(row);
  }

  async log(limit: number, offset: number): Promise<{ total: number; entries: LogRecord[] }> {
    const [page, count] = await this.sql.batch([
      this.sql.read(
        `SELECT ${LOG_COLUMNS} FROM moderation_log ORDER BY id DESC LIMIT ? OFFSET ?`,
        limit,
        offset,
      ),
      this.sql.read('SELECT count(*) AS n FROM moderation_log'),
    ]);
    return {
      total: ((count?.results ?? []) as { n: number }[])[0]?.n ?? 0,
      entries: ((page?.results ?? []) as LogRow[]).map(toLog),
    };
  }

  async hideByCheck(target: Target, name: string, now: number): Promise<boolean> {
    const [log, hide] = hideByCheckStatements(target.kind).map((text) =>
      this.sql.write(text, target.kind, target.id, name, now),
    );
    const [, hidden] = await this.sql.batch([log!, hide!]);
    return (hidden?.results.length ?? 0) > 0;
  }
}

interface ReportRow {
  reason: ReportReason;
  counts: number;
  created_at: number;
}

const toReport = (r: ReportRow): ReportRecord => ({
  reason: r.reason,
  counts: r.counts === 1,
  at: r.created_at,
});
