import type {
  DueCursor,
  DueReminderRecord,
  PushStore,
  ReminderKind,
  ReminderRecord,
  SendRecord,
  SubscriptionRecord,
} from '../../ports/push.ts';
import { isPushLanguage } from '@golf/contract/push';
import { D1Store } from './statements.ts';

export class D1PushStore extends D1Store implements PushStore {
  async subscriptionByEndpoint(endpoint: string): Promise<SubscriptionRecord | null> {
    const row = await this.sql
      .read('SELECT * FROM push_subscriptions WHERE endpoint = ?', endpoint)
      .first<SubscriptionRow>();
    return row && toSubscription(row);
  }
  async insertSubscription(s: SubscriptionRecord, max: number): Promise<SubscriptionRecord | null> {
    // One statement: the limit is checked where the row is written, so concurrent subscribes cannot overshoot.
    // `WHERE true` is SQLite's way of telling an INSERT … SELECT from its ON CONFLICT clause.
    const [, stored] = await this.sql.batch([
      this.sql.write(
        `INSERT INTO push_subscriptions (id, player_id, endpoint, p256dh, auth, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM push_subscriptions WHERE player_id = ?2) < ?7
         ON CONFLICT (endpoint) DO UPDATE SET id = excluded.id, player_id = excluded.player_id,
           p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at
         WHERE push_subscriptions.player_id <> excluded.player_id`,
        s.id,
        s.playerId,
        s.endpoint,
        s.p256dh,
        s.auth,
        s.createdAt,
        max,
      ),
      this.sql.read(
        'SELECT * FROM push_subscriptions WHERE endpoint = ? AND player_id = ?',
        s.endpoint,
        s.playerId,
      ),
    ]);
    const row = (stored?.results as SubscriptionRow[] | undefined)?.[0];
    return row ? toSubscription(row) : null;
  }
  async updateSubscriptionKeys(id: string, playerId: string, p256dh: string, auth: string): Promise<void> {
    await this.sql
      .write(
        'UPDATE push_subscriptions SET p256dh = ?, auth = ? WHERE id = ? AND player_id = ?',
        p256dh,
        auth,
        id,
        playerId,
      )
      .run();
  }
  async subscriptionsOf(playerId: string): Promise<SubscriptionRecord[]> {
    const rows = await this.sql
      .read('SELECT * FROM push_subscriptions WHERE player_id = ? ORDER BY created_at, id', playerId)
      .all<SubscriptionRow>();
    return rows.results.map(toSubscription);
  }
  async deleteSubscription(playerId: string, id: string): Promise<boolean> {
    const r = await this.sql
      .write('DELETE FROM push_subscriptions WHERE id = ? AND player_id = ? RETURNING id', id, playerId)
      .all();
    return r.results.length > 0;
  }
  async reminder(playerId: string): Promise<ReminderRecord | null> {
    const row = await this.sql
      .read('SELECT * FROM reminders WHERE player_id = ?', playerId)
      .first<ReminderRow>();
    return row && toReminder(row);
  }
  async putReminder(r: ReminderRecord): Promise<void> {
    await this.sql
      .write(
        `INSERT INTO reminders (player_id, hour, time_zone, kinds, language, due_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET hour = excluded.hour, time_zone = excluded.time_zone,
           kinds = excluded.kinds, language = excluded.language, due_at = excluded.due_at,
           updated_at = excluded.updated_at`,
        r.playerId,
        r.hour,
        r.timeZone,
        JSON.stringify(r.kinds),
        r.language,
        r.dueAt,
        r.updatedAt,
      )
      .run();
  }
  async dueReminders(
    now: number,
    date: string,
    after: DueCursor | null,
    limit: number,
  ): Promise<DueReminderRecord[]> {
    const rows = await this.sql
      .read(
        `SELECT r.player_id, r.hour, r.time_zone, r.kinds, r.language, r.due_at, r.updated_at,
           s.id, s.endpoint, s.p256dh, s.auth, s.created_at
         FROM (SELECT * FROM reminders
               WHERE due_at IS NOT NULL AND due_at <= ?1 AND (due_at, player_id) > (?2, ?3)
               ORDER BY due_at, player_id LIMIT ?4) r
         LEFT JOIN push_subscriptions s ON s.player_id = r.player_id
         ORDER BY r.due_at, r.player_id, s.created_at, s.id`,
        now,
        after?.dueAt ?? -1,
        after?.playerId ?? '',
        limit,
      )
      .all<DueRow>();
    // Who has finished `date` already, from the day's database (reminders live in `DB`).
    const ids = [...new Set(rows.results.map((r) => r.player_id))];
    const done =
      ids.length === 0
        ? { results: [] }
        : await this.day(date)
            .read(
              `SELECT player_id FROM attempts
         WHERE date = ? AND player_id IN (SELECT value FROM json_each(?)) AND finished_at IS NOT NULL`,
              date,
              JSON.stringify(ids),
            )
            .all<{ player_id: string }>();
    const finished = new Set(done.results.map((r) => r.player_id));
    const out: (DueReminderRecord & { subscriptions: SubscriptionRecord[] })[] = [];
    for (const row of rows.results) {
      let last = out[out.length - 1];
      if (!last || last.playerId !== row.player_id) {
        last = {
          ...toReminder(row),
          dueAt: row.due_at,
          finished: finished.has(row.player_id),
          subscriptions: [],
        };
        out.push(last);
      }
      if (row.id !== null) last.subscriptions.push(toSubscription(row as SubscriptionRow));
    }
    return out;
  }
  async claimSends(sends: readonly SendRecord[]): Promise<SendRecord[]> {
    if (sends.length === 0) return [];
    const results = await this.sql.batch(
      sends.map((s) =>
        this.sql.write(
          `INSERT INTO push_sends (date, kind, subscription_id, sent_at) VALUES (?, ?, ?, ?)
           ON CONFLICT DO NOTHING RETURNING subscription_id`,
          s.date,
          s.kind,
          s.subscriptionId,
          s.sentAt,
        ),
      ),
    );
    return sends.filter((_, i) => (results[i]?.results.length ?? 0) > 0);
  }
  async settle(outcome: {
    readonly failed: readonly SendRecord[];
    readonly gone: readonly string[];
    readonly next: readonly { readonly playerId: string; readonly was: number; readonly dueAt: number }[];
  }): Promise<void> {
    const statements = [
      ...outcome.failed.map((s) =>
        this.sql.write(
          'DELETE FROM push_sends WHERE date = ? AND kind = ? AND subscription_id = ?',
          s.date,
          s.kind,
          s.subscriptionId,
        ),
      ),
      ...outcome.gone.map((id) => this.sql.write('DELETE FROM push_subscriptions WHERE id = ?', id)),
      ...outcome.next.map((n) =>
        this.sql.write(
          'UPDATE reminders SET due_at = ? WHERE player_id = ? AND due_at = ?',
          n.dueAt,
          n.playerId,
          n.was,
        ),
      ),
    ];
    if (statements.length > 0) await this.sql.batch(statements);
  }
  async sendsOf(playerId: string): Promise<SendRecord[]> {
    const rows = await this.sql
      .read(
        `SELECT date, kind, subscription_id, sent_at FROM push_sends
         WHERE subscription_id IN (SELECT id FROM push_subscriptions WHERE player_id = ?)
         ORDER BY sent_at, date, kind, subscription_id`,
        playerId,
      )
      .all<{ date: string; kind: ReminderKind; subscription_id: string; sent_at: number }>();
    return rows.results.map((r) => ({
      date: r.date,
      kind: r.kind,
      subscriptionId: r.subscription_id,
      sentAt: r.sent_at,
    }));
  }
  async deleteSendsBefore(date: string, limit: number): Promise<void> {
    await this.sql
      .write(
        `DELETE FROM push_sends WHERE rowid IN (SELECT rowid FROM push_sends WHERE date < ? ORDER BY date LIMIT ?)`,
        date,
        limit,
      )
      .run();
  }
}

interface SubscriptionRow {
  id: string;
  player_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

interface ReminderRow {
  player_id: string;
  hour: number;
  time_zone: string;
  kinds: string;
  language: string;
  due_at: number | null;
  updated_at: number;
}

interface DueRow extends ReminderRow {
  due_at: number;
  id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

const toSubscription = (r: SubscriptionRow): SubscriptionRecord => ({
  id: r.id,
  playerId: r.player_id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: r.created_at,
});

const toReminder = (r: ReminderRow): ReminderRecord => ({
  playerId: r.player_id,
  hour: r.hour,
  timeZone: r.time_zone,
  kinds: JSON.parse(r.kinds) as ReminderKind[],
  language: isPushLanguage(r.language) ? r.language : 'en',
  dueAt: r.due_at,
  updatedAt: r.updated_at,
});
