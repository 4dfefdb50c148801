import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses a webhook may reach (docs/webhooks.md, "SSRF"). Unless the operator allows
 * private targets, every address a host name resolves to must be public, and the connection
 * goes to an address that was checked: the request's own `lookup` resolves once and checks,
 * so a DNS answer that changes between a check and the connect (rebinding) cannot slip through.
 */
const PRIVATE = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  PRIVATE.addSubnet(network, bits, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local, unique-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d) and -compatible addresses are judged by their IPv4 part.
  const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, '0::'));
  if (mapped?.[1] !== undefined) return PRIVATE.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped?.[1] !== undefined && hexMapped[2] !== undefined) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return PRIVATE.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return PRIVATE.check(address, 'ipv6');
}

export class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

/** Static checks of an endpoint URL, at creation and before every attempt. */
export function checkTargetUrl(raw: string, allowPrivateTargets: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('the URL is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('the URL must be https');
  if (url.protocol === 'http:' && !allowPrivateTargets) throw new TargetRefused('the URL must be https (plain http only where the operator allows private targets)');
  if (url.username !== '' || url.password !== '') throw new TargetRefused('the URL must not carry credentials');
  // `new URL` takes port 0, which no server listens on; above 65535 it throws already.
  if (url.port === '0') throw new TargetRefused('the URL must not name port 0');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateTargets && isIP(host) !== 0 && isPrivateAddress(host)) throw new TargetRefused(`${host} is a private address`);
  return url;
}

/**
 * A `lookup` for http(s).request: resolves every address of the host, refuses the connection
 * when any of them is private (unless allowed), and connects to the checked addresses only.
 */
export function checkedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      const refused = allowPrivateTargets ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused !== undefined) return callback(new TargetRefused(`${hostname} resolves to the private address ${refused.address}`), '', 0);
      if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
