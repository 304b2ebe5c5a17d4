import ipaddr from 'ipaddr.js';

/**
 * The only ranges a receiver may be at (ipaddr.js's classification): every other one is loopback,
 * private, link-local (169.254.169.254, the cloud metadata address, among them), carrier-grade NAT,
 * multicast, reserved or a documentation range. An IPv4-mapped IPv6 address is judged as its IPv4.
 */
const PUBLIC_RANGES = new Set(['unicast']);

/**
 * Whether an address (IPv4 or IPv6 text) is a public one a webhook may be delivered to. In a module
 * of its own: the delivery worker checks each connection with it and loads nothing more.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return PUBLIC_RANGES.has(parsed.range());
}
