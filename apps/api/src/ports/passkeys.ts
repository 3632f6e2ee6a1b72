/** Passkeys: single-use WebAuthn challenges and the credentials registered to players. Times are milliseconds since the epoch. */
export interface PasskeyStore {
  insertChallenge(challenge: ChallengeRecord): Promise<void>;
  /** Deletes a live challenge of that purpose and returns it (single use); null when unknown, used or expired. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: number): Promise<ChallengeRecord | null>;
  insertCredential(credential: CredentialRecord): Promise<void>;
  credential(id: string): Promise<CredentialRecord | null>;
  credentialsOf(playerId: string): Promise<CredentialRecord[]>;
  /** Records a sign-in: the authenticator's new counter and the time. */
  touchCredential(id: string, counter: number, usedAt: number): Promise<void>;
  /** Deletes expired challenges (the cron's housekeeping). */
  deleteExpiredChallenges(now: number): Promise<void>;
}

export type ChallengePurpose = 'register' | 'sign-in';

export interface ChallengeRecord {
  readonly challenge: string;
  readonly purpose: ChallengePurpose;
  /** The player registering a passkey; null for a sign-in. */
  readonly playerId: string | null;
  readonly rpId: string;
  readonly expiresAt: number;
}

export interface CredentialRecord {
  /** base64url */
  readonly id: string;
  readonly playerId: string;
  readonly rpId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}
