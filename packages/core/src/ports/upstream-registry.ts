/** A module provider in a public registry: `namespace/name/provider` (no registry name there). */
export interface UpstreamModuleAddress {
  readonly namespace: string
  readonly name: string
  readonly provider: string
}

/**
 * The registry protocol's versions answer (`GET …/:ns/:name/:provider/versions`), typed only as
 * far as Cairn relies on it: the rest passes through to the client untouched.
 */
export interface UpstreamVersions {
  readonly modules: readonly {
    readonly versions: readonly { readonly version: string; readonly [field: string]: unknown }[]
    readonly [field: string]: unknown
  }[]
  readonly [field: string]: unknown
}

/**
 * The registry protocol's detail answer for one module version (get module, latest for a
 * provider), typed only as far as Cairn relies on it: the rest passes through untouched.
 */
export interface UpstreamModuleDetail {
  readonly version: string
  readonly [field: string]: unknown
}

/**
 * A public module registry that speaks the standard registry protocol (the public Terraform
 * registry by default), proxied for the hosted edition's curated public modules.
 *
 * Answers may come from a bounded cache for a configured time, so a version published upstream
 * may show up late. Every method raises:
 * - `not_found` when the upstream answers 404 (no such module, provider or version);
 * - `upstream_timeout` when the upstream does not answer within the configured time;
 * - `upstream_failed` when it cannot be reached, answers another error status, or answers
 *   something that is not the protocol's JSON.
 */
export interface UpstreamRegistry {
  /** Every available version of a module provider. */
  versions(address: UpstreamModuleAddress): Promise<UpstreamVersions>
  /** One version of a module provider, in detail; `version` is normalised semver. */
  moduleVersion(address: UpstreamModuleAddress, version: string): Promise<UpstreamModuleDetail>
  /** The latest version of a module provider, in detail. */
  latest(address: UpstreamModuleAddress): Promise<UpstreamModuleDetail>
}
