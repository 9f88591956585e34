import { MAX_PAGE_SIZE, type ProviderVersionView, type RegistryProvider, type UserPrincipal } from '@cairn/core'
import type { ProviderSummary } from '../views/provider-list.ts'
import type { WebDeps } from '../web-deps.ts'

/** How many of an organization's providers its page lists; past that it says how many more there are. */
export const LISTED_PROVIDERS = MAX_PAGE_SIZE

/** Every version of a private provider with its platforms, highest first, page after page. */
export async function allVersionsOf(
  deps: Pick<WebDeps, 'providerVersions'>,
  provider: Pick<RegistryProvider, 'organizationName' | 'namespace' | 'name'>,
  principal: UserPrincipal,
): Promise<ProviderVersionView[]> {
  const { organizationName, namespace, name } = provider
  const versions: ProviderVersionView[] = []
  for (let number = 1; ; number++) {
    const page = await deps.providerVersions.list({ organizationName, namespace, name, page: { number, size: MAX_PAGE_SIZE } }, principal)
    versions.push(...page.items)
    if (page.items.length === 0 || versions.length >= page.total) return versions
  }
}

/** The first providers of an organization's private registry, each with its versions, and how many it has in all. */
export async function providerSummaries(
  deps: Pick<WebDeps, 'registryProviders' | 'providerVersions'>,
  organizationName: string,
  principal: UserPrincipal,
): Promise<{ readonly summaries: readonly ProviderSummary[]; readonly total: number }> {
  const page = await deps.registryProviders.list(
    { organizationName, registryName: 'private', page: { number: 1, size: LISTED_PROVIDERS }, includeVersions: false },
    principal,
  )
  const summaries = await Promise.all(
    page.items.map(async ({ provider }) => ({ provider, versions: await allVersionsOf(deps, provider, principal) })),
  )
  return { summaries, total: page.total }
}
