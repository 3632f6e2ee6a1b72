-- A day's audit on a queue, and a ledger that lasts (docs/scale.md).
--
-- attempts keeps only what ranks and what is queried (standings, history, leagues, a player's own place): one row
-- per attempt, keyed by player then date (a player's history reads its primary key, no second index). The
-- evidence of a round (client address hash, start time, verified logs, hole and draw times) lives beside it in
-- round_evidence until its day is audited and archived to R2, then leaves D1. audits holds verdicts only (the
-- queue holds the work): a verdict is inserted once, and its trigger counts it and puts a flagged round under
-- review. Nothing at close writes one row per round: the queue pages the day (services/audit-queue.ts).
PRAGMA defer_foreign_keys = true;

CREATE TABLE attempts_v3 (
  player_id TEXT NOT NULL REFERENCES players (id),
  date TEXT NOT NULL,
  -- Set once, when hole 9 is finished, with total and strokes (a JSON array of nine).
  finished_at INTEGER,
  total INTEGER,
  strokes TEXT,
  -- 1 once the fair-play audit flagged the round: it keeps its score but leaves the ranked standings.
  review INTEGER NOT NULL DEFAULT 0 CHECK (review IN (0, 1)),
  PRIMARY KEY (player_id, date)
) WITHOUT ROWID;
INSERT INTO attempts_v3 (player_id, date, finished_at, total, strokes, review)
  SELECT player_id, date, finished_at, total, strokes, review FROM attempts;

-- What proves a round, until its day is archived (then in R2, services/archive.ts). A row per attempt, made when
-- it starts; the finished round adds its logs (a JSON array of nine) and its hole and draw times (compact text,
-- src/adapters/d1/times.ts; rounds written before as JSON {"holes": [...], "draws": [[...], ...]}).
CREATE TABLE round_evidence (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  started_at INTEGER,
  ip_hash TEXT,
  logs TEXT,
  times TEXT,
  UNIQUE (date, player_id)
);
INSERT INTO round_evidence (date, player_id, started_at, ip_hash, logs, times)
  SELECT date, player_id, started_at, ip_hash, logs,
    CASE WHEN hole_times IS NULL THEN NULL
         ELSE json_object('holes', json(hole_times), 'draws', json(coalesce(draw_times, '[]'))) END
  FROM attempts;

-- Verdicts, one per audited round. holes: JSON of the engine's nine hole audits (null once archived to R2).
CREATE TABLE audits_v2 (
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
INSERT INTO audits_v2 (date, player_id, flagged, p_value, telling, decisions, holes, audited_at)
  SELECT date, player_id, flagged, p_value, telling, decisions, holes, coalesce(audited_at, 0) FROM audits
  WHERE status = 'done';

DROP TABLE audits;
DROP TABLE attempts;
ALTER TABLE attempts_v3 RENAME TO attempts;
ALTER TABLE audits_v2 RENAME TO audits;

-- Standings pages (and the audit's pages): ranked finishers by total, then finish time.
CREATE INDEX attempts_standings ON attempts (date, total, finished_at, player_id)
  WHERE finished_at IS NOT NULL AND review = 0;
CREATE INDEX audits_flagged ON audits (date, p_value) WHERE flagged = 1;

-- The pipeline's state, one row per day (services/audit-queue.ts): the pass over the standings (its keyset cursor,
-- whether it reached the end), the last time anything moved, and the archive's cursor (player ids in order).
ALTER TABLE day_audits ADD COLUMN pass INTEGER NOT NULL DEFAULT 1;
ALTER TABLE day_audits ADD COLUMN cursor_total INTEGER;
ALTER TABLE day_audits ADD COLUMN cursor_finished INTEGER;
ALTER TABLE day_audits ADD COLUMN cursor_player TEXT;
ALTER TABLE day_audits ADD COLUMN paged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE day_audits ADD COLUMN progress_at INTEGER;
ALTER TABLE day_audits ADD COLUMN archive_cursor TEXT;
ALTER TABLE day_audits ADD COLUMN archive_at INTEGER;
ALTER TABLE day_audits ADD COLUMN archived_at INTEGER;
-- The days the cron watches (services/audit-queue.ts): those not archived yet, or whose audit a late round
-- opened again.
CREATE INDEX day_audits_open ON day_audits (date) WHERE archived_at IS NULL OR finished_at IS NULL;
-- Days audited before the queue: their rounds still in D1 are archived like any other day's.
UPDATE day_audits SET paged = 1 WHERE finished_at IS NOT NULL;
-- Days whose audit was under way: a new pass queues what has no verdict yet.
UPDATE day_audits SET audited = (SELECT count(*) FROM audits v WHERE v.date = day_audits.date),
  flagged = (SELECT count(*) FROM audits v WHERE v.date = day_audits.date AND v.flagged = 1)
  WHERE finished_at IS NULL;

-- Rounds finished after their day's audit started (a finish just before midnight, a ledger write retried later):
-- the cron queues them (services/audit-queue.ts).
CREATE TABLE audit_late (
  date TEXT NOT NULL,
  player_id TEXT NOT NULL,
  PRIMARY KEY (date, player_id)
) WITHOUT ROWID;

-- Where an archived day's rounds are in R2: objects of consecutive player ids (services/archive.ts).
CREATE TABLE archive_packs (
  date TEXT NOT NULL,
  first_player TEXT NOT NULL,
  last_player TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (date, first_player)
) WITHOUT ROWID;

-- The counters the standings read, kept by triggers as before (0002, 0005, 0007), on the new table.
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

-- A round finished after its day's audit started is counted and waits in audit_late; the audit is open again.
CREATE TRIGGER attempts_finished_late AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM day_audits WHERE date = NEW.date)
BEGIN
  INSERT OR IGNORE INTO audit_late (date, player_id) VALUES (NEW.date, NEW.player_id);
  UPDATE day_audits SET rounds = rounds + 1, finished_at = NULL WHERE date = NEW.date;
END;

-- A verdict counts once (it is inserted once): the day's progress, and a flagged round goes under review. The
-- day's audit is finished when every round has its verdict.
CREATE TRIGGER audits_verdict AFTER INSERT ON audits
BEGIN
  UPDATE attempts SET review = 1
    WHERE NEW.flagged = 1 AND player_id = NEW.player_id AND date = NEW.date;
  UPDATE day_audits SET audited = audited + 1, flagged = flagged + NEW.flagged, progress_at = NEW.audited_at,
      finished_at = CASE WHEN audited + 1 >= rounds THEN NEW.audited_at END
    WHERE date = NEW.date;
END;
