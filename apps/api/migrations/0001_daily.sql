-- Golf Daily: players, daily courses, fair-stock attempts and standings.
-- Times are milliseconds since the Unix epoch (UTC). Dates are UTC calendar dates, 'YYYY-MM-DD'.

CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- SHA-256 of the bearer token (hex). The token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  -- HMAC of the client address under the daily secret (never the address itself).
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Token buckets for player creation, one per hashed client address.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  updated_at INTEGER NOT NULL
);

-- One course per date; never changes once written (created with INSERT OR IGNORE).
CREATE TABLE courses (
  date TEXT PRIMARY KEY,
  generator_version INTEGER NOT NULL,
  rules TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE course_holes (
  date TEXT NOT NULL REFERENCES courses (date),
  hole INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 9),
  -- The full 52-card deck in deal order, board text separated by spaces ('TD 2H ...').
  deck TEXT NOT NULL,
  perfect_strokes INTEGER NOT NULL,
  perfect_log TEXT NOT NULL,
  -- 1 when the solver proved the result, 0 when a budget stopped it.
  perfect_exact INTEGER NOT NULL,
  PRIMARY KEY (date, hole)
);

-- One ranked attempt per player per day: the primary key is the guarantee.
CREATE TABLE attempts (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  -- The hole being played, 1..9; 10 once the attempt is finished.
  hole INTEGER NOT NULL DEFAULT 1 CHECK (hole BETWEEN 1 AND 10),
  -- Sum of the finished holes' strokes, and their strokes in order as a JSON array.
  total INTEGER NOT NULL DEFAULT 0,
  strokes TEXT NOT NULL DEFAULT '[]',
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  ip_hash TEXT NOT NULL,
  PRIMARY KEY (date, player_id)
);

-- Standings pages: finishers by total, then finish time.
CREATE INDEX attempts_standings ON attempts (date, total, finished_at, player_id) WHERE finished_at IS NOT NULL;

CREATE TABLE attempt_holes (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  hole INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 9),
  -- The log recorded at the last draw, then the final verified log once the hole is finished.
  log TEXT NOT NULL DEFAULT '',
  -- Stock cards revealed to the player so far.
  drawn INTEGER NOT NULL DEFAULT 0,
  -- The time of every draw, a JSON array of milliseconds (for integrity checks).
  draw_times TEXT NOT NULL DEFAULT '[]',
  strokes INTEGER,
  finished_at INTEGER,
  PRIMARY KEY (date, player_id, hole),
  FOREIGN KEY (date, player_id) REFERENCES attempts (date, player_id)
);

-- Per-day counters kept by triggers, so a standings read never counts rows.
CREATE TABLE day_stats (
  date TEXT PRIMARY KEY,
  started INTEGER NOT NULL DEFAULT 0
);

-- How many finishers have each total on each day.
CREATE TABLE day_totals (
  date TEXT NOT NULL,
  total INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (date, total)
);

CREATE TRIGGER attempts_started AFTER INSERT ON attempts
BEGIN
  INSERT INTO day_stats (date, started) VALUES (NEW.date, 1)
    ON CONFLICT (date) DO UPDATE SET started = started + 1;
END;

CREATE TRIGGER attempts_finished AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL
BEGIN
  INSERT INTO day_totals (date, total, count) VALUES (NEW.date, NEW.total, 1)
    ON CONFLICT (date, total) DO UPDATE SET count = count + 1;
END;
