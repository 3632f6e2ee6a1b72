/** The browser's passkey calls, through @simplewebauthn/browser (the JSON forms the API speaks). */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { WebAuthnCalls } from './devices.svelte.ts';

export const browserWebAuthn: WebAuthnCalls = {
  supported: () => browserSupportsWebAuthn(),
  register: (optionsJSON) => startRegistration({ optionsJSON: optionsJSON as never }),
  authenticate: (optionsJSON) => startAuthentication({ optionsJSON: optionsJSON as never }),
};
