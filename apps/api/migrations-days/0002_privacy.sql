-- The day databases' side of ../migrations/0010_privacy.sql: archive objects written before it hold each round's
-- address hash; newer ones never do, and the cron rewrites the older ones without it (services/archive.ts).
ALTER TABLE archive_packs ADD COLUMN addresses INTEGER NOT NULL DEFAULT 1;
CREATE INDEX archive_packs_addresses ON archive_packs (date, first_player) WHERE addresses = 1;
