-- A day database (docs/scale.md, "A year at 1 M finishers a day"): the tables of the days of one period, as the
-- ledger's migrations 0001-0008 leave them in `DB`, without the references to `players` and `courses`, which live
-- in `DB` only (D1 enforces foreign keys, and a reference cannot cross databases). Every day database of
-- `DAY_DATABASES` gets these migrations (`migrations_dir: "migrations-days"`); the adapters in src/adapters/d1/
-- run the same statements on `DB` for the days before the first period and on a day database for the days of its
-- period.

CREATE TABLE day_stats (
  date TEXT PRIMARY KEY,
  started INTEGER NOT NULL DEFAULT 0,
  review INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE day_totals (
  date TEXT NOT NULL,
  total INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (date, total)
);

CREATE TABLE day_audits (
  date TEXT PRIMARY KEY,
  rounds INTEGER NOT NULL,
  audited INTEGER NOT NULL DEFAULT 0,
  flagged INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  pass INTEGER NOT NULL DEFAULT 1,
  cursor_total INTEGER,
  cursor_finished INTEGER,
  cursor_player TEXT,
  paged INTEGER NOT NULL DEFAULT 0,
  progress_at INTEGER,
  archive_cursor TEXT,
  archive_at INTEGER,
  archived_at INTEGER
);

CREATE TABLE day_hole_strokes (
  date TEXT NOT NULL,
  hole INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 9),
  -- Strokes on that hole: the cards left, or minus the stock left for a cleared board (cleared: strokes <= 0).
  strokes INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (date, hole, strokes)
);

CREATE TABLE attempts (
  player_id TEXT NOT NULL,
  date TEXT NOT NULL,
  -- Set once, when hole 9 is finished, with total and strokes (a JSON array of nine).
  finished_at INTEGER,
  total INTEGER,
  strokes TEXT,
  -- 1 once the fair-play audit flagged the round: it keeps its score but leaves the ranked standings.
  review INTEGER NOT NULL DEFAULT 0 CHECK (review IN (0, 1)),
  PRIMARY KEY (player_id, date)
) WITHOUT ROWID;

CREATE TABLE round_evidence (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  started_at INTEGER,
  ip_hash TEXT,
  logs TEXT,
  times TEXT,
  UNIQUE (date, player_id)
);

CREATE TABLE audits (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  flagged INTEGER NOT NULL CHECK (flagged IN (0, 1)),
  p_value REAL NOT NULL,
  telling INTEGER NOT NULL,
  decisions INTEGER NOT NULL,
  holes TEXT,
  audited_at INTEGER NOT NULL,
  UNIQUE (date, player_id)
);

CREATE INDEX attempts_standings ON attempts (date, total, finished_at, player_id)
  WHERE finished_at IS NOT NULL AND review = 0;

CREATE INDEX audits_flagged ON audits (date, p_value) WHERE flagged = 1;

CREATE INDEX day_audits_open ON day_audits (date) WHERE archived_at IS NULL OR finished_at IS NULL;

CREATE TABLE audit_late (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  PRIMARY KEY (date, player_id)
) WITHOUT ROWID;

CREATE TABLE archive_packs (
  date TEXT NOT NULL,
  first_player TEXT NOT NULL,
  last_player TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (date, first_player)
) WITHOUT ROWID;

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
  INSERT INTO day_hole_strokes (date, hole, strokes, count)
    SELECT NEW.date, h.key + 1, h.value, 1 FROM json_each(NEW.strokes) h WHERE true
    ON CONFLICT (date, hole, strokes) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER attempts_review AFTER UPDATE OF review ON attempts
  WHEN OLD.review = 0 AND NEW.review = 1 AND NEW.finished_at IS NOT NULL
BEGIN
  UPDATE day_totals SET count = count - 1 WHERE date = NEW.date AND total = NEW.total;
  DELETE FROM day_totals WHERE date = NEW.date AND total = NEW.total AND count <= 0;
  UPDATE day_stats SET review = review + 1 WHERE date = NEW.date;
  UPDATE day_hole_strokes SET count = count - 1
    WHERE date = NEW.date
      AND EXISTS (SELECT 1 FROM json_each(NEW.strokes) h
                  WHERE h.key + 1 = day_hole_strokes.hole AND h.value = day_hole_strokes.strokes);
  DELETE FROM day_hole_strokes WHERE date = NEW.date AND count <= 0;
END;

CREATE TRIGGER attempts_finished_late AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM day_audits WHERE date = NEW.date)
BEGIN
  INSERT OR IGNORE INTO audit_late (date, player_id) VALUES (NEW.date, NEW.player_id);
  UPDATE day_audits SET rounds = rounds + 1, finished_at = NULL WHERE date = NEW.date;
END;

CREATE TRIGGER audits_verdict AFTER INSERT ON audits
BEGIN
  UPDATE attempts SET review = 1
    WHERE NEW.flagged = 1 AND player_id = NEW.player_id AND date = NEW.date;
  UPDATE day_audits SET audited = audited + 1, flagged = flagged + NEW.flagged, progress_at = NEW.audited_at,
      finished_at = CASE WHEN audited + 1 >= rounds THEN NEW.audited_at END
    WHERE date = NEW.date;
END;
