import ipaddr from 'ipaddr.js';

/** The well-known NAT64 prefix 64:ff9b::/96 (RFC 6052): the last 32 bits are an IPv4 address. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Why an address may not receive webhooks, or null when it is public. Classified numerically
 * (ipaddr.js ranges): only global unicast passes. IPv4 carried inside IPv6 (IPv4-mapped,
 * IPv4-translated, well-known NAT64) is judged by the IPv4 address it carries; every other
 * special IPv6 range (6to4, Teredo, local-use NAT64, ...) is refused outright.
 */
export function nonPublicReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const embedded = embeddedIPv4(parsed);
  if (embedded) return nonPublicReason(embedded.toString());
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.kind() !== 'ipv6') return null;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const range = v6.range();
  if (range === 'rfc6145' || (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN))) {
    const bytes = v6.toByteArray();
    return new ipaddr.IPv4(bytes.slice(12));
  }
  return null;
}
