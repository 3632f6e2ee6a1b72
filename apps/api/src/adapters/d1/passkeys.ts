import type {
  ChallengePurpose,
  ChallengeRecord,
  CredentialRecord,
  PasskeyStore,
} from '../../ports/passkeys.ts';
import { D1Store } from './statements.ts';

export class D1PasskeyStore extends D1Store implements PasskeyStore {
  async insertChallenge(c: ChallengeRecord): Promise<void> {
    await this.sql
      .write(
        'INSERT INTO challenges (challenge, purpose, player_id, rp_id, expires_at) VALUES (?, ?, ?, ?, ?)',
        c.challenge,
        c.purpose,
        c.playerId,
        c.rpId,
        c.expiresAt,
      )
      .run();
  }
  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    now: number,
  ): Promise<ChallengeRecord | null> {
    const row = await this.sql
      .write(
        `DELETE FROM challenges WHERE challenge = ? AND purpose = ? AND expires_at > ?
       RETURNING challenge, purpose, player_id, rp_id, expires_at`,
        challenge,
        purpose,
        now,
      )
      .first<ChallengeRow>();
    return (
      row && {
        challenge: row.challenge,
        purpose: row.purpose,
        playerId: row.player_id,
        rpId: row.rp_id,
        expiresAt: row.expires_at,
      }
    );
  }
  async insertCredential(c: CredentialRecord): Promise<void> {
    await this.sql
      .write(
        `INSERT INTO credentials (id, player_id, rp_id, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        c.id,
        c.playerId,
        c.rpId,
        c.publicKey,
        c.counter,
        JSON.stringify(c.transports),
        c.createdAt,
        c.lastUsedAt,
      )
      .run();
  }
  async credential(id: string): Promise<CredentialRecord | null> {
    const row = await this.sql.read(`SELECT * FROM credentials WHERE id = ?`, id).first<CredentialRow>();
    return row && toCredential(row);
  }
  async credentialsOf(playerId: string): Promise<CredentialRecord[]> {
    const rows = await this.sql
      .read('SELECT * FROM credentials WHERE player_id = ? ORDER BY created_at', playerId)
      .all<CredentialRow>();
    return rows.results.map(toCredential);
  }
  async touchCredential(id: string, counter: number, usedAt: number): Promise<void> {
    await this.sql
      .write('UPDATE credentials SET counter = ?, last_used_at = ? WHERE id = ?', counter, usedAt, id)
      .run();
  }
  async deleteExpiredChallenges(now: number): Promise<void> {
    await this.sql.write('DELETE FROM challenges WHERE expires_at <= ?', now).run();
  }
}

interface ChallengeRow {
  challenge: string;
  purpose: ChallengePurpose;
  player_id: string | null;
  rp_id: string;
  expires_at: number;
}

interface CredentialRow {
  id: string;
  player_id: string;
  rp_id: string;
  public_key: string;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
}

const toCredential = (r: CredentialRow): CredentialRecord => ({
  id: r.id,
  playerId: r.player_id,
  rpId: r.rp_id,
  publicKey: r.public_key,
  counter: r.counter,
  transports: JSON.parse(r.transports) as string[],
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});
