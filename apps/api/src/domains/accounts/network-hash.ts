/**
 * The network an account signed up from (issue 24, ADR 016), kept only as a salted hash: an IPv4 /24 or an IPv6 /48,
 * never the address. Two accounts made from one network hash alike, so the suspicious-activity rule can see a burst of
 * them at one shop; the salt (a server secret) keeps the stored value from being looked up against known networks.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  // A trailing dotted IPv4 (::ffff:192.0.2.1) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : undefined;
}

/**
 * The sign-up network of `ip` as text: 'a.b.c.0/24' for IPv4 (an IPv4-mapped IPv6 address too), the first three groups
 * '/48' for IPv6; undefined for anything else.
 */
export function networkOf(ip: string): string | undefined {
  const address = ip.trim().replace(/%.*$/u, '');
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  return `${groups.slice(0, 3).map((group) => group.toString(16)).join(':')}::/48`;
}

/** users.signup_network: the first 32 hex characters of SHA-256(salt, network); null when `ip` is not an address. */
export function hashSignupNetwork(ip: string, salt: string): string | null {
  const network = networkOf(ip);
  if (network === undefined) return null;
  return createHash('sha256').update(`${salt}\n${network}`).digest('hex').slice(0, 32);
}
