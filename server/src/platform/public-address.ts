import type { LookupAddress, LookupOptions } from 'node:dns'
import dns from 'node:dns'
import { BlockList, isIP } from 'node:net'

/**
 * Addresses a server-side request must never reach on a user's say-so (push endpoints): loopback,
 * private, shared, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), multicast,
 * reserved and documentation ranges, in IPv4 and IPv6 (docs/security.md, SSRF).
 */
const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6')

/** True for an address on the public internet. `allow` lists addresses let through anyway (tests). */
export function isPublicAddress(address: string, allow: readonly string[] = []): boolean {
  if (allow.includes(address)) return true
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6) {
    const embedded = embeddedIpv4(address)
    if (embedded) return isPublicAddress(embedded, allow)
    return !blocked.check(address, 'ipv6')
  }
  return !blocked.check(address, 'ipv4')
}

/** The eight 16-bit groups of an IPv6 address, whatever its notation ('::', a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const front = part(head)
  const back = part(tail)
  return tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back]
}

/**
 * The IPv4 address an IPv6 address carries, in any of the forms a socket may reach it by:
 * IPv4-mapped (::ffff:a.b.c.d, also written ::ffff:7f00:1), IPv4-compatible (::a.b.c.d, '::7f00:1')
 * and IPv4-translated (::ffff:0:a.b.c.d). Checking the written form alone let loopback through.
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address)
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  const carries =
    (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) || (zeros(0, 4) && g[4] === 0xffff && g[5] === 0)
  // '::' and '::1' are IPv6's own unspecified and loopback addresses, blocked as such.
  if (!carries || (zeros(0, 7) && (g[7] ?? 0) <= 1)) return null
  const [hi = 0, lo = 0] = g.slice(6)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS'
}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Resolves the URL's host and answers whether every address it resolves to is public. Used when a
 * user hands the server a URL; the connection itself is checked again by `publicOnlyLookup`, since DNS
 * can answer differently later.
 */
export async function resolvesToPublicHost(value: string, allow: readonly string[] = []): Promise<boolean> {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const host = hostOf(url)
  if (isIP(host)) return isPublicAddress(host, allow)
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true })
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address, allow))
  } catch {
    return false
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for http(s) agents that refuses to connect to anything but public addresses: the check is
 * made on the very addresses the socket connects to, after DNS resolution, at send time.
 */
export function publicOnlyLookup(allow: readonly string[] = []) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const list = addresses as LookupAddress[]
      const refused = list.find((a) => !isPublicAddress(a.address, allow))
      if (refused || list.length === 0)
        return callback(
          new PrivateAddressError(`refused to connect to ${hostname}: not a public address`),
          [],
        )
      if (options.all) return callback(null, list)
      return callback(null, list[0]!.address, list[0]!.family)
    })
  }
}
