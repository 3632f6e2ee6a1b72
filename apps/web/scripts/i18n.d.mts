// Types for scripts/i18n.mjs (the message catalogue's compiler), which vite.config.ts imports.
import type { Plugin } from 'vite';

export declare const PSEUDO_LOCALE: 'en-XA';
export declare function pseudoText(pattern: string): string;
export declare function checkCatalogue(
  settings: { baseLocale: string; locales: string[] },
  read?: (locale: string) => Record<string, unknown>,
): string[];
export declare function compileMessages(options?: { quiet?: boolean; force?: boolean }): Promise<void>;
export declare function i18nPlugin(): Plugin;
