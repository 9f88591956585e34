import type { Config } from './config.ts'

/**
 * Settings that work but put a production-looking installation at risk, to print at start. TLS
 * or PostgreSQL says "production": there, links built from the Host header are a host-header
 * poisoning risk and break behind proxies that rewrite it.
 */
export function startupWarnings(config: Config): string[] {
  const productionLooking = config.tls !== undefined || config.databaseUrl !== undefined
  if (!productionLooking || config.baseUrl !== undefined) return []
  return [
    'CAIRN_BASE_URL is not set: the Host header of each request decides the host in links, upload links and ' +
      'module download addresses. Set it to the address clients use to reach Cairn.',
  ]
}
