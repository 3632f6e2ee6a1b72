-- The language a player's reminders are written in (one of the web's six: en, es, fr, de, pt-BR, ja). Rows stored
-- before it existed are English.
ALTER TABLE reminders ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
