import type { Principal } from '@cairn/core'
import type { Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'

/**
 * The `oci://` source of a module version pinned by its manifest's digest, as `modules.v1` answers
 * a download when `moduleDownloads` is `oci`; undefined when the version has no OCI artifact under
 * that spelling (the caller then answers with the archive link).
 */
export async function ociSourceOf(
  c: Context<AppEnv>,
  deps: HttpDeps,
  version: { readonly namespace: string; readonly name: string; readonly provider: string; readonly version: string },
  principal: Principal,
): Promise<string | undefined> {
  const { namespace: organization, name, provider } = version
  const manifest = await deps.ociDistribution.manifest({ organization, name, provider }, version.version, principal)
  if (manifest === undefined) return undefined
  const host = (deps.baseUrl ?? new URL(c.req.url)).host
  return `oci://${host}/${organization}/modules/${name}/${provider}?digest=sha256:${manifest.sha256}`
}
