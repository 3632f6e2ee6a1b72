export function systemChromium(): string | undefined;
export function testChromium(): string | undefined;
export const CHROMIUM_FLAGS: readonly string[];
