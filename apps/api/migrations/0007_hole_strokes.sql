-- Each hole against the field: how many ranked finishers took each number of strokes on each hole of each day,
-- kept by triggers like day_totals (0002), so a closed day's per-hole distribution, median and clears are read
-- from at most nine times the distinct strokes rows, never from the rounds themselves.
CREATE TABLE day_hole_strokes (
  date TEXT NOT NULL,
  hole INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 9),
  -- Strokes on that hole: the cards left, or minus the stock left for a cleared board (cleared: strokes <= 0).
  strokes INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (date, hole, strokes)
);

-- The rounds already finished and ranked (attempts.strokes is a JSON array of the nine holes' strokes).
INSERT INTO day_hole_strokes (date, hole, strokes, count)
SELECT a.date, h.key + 1, h.value, count(*)
FROM attempts a, json_each(a.strokes) h
WHERE a.finished_at IS NOT NULL AND a.review = 0
GROUP BY a.date, h.key, h.value;

-- A round that finishes ranked adds one to each of its nine holes' strokes.
CREATE TRIGGER attempts_finished_holes AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL AND NEW.review = 0
BEGIN
  INSERT INTO day_hole_strokes (date, hole, strokes, count)
    SELECT NEW.date, h.key + 1, h.value, 1 FROM json_each(NEW.strokes) h WHERE true
    ON CONFLICT (date, hole, strokes) DO UPDATE SET count = count + 1;
END;

-- A finished round put under review leaves the field, hole by hole (as it leaves day_totals).
CREATE TRIGGER attempts_review_holes AFTER UPDATE OF review ON attempts
  WHEN OLD.review = 0 AND NEW.review = 1 AND NEW.finished_at IS NOT NULL
BEGIN
  UPDATE day_hole_strokes SET count = count - 1
    WHERE date = NEW.date
      AND EXISTS (SELECT 1 FROM json_each(NEW.strokes) h
                  WHERE h.key + 1 = day_hole_strokes.hole AND h.value = day_hole_strokes.strokes);
  DELETE FROM day_hole_strokes WHERE date = NEW.date AND count <= 0;
END;
