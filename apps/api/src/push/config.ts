/**
 * The Worker's VAPID configuration: `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (base64url, a Worker secret in
 * production) and `VAPID_SUBJECT` (a `mailto:` or `https:` contact). Locally `.dev.vars` holds a marked
 * development key pair; like the development daily secret, it is refused anywhere but local development
 * (`LOCAL_DEV=1`), since its private half is public.
 */
import { err, ok, type Result } from '@golf/engine';
import { importVapidKeys, isVapidSubject, type VapidKeys } from './vapid.ts';

/** The development key pair's public half (its private half is in `.dev.vars.example`). */
export const DEVELOPMENT_VAPID_PUBLIC_KEY =
  'BMoaRmoTs43_YnTtsR_scbqKB0fwSZsRLnUIIWEYSOTOiBl0dNFe5_YkIMneUgQmN1EXq9CMzQzp_-fGRFUS0oc';

/** The bindings this reads (a subset of the Worker's Env). */
export interface VapidBindings {
  readonly VAPID_PUBLIC_KEY?: string;
  readonly VAPID_PRIVATE_KEY?: string;
  readonly VAPID_SUBJECT?: string;
  readonly LOCAL_DEV?: string;
}

export interface VapidConfig {
  readonly keys: VapidKeys;
  readonly subject: string;
}

/** The VAPID keys and subject, or why push cannot be sent from this Worker (a sentence for the operator's log). */
export async function vapidConfig(env: VapidBindings): Promise<Result<VapidConfig, string>> {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: subject } = env;
  if (!pub || !priv) return err('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set');
  if (pub === DEVELOPMENT_VAPID_PUBLIC_KEY && env.LOCAL_DEV !== '1')
    return err('the VAPID key pair is the public development pair');
  if (!subject || !isVapidSubject(subject)) return err('VAPID_SUBJECT must be a mailto: or https: URI');
  const keys = await importVapidKeys({ publicKey: pub, privateKey: priv });
  return keys.ok ? ok({ keys: keys.value, subject }) : err(keys.error.message);
}
