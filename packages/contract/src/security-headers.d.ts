/** Types of security-headers.js (plain JavaScript so the web's Svelte config can load it in Node). */
export declare const PERMISSIONS_POLICY: string;
export declare const COMMON_HEADERS: Readonly<Record<string, string>>;
export declare const STYLE_ATTRIBUTE_HASHES: Readonly<Record<string, string>>;
export declare const PAGE_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>>;
export declare const DOCUMENT_ONLY_HEADERS: readonly string[];
export declare const PAGE_HEADERS: Readonly<Record<string, string>>;
export declare const API_HEADERS: Readonly<Record<string, string>>;
export declare function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string;
export declare function pagePolicyOf(html: string): string | null;
export declare function pageHeaders(policy: string): Readonly<Record<string, string>>;
