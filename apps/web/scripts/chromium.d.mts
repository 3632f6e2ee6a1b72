export function systemChromium(): string | undefined;
export const CHROMIUM_FLAGS: readonly string[];
