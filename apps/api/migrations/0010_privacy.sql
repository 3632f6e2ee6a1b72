-- Players who can leave with their data (docs/privacy.md): the names a player took, a deleted player's tombstone,
-- and the client-address hash kept no longer than the fair-play audit needs it. Times are milliseconds since the
-- Unix epoch (UTC).

-- Every name a player took, written with the player (create) and with each rename, for the player's data export.
-- The names players had when this table was made have no known time (null): earlier renames were not recorded.
CREATE TABLE player_names (
  player_id TEXT NOT NULL REFERENCES players (id),
  name TEXT NOT NULL,
  taken_at INTEGER
);
CREATE INDEX player_names_player ON player_names (player_id, taken_at);
INSERT INTO player_names (player_id, name, taken_at) SELECT id, name, NULL FROM players;

-- A deleted player stays as a tombstone row (its name replaced by "Deleted player"), so every round, verdict and
-- league that refers to it stays valid and nobody's rank moves; everything else of the player is deleted.
ALTER TABLE players ADD COLUMN deleted_at INTEGER;
-- The players deleted lately, whose leftovers the cron deletes again (services/privacy.ts).
CREATE INDEX players_deleted ON players (deleted_at) WHERE deleted_at IS NOT NULL;

-- The address a player was created from was kept for nothing after the creation limit, which has its own
-- buckets (rate_limits): it goes.
ALTER TABLE players DROP COLUMN ip_hash;

-- A deleted player's devices take the record of the reminders sent to them along (services/privacy.ts).
CREATE INDEX push_sends_subscription ON push_sends (subscription_id);

-- Each rate-limit bucket keeps the time it is full again, whatever its size: the cron deletes the buckets that
-- have refilled (a missing bucket is a full one), so an address hash stays in rate_limits only while it is being
-- limited. Buckets from before: full a day after their last try at the latest.
ALTER TABLE rate_limits ADD COLUMN full_at INTEGER NOT NULL DEFAULT 0;
UPDATE rate_limits SET full_at = updated_at + 86400000;
CREATE INDEX rate_limits_full ON rate_limits (full_at);

-- Archive objects written before this migration hold each round's address hash; newer ones never do. The cron
-- rewrites the older ones without it, a few a run (services/archive.ts).
ALTER TABLE archive_packs ADD COLUMN addresses INTEGER NOT NULL DEFAULT 1;
CREATE INDEX archive_packs_addresses ON archive_packs (date, first_player) WHERE addresses = 1;
