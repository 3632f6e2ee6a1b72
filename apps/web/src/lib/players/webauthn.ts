/**
 * The browser's passkey calls, through @simplewebauthn/browser (the JSON forms the API speaks), loaded when a passkey
 * is made or used, not with the page.
 */
import type { WebAuthnCalls } from './devices.svelte.ts';

const library = () => import('@simplewebauthn/browser');

export const browserWebAuthn: WebAuthnCalls = {
  // What the library's browserSupportsWebAuthn() checks, without loading the library to ask.
  supported: () => typeof globalThis.PublicKeyCredential === 'function',
  register: async (optionsJSON) => (await library()).startRegistration({ optionsJSON: optionsJSON as never }),
  authenticate: async (optionsJSON) =>
    (await library()).startAuthentication({ optionsJSON: optionsJSON as never }),
};
