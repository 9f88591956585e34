import { BlockList, isIP } from 'node:net'

type Family = 'ipv4' | 'ipv6'

/**
 * Addresses a git host on the internet never has: loopback, unspecified, link-local (cloud
 * metadata at 169.254.169.254), private, CGNAT, unique-local, documentation, benchmark, multicast,
 * reserved and broadcast. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are checked against the
 * IPv4 ranges by the block list itself; the other IPv6 forms that carry an IPv4 address to a
 * gateway (`EMBEDDING`) by the IPv4 address they embed.
 */
const INTERNAL = new BlockList()
for (const [network, prefix] of [
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
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  // `::`, `::1` and the deprecated IPv4-compatible `::a.b.c.d`.
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6')
}
/**
 * IPv6 ranges whose addresses a translator or tunnel turns into IPv4 traffic, and the IPv4
 * addresses each embeds (as 16-bit groups of the full address): NAT64 (`64:ff9b::/96`) and
 * SIIT (`::ffff:0:0:0/96`) the last 32 bits; 6to4 (`2002::/16`) the 32 after the prefix; Teredo
 * (`2001::/32`) its server's after the prefix and its client's, inverted, in the last 32 bits.
 * A host with such a route would otherwise reach `2002:7f00:1::` as `127.0.0.1`.
 */
const EMBEDDING: readonly { readonly range: BlockList; readonly embedded: (groups: readonly number[]) => readonly number[] }[] = [
  { range: subnet('64:ff9b::', 96), embedded: (groups) => [ipv4At(groups, 6)] },
  { range: subnet('::ffff:0:0:0', 96), embedded: (groups) => [ipv4At(groups, 6)] },
  { range: subnet('2002::', 16), embedded: (groups) => [ipv4At(groups, 1)] },
  { range: subnet('2001::', 32), embedded: (groups) => [ipv4At(groups, 2), ~ipv4At(groups, 6) >>> 0] },
]

/** One entry of `CAIRN_VCS_ALLOWED_HOSTS`, parsed. */
type AllowedEntry =
  | { readonly kind: 'name'; readonly name: string; readonly port: number | undefined }
  | { readonly kind: 'addresses'; readonly addresses: BlockList; readonly port: number | undefined }

/**
 * Where the git client may connect: anywhere on the internet, and to an internal address only
 * when the operator's allow-list names the host (`git.corp`, `git.corp:8443`), the address
 * (`10.0.0.5`, `[fd00::5]:443`) or its range (`10.0.0.0/8`). Checked on the address a connection
 * is opened to, after DNS, so no spelling of an address and no DNS answer gets around it.
 */
export class DestinationPolicy {
  readonly #allowed: readonly AllowedEntry[]

  /** Throws on an entry `allowedHostProblem` refuses: the configuration checks them first. */
  constructor(allowedHosts: readonly string[] = []) {
    this.#allowed = allowedHosts.map((entry) => {
      const parsed = parseEntry(entry)
      if (typeof parsed === 'string') throw new TypeError(`allowed git host ${JSON.stringify(entry)} ${parsed}`)
      return parsed
    })
  }

  /** Whether `address` may be connected to for the URL host `hostname` (as WHATWG URL spells it) on `port`. */
  permits(hostname: string, port: number, address: string): boolean {
    const family = familyOf(address)
    if (family === undefined) return false
    if (!isInternal(address, family)) return true
    const name = hostnameKey(hostname)
    return this.#allowed.some((entry) => {
      if (entry.port !== undefined && entry.port !== port) return false
      return entry.kind === 'name' ? entry.name === name : entry.addresses.check(address, family)
    })
  }
}

/** Why `entry` is not a host name, `host:port` or CIDR range; undefined when it is one. */
export function allowedHostProblem(entry: string): string | undefined {
  const parsed = parseEntry(entry)
  return typeof parsed === 'string' ? parsed : undefined
}

/** `CAIRN_VCS_ALLOWED_HOSTS`'s comma-separated entries, blanks dropped. */
export function splitAllowedHosts(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

const MUST_BE = 'must be a host name, host:port or CIDR range (10.0.0.0/8)'

function parseEntry(entry: string): AllowedEntry | string {
  const text = entry.trim()
  const slash = text.indexOf('/')
  if (slash !== -1) return parseRange(text.slice(0, slash), text.slice(slash + 1))
  // A bare IPv6 address has colons but no port; `[…]:port` is bracketed.
  if (isIP(text) === 6) return single(text, undefined)
  if (text === '' || /[\s@?#*\\]/.test(text)) return MUST_BE
  const url = URL.parse(`http://${text}`)
  if (url === null || url.username !== '' || url.pathname !== '/' || url.search !== '' || url.hostname === '') return MUST_BE
  const explicitPort = /:(\d+)$/.exec(text)?.[1]
  if (explicitPort !== undefined && (Number(explicitPort) < 1 || Number(explicitPort) > 65_535)) return 'has a port outside 1–65535'
  const port = explicitPort === undefined ? undefined : Number(explicitPort)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return isIP(host) === 0 ? { kind: 'name', name: hostnameKey(url.hostname), port } : single(host, port)
}

function parseRange(network: string, prefixText: string): AllowedEntry | string {
  const version = isIP(network)
  const max = version === 4 ? 32 : 128
  if (version === 0 || !/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return MUST_BE
  const addresses = new BlockList()
  addresses.addSubnet(network, Number(prefixText), version === 4 ? 'ipv4' : 'ipv6')
  return { kind: 'addresses', addresses, port: undefined }
}

function single(address: string, port: number | undefined): AllowedEntry {
  const addresses = new BlockList()
  addresses.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')
  return { kind: 'addresses', addresses, port }
}

function familyOf(address: string): Family | undefined {
  const version = isIP(address)
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined
}

function isInternal(address: string, family: Family): boolean {
  if (INTERNAL.check(address, family)) return true
  if (family === 'ipv4') return false
  const form = EMBEDDING.find(({ range }) => range.check(address, 'ipv6'))
  if (form === undefined) return false
  return form.embedded(groupsOf(address)).some((value) => INTERNAL.check(dotted(value), 'ipv4'))
}

function subnet(network: string, prefix: number): BlockList {
  const range = new BlockList()
  range.addSubnet(network, prefix, 'ipv6')
  return range
}

/** The eight 16-bit groups of an IPv6 address (WHATWG URL writes it in hexadecimal groups, `::` for zeros). */
function groupsOf(address: string): number[] {
  const compressed = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const [head = '', tail] = compressed.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)))
  if (tail === undefined) return parse(head)
  const [before, after] = [parse(head), parse(tail)]
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
}

/** The IPv4 address in groups `index` and `index + 1`, as an unsigned 32-bit number. */
function ipv4At(groups: readonly number[], index: number): number {
  return (((groups[index] ?? 0) << 16) | (groups[index + 1] ?? 0)) >>> 0
}

function dotted(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.')
}

/** A host name as compared: lower case (WHATWG URL already folds it), without a final dot. */
function hostnameKey(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '')
}
