import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { fill } from '../common/errors/api-error';
import { WEBHOOK_NOT_PUBLIC_DETAILS } from '../common/errors/error-catalogue';
import { nonPublicReason } from './address-policy';
import { MAX_WEBHOOK_URL_LENGTH } from './webhook-request';

/** A webhook URL with the one address that was checked and may be connected to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL may not receive webhooks; the message is the `details` of 400 Invalid webhook URL. */
export class WebhookUrlError extends Error {}

export type AddressLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: AddressLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Checks scheme and length, resolves the host and checks every address it resolves to
 * (DECISIONS section 6). `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts only the address rule.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean, lookup: AddressLookup = systemLookup): Promise<WebhookTarget> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host, lookup);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address) ?? outsideGlobalUnicast(address);
      if (reason) throw new WebhookUrlError(fill(WEBHOOK_NOT_PUBLIC_DETAILS, { host, address, reason }));
    }
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}

/** Global unicast IPv6 (RFC 4291, IANA): everything outside it is reserved, special or not routed. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** Deprecated IPv4-compatible addresses (RFC 4291 2.5.5.1): some stacks still reach the IPv4 address inside. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * ipaddr.js calls every IPv6 address it has no special range for 'unicast', e.g. `::7f00:1`
 * (what `http://[::127.0.0.1]/` parses to) or unassigned `4000::1`. Addresses that carry an
 * IPv4 address (mapped, translated, well-known NAT64) were judged by it already.
 */
function outsideGlobalUnicast(address: string): string | null {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() !== 'ipv6' || parsed.range() !== 'unicast' || parsed.match(GLOBAL_UNICAST)) return null;
  return parsed.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : 'reserved';
}

/** The rules of a webhook URL that need no network: length and an absolute http(s) URL. */
export function parseWebhookUrl(raw: string): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) throw new WebhookUrlError(`webhook.url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('webhook.url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookUrlError('webhook.url must use http or https');
  return url;
}

async function resolve(host: string, lookup: AddressLookup): Promise<Array<{ address: string; family: number }>> {
  try {
    const addresses = await lookup(host);
    if (addresses.length > 0) return addresses;
  } catch {
    // Reported below, without the resolver's internals.
  }
  throw new WebhookUrlError(`webhook.url host ${host} could not be resolved`);
}
