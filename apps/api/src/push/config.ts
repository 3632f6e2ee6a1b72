/**
 * The public half of the marked development VAPID key pair (its private half is in `.dev.vars.example`). Like the
 * development daily secret, src/config.ts refuses it anywhere but local development (`LOCAL_DEV=1`), since its
 * private half is public.
 */
export const DEVELOPMENT_VAPID_PUBLIC_KEY =
  'BMoaRmoTs43_YnTtsR_scbqKB0fwSZsRLnUIIWEYSOTOiBl0dNFe5_YkIMneUgQmN1EXq9CMzQzp_-fGRFUS0oc';
