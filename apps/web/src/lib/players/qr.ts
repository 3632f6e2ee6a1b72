/**
 * A QR code as one SVG path, from lean-qr's nano build (3.7 KB, no dependencies, maintained): the transfer code
 * travels to the other device's camera as a link to the sign-in page.
 */
import { generate } from 'lean-qr/nano';

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  readonly size: number;
  /** One `h1v1h-1z` square per dark module, offset by the 4-module quiet zone. */
  readonly path: string;
}

export const QUIET_ZONE = 4;

export function qrPath(text: string): QrPath {
  const code = generate(text);
  let path = '';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++)
      if (code.get(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
  return { size: code.size, path };
}
