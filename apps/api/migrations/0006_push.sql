-- Reminders (Web Push): the devices a player subscribed, the hour they want reminding at, and one row per message
-- sent. Times are milliseconds since the Unix epoch (UTC).

-- A browser's push subscription (PushSubscription.toJSON()): its endpoint is unique, so a device belongs to the
-- last player who subscribed it.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  endpoint TEXT NOT NULL UNIQUE,
  -- The user agent's public key (an uncompressed P-256 point) and its auth secret (16 bytes), base64url.
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id, created_at);

-- A player's reminder settings. due_at is the next instant a scheduled run should look at the player (their hour
-- in their time zone, or a retry), null while no kind is wanted: the scheduled run pages through this index only.
CREATE TABLE reminders (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
  time_zone TEXT NOT NULL,
  -- JSON array of kinds ("open", "closing").
  kinds TEXT NOT NULL,
  due_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX reminders_due ON reminders (due_at, player_id) WHERE due_at IS NOT NULL;

-- One row per (course date, kind, subscription), inserted before the message is sent: the primary key is what
-- keeps two overlapping scheduled runs from sending it twice. A failed send deletes its row (retried next run).
CREATE TABLE push_sends (
  date TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('open', 'closing')),
  subscription_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (date, kind, subscription_id)
);
