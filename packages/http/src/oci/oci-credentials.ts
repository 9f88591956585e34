import { CairnError, type AuthenticateToken, type Principal } from '@cairn/core'
import type { Context } from 'hono'
import type { AppEnv } from '../http-deps.ts'

const BASIC = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i
const BEARER = /^Bearer\s+(\S+)\s*$/i
/** The repository a `/v2/` path names, for the challenge's scope. */
const REPOSITORY = /^\/v2\/(.+?)\/(?:manifests|blobs|tags)\//

/**
 * The Cairn token a request carries: as a bearer token (what the token endpoint hands out), or as
 * the password of Basic credentials, the user name being anything (`oci_credentials` and Docker
 * config files hold a user name and a password). Undefined without an `Authorization` header.
 */
export function ociToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization')
  if (header === undefined) return undefined
  const bearer = BEARER.exec(header)?.[1]
  if (bearer !== undefined) return bearer
  const basic = BASIC.exec(header)?.[1]
  if (basic === undefined) throw new CairnError('unauthenticated', 'the Authorization header must be Basic or Bearer credentials')
  const decoded = Buffer.from(basic, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw new CairnError('unauthenticated', 'Basic credentials must be user:token')
  return decoded.slice(colon + 1)
}

/** Who a `/v2/` request acts for; `unauthenticated` without a credential or with one Cairn does not know. */
export async function ociPrincipal(c: Context<AppEnv>, authenticateToken: AuthenticateToken): Promise<Principal> {
  const token = ociToken(c)
  if (token === undefined || token === '') throw new CairnError('unauthenticated', 'a Cairn token is required')
  return authenticateToken.execute(token)
}

/**
 * The challenge of a 401 (distribution spec, Docker token authentication): the token endpoint at
 * `realm`, this host as the service and, on a repository's path, read access to it as the scope.
 */
export function challenge(c: Context<AppEnv>, realm: string): string {
  const service = new URL(realm).host
  const repository = REPOSITORY.exec(c.req.path)?.[1]
  const scope = repository === undefined ? '' : `,scope="repository:${repository}:pull"`
  return `Bearer realm="${realm}",service="${service}"${scope}`
}
