-- A round whose finished row reaches the ledger after its day's audit has started (a finish accepted just before
-- midnight, or an attempt object whose ledger write failed and was retried by its alarm) is queued for the audit
-- like the others, and the day's audit is open again until it is done: every ranked round is audited.
CREATE TRIGGER attempts_finished_late AFTER UPDATE OF finished_at ON attempts
  WHEN OLD.finished_at IS NULL AND NEW.finished_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM day_audits WHERE date = NEW.date)
    AND NOT EXISTS (SELECT 1 FROM audits WHERE date = NEW.date AND player_id = NEW.player_id)
BEGIN
  INSERT INTO audits (date, player_id, total, finished_at)
    VALUES (NEW.date, NEW.player_id, NEW.total, NEW.finished_at);
  UPDATE day_audits SET rounds = rounds + 1, finished_at = NULL WHERE date = NEW.date;
END;
