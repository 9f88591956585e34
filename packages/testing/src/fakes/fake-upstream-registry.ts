import {
  CairnError,
  type UpstreamModuleAddress,
  type UpstreamModuleDetail,
  type UpstreamRegistry,
  type UpstreamVersions,
} from '@cairn/core'

/**
 * A public registry for unit tests: it knows the modules it is given, records every question
 * it is asked, and fails with `failure` when one is set.
 */
export class FakeUpstreamRegistry implements UpstreamRegistry {
  /** Every question asked, as `namespace/name/provider[/version]` or `…/versions`. */
  readonly requests: string[] = []
  failure: CairnError | undefined
  readonly #modules = new Map<string, string[]>()

  /** Makes `versions` of `namespace/name/provider` available, oldest first. */
  publish(address: string, versions: readonly string[]): void {
    this.#modules.set(address, [...versions])
  }

  async versions(address: UpstreamModuleAddress): Promise<UpstreamVersions> {
    const versions = this.#ask(`${key(address)}/versions`, address)
    return { modules: [{ source: key(address), versions: versions.map((version) => ({ version })) }] }
  }

  async moduleVersion(address: UpstreamModuleAddress, version: string): Promise<UpstreamModuleDetail> {
    const versions = this.#ask(`${key(address)}/${version}`, address)
    if (!versions.includes(version)) throw CairnError.notFound('module version')
    return detail(address, version, versions)
  }

  async latest(address: UpstreamModuleAddress): Promise<UpstreamModuleDetail> {
    const versions = this.#ask(key(address), address)
    const latest = versions.at(-1)
    if (latest === undefined) throw CairnError.notFound('module version')
    return detail(address, latest, versions)
  }

  #ask(request: string, address: UpstreamModuleAddress): string[] {
    this.requests.push(request)
    if (this.failure !== undefined) throw this.failure
    const versions = this.#modules.get(key(address))
    if (versions === undefined) throw CairnError.notFound('module')
    return versions
  }
}

function key(address: UpstreamModuleAddress): string {
  return `${address.namespace}/${address.name}/${address.provider}`
}

function detail(address: UpstreamModuleAddress, version: string, versions: readonly string[]): UpstreamModuleDetail {
  return { id: `${key(address)}/${version}`, ...address, version, versions: [...versions] }
}
