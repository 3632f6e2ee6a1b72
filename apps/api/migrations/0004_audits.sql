-- The fair-play audit of every ranked round once its day has closed (docs/fair-play.md). One row per finished
-- round, made when the day's audit starts; slices of work claim rounds (top of the standings first) with a lease,
-- store each hole's audit as it is done, and finish the round with its verdict. A flagged round's attempt gets
-- review = 1: it keeps its score and leaves the ranked standings (the attempts_review trigger).
CREATE TABLE audits (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  -- The round's place in the standings when the audit started, so slices take the top first.
  total INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  -- A slice working on the round holds it until this time (milliseconds); another slice may take it after.
  lease_until INTEGER,
  -- JSON array of the engine's HoleAudit for the holes audited so far, in order.
  holes TEXT NOT NULL DEFAULT '[]',
  -- The verdict, once done.
  flagged INTEGER,
  p_value REAL,
  telling INTEGER,
  decisions INTEGER,
  audited_at INTEGER,
  PRIMARY KEY (date, player_id)
);
CREATE INDEX audits_queue ON audits (date, total, finished_at, player_id) WHERE status = 'pending';
CREATE INDEX audits_flagged ON audits (date, p_value) WHERE flagged = 1;

-- A day's audit: started (its rounds queued), rounds audited and flagged so far.
CREATE TABLE day_audits (
  date TEXT PRIMARY KEY,
  rounds INTEGER NOT NULL,
  audited INTEGER NOT NULL DEFAULT 0,
  flagged INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
