import type { Context } from 'hono'
import type { GetConnInfo } from 'hono/conninfo'

/** What decides which address a request counts as coming from. */
export interface ClientAddressSource {
  /** The socket's peer address. Without it, no request has a known address. */
  readonly connInfo?: GetConnInfo
  /** The reverse proxies whose `X-Forwarded-For` is believed; none when absent. */
  readonly isTrustedProxy?: (address: string) => boolean
}

/** The headers by which a proxy names the client it forwards. */
const FORWARDING_HEADERS = ['X-Forwarded-For', 'Forwarded', 'X-Real-IP'] as const

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then, walking
 * `X-Forwarded-For` from the right (each proxy appends the address it heard from), the first
 * address that is not a trusted proxy. Entries left of it were written by the client and are
 * never believed. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.5`) read as IPv4, and an entry's
 * port is dropped. Undefined when
 * the socket's address is unknown (an embedding host that gives none).
 */
export function clientAddress(c: Context, source: ClientAddressSource): string | undefined {
  const peer = source.connInfo?.(c).remote.address
  if (peer === undefined) return undefined
  const isTrusted = source.isTrustedProxy ?? (() => false)
  let address = unmapped(peer)
  if (!isTrusted(address)) return address
  const hops = (c.req.header('X-Forwarded-For') ?? '').split(',').map((hop) => hop.trim())
  for (let index = hops.length - 1; index >= 0 && isTrusted(address); index -= 1) {
    const hop = hops[index]
    if (hop === undefined || hop === '') break
    address = hopAddress(hop)
  }
  return address
}

/**
 * Whether the request says it was forwarded for someone (`X-Forwarded-For`, `Forwarded`,
 * `X-Real-IP`) whom `clientAddress` cannot name: forwarded by a peer that is not a trusted proxy,
 * or by a trusted one without `X-Forwarded-For` (then `clientAddress` is the proxy's own). A
 * proxy on the server's own machine would otherwise make every client look local.
 */
export function isForwardedForUnknownClient(c: Context, source: ClientAddressSource): boolean {
  const peer = source.connInfo?.(c).remote.address
  const trusted = peer !== undefined && source.isTrustedProxy?.(unmapped(peer)) === true
  if (trusted && c.req.header('X-Forwarded-For') !== undefined) return false
  return FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)
}

/**
 * An `X-Forwarded-For` entry's address, without the port some proxies add (`10.0.0.5:51234`,
 * `[2001:db8::5]:443`): a client's every connection would otherwise count as another address.
 */
function hopAddress(hop: string): string {
  const address = /^\[([^\]]+)\](?::\d+)?$/.exec(hop)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(hop)?.[1] ?? hop
  return unmapped(address)
}

function unmapped(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address
}
