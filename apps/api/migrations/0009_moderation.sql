-- Hidden names, reports and moderators (docs/names.md, "Reports and moderators"). Times are milliseconds since the
-- Unix epoch (UTC).

-- A hidden name is shown everywhere as a neutral stand-in ("Golfer 4F2A", "League 4F2A"); the stored name is kept
-- for the moderators. name_hidden_at is when it was hidden (null: shown), name_hidden_by what hid it: enough
-- reports, a moderator, or the name check run over stored names (apps/api/scripts/check-stored-names.ts). A rename
-- by the owner (a league's creator) clears both.
ALTER TABLE players ADD COLUMN name_hidden_at INTEGER;
ALTER TABLE players ADD COLUMN name_hidden_by TEXT CHECK (name_hidden_by IN ('reports', 'moderator', 'check'));
ALTER TABLE leagues ADD COLUMN name_hidden_at INTEGER;
ALTER TABLE leagues ADD COLUMN name_hidden_by TEXT CHECK (name_hidden_by IN ('reports', 'moderator', 'check'));
-- The names the check hid and no moderator has looked at yet wait in the moderators' list.
CREATE INDEX players_hidden ON players (name_hidden_by, name_hidden_at) WHERE name_hidden_at IS NOT NULL;
CREATE INDEX leagues_hidden ON leagues (name_hidden_by, name_hidden_at) WHERE name_hidden_at IS NOT NULL;

-- One report per reporter and name: the same reporter reporting the same name again changes nothing (a renamed
-- target is a new name, which they may report anew). counts is 1 when the reporter had finished a ranked round
-- when they reported: only those count toward hiding a name; the others still reach the moderators. A report is
-- open until a moderator acts on its target or the owner renames it (closed_at, and how: resolution).
CREATE TABLE reports (
  reporter_id TEXT NOT NULL REFERENCES players (id),
  target_kind TEXT NOT NULL CHECK (target_kind IN ('player', 'league')),
  target_id TEXT NOT NULL,
  -- The name reported, as stored then.
  name TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('offensive', 'impersonation', 'other')),
  counts INTEGER NOT NULL CHECK (counts IN (0, 1)),
  created_at INTEGER NOT NULL,
  closed_at INTEGER,
  resolution TEXT CHECK (resolution IN ('hidden', 'restored', 'dismissed', 'renamed')),
  PRIMARY KEY (target_kind, target_id, reporter_id, name)
) WITHOUT ROWID;
-- A reporter's reports of the day (the daily cap).
CREATE INDEX reports_reporter ON reports (reporter_id, created_at);
-- The moderators' list: open reports, oldest first.
CREATE INDEX reports_open ON reports (created_at, target_kind, target_id) WHERE closed_at IS NULL;

-- Every hide, restore, dismissal and rename of a hidden name: who (a moderator's player id; null when reports or
-- the name check acted), when, what, which target and the name acted on, and how many open reports it closed.
CREATE TABLE moderation_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor_id TEXT,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('moderator', 'reports', 'check', 'owner')),
  action TEXT NOT NULL CHECK (action IN ('hide', 'restore', 'dismiss', 'rename')),
  target_kind TEXT NOT NULL CHECK (target_kind IN ('player', 'league')),
  target_id TEXT NOT NULL,
  name TEXT NOT NULL,
  reports INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX moderation_log_target ON moderation_log (target_kind, target_id, at);
