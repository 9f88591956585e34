import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import type { UpstreamModuleAddress, UpstreamModuleDetail, UpstreamRegistry, UpstreamVersions } from '../ports/upstream-registry.ts'
import type { Edition } from '../shared/edition.ts'
import { MAX_PAGE_SIZE } from '../shared/page.ts'
import { parseModuleVersion } from './module-version.ts'

export interface PublicModulesDeps {
  readonly unitOfWork: UnitOfWork
  readonly edition: Edition
  readonly upstream: UpstreamRegistry
}

/**
 * The hosted edition's proxy to a public registry for curated public modules (spec §1.3–1.4):
 * list versions, get a version, get the latest version for a provider. A module is served only
 * when an organization the principal may read has curated it; otherwise, and in the self-hosted
 * edition, it is `not_found`, and the upstream is never asked.
 */
export class PublicModules {
  readonly #deps: PublicModulesDeps

  constructor(deps: PublicModulesDeps) {
    this.#deps = deps
  }

  async versions(address: UpstreamModuleAddress, principal: Principal): Promise<UpstreamVersions> {
    await this.#assertCurated(address, principal)
    return this.#deps.upstream.versions(address)
  }

  async moduleVersion(address: UpstreamModuleAddress, version: string, principal: Principal): Promise<UpstreamModuleDetail> {
    await this.#assertCurated(address, principal)
    return this.#deps.upstream.moduleVersion(address, parseVersion(version))
  }

  async latest(address: UpstreamModuleAddress, principal: Principal): Promise<UpstreamModuleDetail> {
    await this.#assertCurated(address, principal)
    return this.#deps.upstream.latest(address)
  }

  async #assertCurated(address: UpstreamModuleAddress, principal: Principal): Promise<void> {
    if (this.#deps.edition !== 'hosted') throw CairnError.notFound('resource')
    const curated = await this.#deps.unitOfWork.read(async (repositories) => {
      for await (const organizationName of readableOrganizations(repositories, principal)) {
        const module = await repositories.registryModules.findByAddress(organizationName, { registryName: 'public', ...address })
        if (module !== undefined) return true
      }
      return false
    })
    if (!curated) throw CairnError.notFound('module')
  }
}

/** The organizations whose registry lists the principal may read. */
async function* readableOrganizations(repositories: Repositories, principal: Principal): AsyncIterable<string> {
  switch (principal.kind) {
    case 'organization':
      yield principal.organizationName
      return
    case 'team':
      yield principal.team.organizationName
      return
    case 'user':
      yield* (await repositories.memberships.organizationsOf([principal.user.id])).get(principal.user.id) ?? []
      return
    case 'operator':
      for (let number = 1; ; number++) {
        const page = await repositories.organizations.list({ page: { number, size: MAX_PAGE_SIZE } })
        yield* page.items.map((organization) => organization.name)
        if (number * MAX_PAGE_SIZE >= page.total) return
      }
  }
}

/** A version that is not semver names nothing in any registry: refuse it without asking. */
function parseVersion(value: string): string {
  try {
    return parseModuleVersion(value)
  } catch (error) {
    if (!isCairnError(error, 'invalid')) throw error
    throw new CairnError('bad_request', error.message)
  }
}
