-- Players that last: passkeys and one-time transfer codes move a player to another device, and leagues of friends
-- have their own standings. Times are milliseconds since the Unix epoch (UTC).

-- Passkeys (WebAuthn credentials) a player registered. Only public keys are stored.
CREATE TABLE credentials (
  -- The credential id, base64url.
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  -- The relying party (host name) it was registered for: a sign-in for another one is refused.
  rp_id TEXT NOT NULL,
  -- The COSE public key, base64url.
  public_key TEXT NOT NULL,
  -- The authenticator's signature counter (0 for authenticators that keep none).
  counter INTEGER NOT NULL,
  -- JSON array of transport hints ("internal", "hybrid", ...).
  transports TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX credentials_player ON credentials (player_id);

-- WebAuthn challenges: deleted by the one verification that uses them, refused after expires_at.
CREATE TABLE challenges (
  -- The challenge itself, base64url (it is public: it travels in the options).
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  -- The player registering a passkey; null for a sign-in.
  player_id TEXT REFERENCES players (id),
  rp_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX challenges_expiry ON challenges (expires_at);

-- One-time transfer codes: an HMAC of the code under the server's secret, never the code. Deleted by the one
-- claim that uses it.
CREATE TABLE transfer_codes (
  code_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX transfer_codes_player ON transfer_codes (player_id, created_at);
CREATE INDEX transfer_codes_expiry ON transfer_codes (expires_at);

CREATE TABLE leagues (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- The invite code (shared in invite links; not a credential).
  code TEXT NOT NULL UNIQUE,
  created_by TEXT NOT NULL REFERENCES players (id),
  created_at INTEGER NOT NULL
);

CREATE TABLE league_members (
  league_id TEXT NOT NULL REFERENCES leagues (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (league_id, player_id)
);
CREATE INDEX league_members_player ON league_members (player_id);

-- A league nobody is in any more is gone (its invite code with it).
CREATE TRIGGER league_members_left AFTER DELETE ON league_members
  WHEN NOT EXISTS (SELECT 1 FROM league_members WHERE league_id = OLD.league_id)
BEGIN
  DELETE FROM leagues WHERE id = OLD.league_id;
END;
