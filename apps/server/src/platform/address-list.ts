import { BlockList, isIP } from 'node:net'

/**
 * A list of addresses and CIDR ranges (`10.0.0.0/8`, `::1`, `2001:db8::/32`), as a test of an
 * address: what `CAIRN_TRUSTED_PROXIES` and `CAIRN_IACT_SUBNET_LIST` hold. Throws on an entry
 * that is neither.
 */
export function addressList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    if (family === 0 || rest.length > 0) throw new Error(`"${entry}" is not an address or a CIDR range`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) {
      list.addAddress(address, type)
      continue
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN
    if (!(bits <= (family === 4 ? 32 : 128))) throw new Error(`"${entry}" has a bad prefix length`)
    list.addSubnet(address, bits, type)
  }
  return (address) => {
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}
