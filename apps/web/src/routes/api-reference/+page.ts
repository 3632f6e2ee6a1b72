import { err } from '@golf/engine';
import type { PageLoad } from './$types';
import { readReference } from './reference.ts';

/** The document the Worker serves, read for the page (an unreachable or unreadable one is the page's error). */
export const load: PageLoad = async ({ fetch }) => {
  try {
    const res = await fetch('/api/openapi.json');
    if (!res.ok) return { reference: err({ code: 'ERR_DOCUMENT' as const, message: `HTTP ${res.status}` }) };
    return { reference: readReference(await res.json()) };
  } catch (e) {
    const message = e instanceof Error ? e.message : 'network error';
    return { reference: err({ code: 'ERR_DOCUMENT' as const, message }) };
  }
};
