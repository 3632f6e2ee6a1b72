-- Attempts move into one Durable Object each (src/attempt/): D1 becomes the ledger. It keeps players and their
-- tokens, courses, creation-limit buckets, and one row per attempt, written twice: when it starts, and when it
-- finishes (with the totals, the per-hole strokes and the verified logs), so closed days never need the objects.
-- Draws write nothing here.
PRAGMA defer_foreign_keys = true;

-- A player may hold several tokens (one per device); a token is stored as its SHA-256 only.
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL
);
CREATE INDEX tokens_player ON tokens (player_id);
INSERT INTO tokens (token_hash, player_id, created_at) SELECT token_hash, id, created_at FROM players;

CREATE TABLE players_v2 (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- HMAC of the client address (its /64 for IPv6) under the daily secret, never the address itself.
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO players_v2 (id, name, ip_hash, created_at) SELECT id, name, ip_hash, created_at FROM players;

-- The perfect-play results follow the deals (no solver on a request's path): null until computed.
CREATE TABLE course_holes_v2 (
  date TEXT NOT NULL REFERENCES courses (date),
  hole INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 9),
  -- The full 52-card deck in deal order, board text separated by spaces ('TD 2H ...').
  deck TEXT NOT NULL,
  perfect_strokes INTEGER,
  perfect_log TEXT,
  -- 1 when the solver proved the result, 0 when a budget stopped it; null until computed.
  perfect_exact INTEGER,
  PRIMARY KEY (date, hole)
);
INSERT INTO course_holes_v2 SELECT date, hole, deck, perfect_strokes, perfect_log, perfect_exact FROM course_holes;

-- One ranked attempt per player per day: the primary key is the guarantee.
CREATE TABLE attempts_v2 (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  started_at INTEGER NOT NULL,
  ip_hash TEXT NOT NULL,
  -- Set once, when hole 9 is finished, with everything below.
  finished_at INTEGER,
  total INTEGER,
  -- JSON arrays of nine: strokes per hole, the verified logs, each hole's finish time, each hole's draw times.
  strokes TEXT,
  logs TEXT,
  hole_times TEXT,
  draw_times TEXT,
  -- 1 once the fair-play audit flagged the round: it keeps its score but leaves the ranked standings.
  review INTEGER NOT NULL DEFAULT 0 CHECK (review IN (0, 1)),
  PRIMARY KEY (date, player_id)
);
INSERT INTO attempts_v2 (date, player_id, started_at, ip_hash, finished_at, total, strokes, logs, hole_times, draw_times)
SELECT a.date, a.player_id, a.started_at, a.ip_hash, a.finished_at,
       CASE WHEN a.finished_at IS NULL THEN NULL ELSE a.total END,
       CASE WHEN a.finished_at IS NULL THEN NULL ELSE a.strokes END,
       CASE WHEN a.finished_at IS NULL THEN NULL
            ELSE (SELECT json_group_array(log) FROM (SELECT log FROM attempt_holes h
                  WHERE h.date = a.date AND h.player_id = a.player_id ORDER BY hole)) END,
       CASE WHEN a.finished_at IS NULL THEN NULL
            ELSE (SELECT json_group_array(finished_at) FROM (SELECT finished_at FROM attempt_holes h
                  WHERE h.date = a.date AND h.player_id = a.player_id ORDER BY hole)) END,
       CASE WHEN a.finished_at IS NULL THEN NULL
            ELSE (SELECT json_group_array(json(draw_times)) FROM (SELECT draw_times FROM attempt_holes h
                  WHERE h.date = a.date AND h.player_id = a.player_id ORDER BY hole)) END
FROM attempts a;

DROP TRIGGER attempts_started;
DROP TRIGGER attempts_finished;
DROP INDEX attempts_standings;
DROP TABLE attempt_holes;
DROP TABLE attempts;
DROP TABLE course_holes;
DROP TABLE players;
ALTER TABLE players_v2 RENAME TO players;
ALTER TABLE course_holes_v2 RENAME TO course_holes;
ALTER TABLE attempts_v2 RENAME TO attempts;

-- Standings pages: ranked finishers by total, then finish time.
CREATE INDEX attempts_standings ON attempts (date, total, finished_at, player_id)
  WHERE finished_at IS NOT NULL AND review = 0;
-- A player's history.
CREATE INDEX attempts_player ON attempts (player_id, date);

-- Rounds under review per day (day_totals counts the ranked ones only).
ALTER TABLE day_stats ADD COLUMN review INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER attempts_started AFTER INSERT ON attempts
BEGIN
  INSERT INTO day_stats (date, started) VALUES (NEW.date, 1)
    ON CONFLICT (date) DO UPDATE SET started = started + 1;
END;

CREATE TRIGGER attempts_finished AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL AND NEW.review = 0
BEGIN
  INSERT INTO day_totals (date, total, count) VALUES (NEW.date, NEW.total, 1)
    ON CONFLICT (date, total) DO UPDATE SET count = count + 1;
END;

-- A finished round put under review leaves the ranked distribution; ranks close over the gap.
CREATE TRIGGER attempts_review AFTER UPDATE OF review ON attempts
  WHEN OLD.review = 0 AND NEW.review = 1 AND NEW.finished_at IS NOT NULL
BEGIN
  UPDATE day_totals SET count = count - 1 WHERE date = NEW.date AND total = NEW.total;
  DELETE FROM day_totals WHERE date = NEW.date AND total = NEW.total AND count <= 0;
  UPDATE day_stats SET review = review + 1 WHERE date = NEW.date;
END;
