/**
 * The key a client address is rate limited by. Only `CF-Connecting-IP` is trusted: Cloudflare's edge sets it in
 * production, and the local front (scripts/serve.mjs) overwrites it with the socket's peer. An IPv4 address is
 * its own key; an IPv6 address is keyed by its /64 prefix after normalisation, because one subscriber usually
 * holds a whole /64 (and `2001:DB8::1` and `2001:db8:0::1` are one address). An IPv4-mapped IPv6 address is
 * its IPv4 address. Anything else (no header) is one shared key, "unknown".
 */
export function addressKey(header: string | undefined): string {
  const text = header?.trim() ?? '';
  if (text === '') return 'unknown';
  const v4 = ipv4(text);
  if (v4 !== null) return v4;
  const groups = ipv6Groups(text);
  if (groups === null) return `other/${text.slice(0, 64)}`;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function ipv4(text: string): string | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number).join('.');
}

/** The eight 16-bit groups of an IPv6 address, or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.')) {
    // An embedded IPv4 address makes the last two groups (::ffff:192.0.2.1).
    const v4 = ipv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    const b = v4.split('.').map(Number);
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1) return explicit === 8 ? [...head, ...tail] : null;
  if (explicit > 7) return null;
  return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
}
