import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by every per-address limit (sign-in, OTP, the
 * public forms; docs/decisions/015-sign-in-throttling.md). One IPv6 host is handed a whole /64
 * and may use any address in it, so IPv6 addresses count by their /64 prefix; an IPv4-mapped
 * IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is its IPv4 address; a port
 * (`1.2.3.4:5678`, `[2001:db8::1]:443`) and a zone (`fe80::1%eth0`) are dropped. Anything else
 * is kept as it is, lower-cased.
 */
export function clientKey(ip: string): string {
  let address = ip.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip.trim().toLowerCase();
  const groups = ipv6Groups(address);
  // ::ffff:0:0/96 is IPv4 written as IPv6.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing IPv4 part split). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const ipv4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The client's address as Fastify's `trustProxy` (hop < `hops`) reads it, for connections Fastify
 * does not see (the chat socket's handshake): the socket's peer, or, behind `hops` trusted
 * proxies, the X-Forwarded-For entry that many places from the right.
 */
export function forwardedClientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)]!;
}
