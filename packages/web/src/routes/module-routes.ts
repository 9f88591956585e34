import { DEFAULT_PAGE_SIZE, type RegistryModule, type RegistryModuleSort } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { renderReadme } from '../readme.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { moduleListPage } from '../views/module-list-page.ts'
import { modulePage } from '../views/module-page.ts'
import { organizationsPage } from '../views/organizations-page.ts'
import { moduleHref } from '../views/module-href.ts'
import { signedIn } from './module-target.ts'
import { frameOf } from './page-frame.ts'
import { providerSummaries } from './provider-versions-of.ts'
import { shownVersion } from './shown-version.ts'

const MAX_SEARCH_LENGTH = 100

/** Organizations, their module lists and module pages. Mounted at /app, behind sign-in. */
export function moduleRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/', async (c) => {
      const page = await deps.organizations.list({ number: 1, size: 100 }, signedIn(c))
      return c.html(organizationsPage(frameOf(c, 'Organizations', [['Organizations', '/app/']]), page.items))
    })
    .get('/:org', async (c) => {
      const organizationName = c.req.param('org')
      const search = (c.req.query('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
      const provider = (c.req.query('provider') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
      const sort: RegistryModuleSort = c.req.query('sort') === 'recently-published' ? 'recently-published' : 'name'
      const number = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1))
      const principal = signedIn(c)
      const page = await deps.registryModules.list(
        {
          organizationName,
          registryName: 'private',
          ...(search !== '' && { search }),
          ...(provider !== '' && { provider }),
          sort,
          page: { number, size: DEFAULT_PAGE_SIZE },
        },
        principal,
      )
      const providers = await providerSummaries(deps, organizationName, principal)
      const trail = [
        ['Organizations', '/app/'],
        [organizationName, `/app/${encodeURIComponent(organizationName)}`],
      ] as const
      const model = {
        organizationName,
        filter: { search, provider, sort },
        page,
        providers,
        origin: (deps.baseUrl ?? new URL(c.req.url)).origin,
      }
      return c.html(moduleListPage(frameOf(c, `Modules of ${organizationName}`, trail), model))
    })
    .get('/:org/:name/:provider', async (c) => {
      const { view, versions, selected, canManage } = await shownVersion(c, deps)
      const readme = selected?.metadata?.root.readme ?? null
      const { module } = view
      const frame = frameOf(c, `${module.name} (${module.provider})`, moduleTrail(module))
      const readmeHtml = readme === null ? null : await renderReadme(readme)
      // A VCS module's versions come from its repository: the API hands nobody an upload link for them.
      const canUpload = canManage && module.publishingMechanism === 'non_vcs'
      const permissions = { canManage, canUpload, canDelete: view.permissions.canDelete }
      return c.html(modulePage(frame, { view, versions, selected, readmeHtml, ...permissions, host: hostOf(c, deps) }))
    })
}

/** The breadcrumb to a module's page: its organization, then the module. */
export function moduleTrail(module: RegistryModule): [string, string][] {
  return [
    ['Organizations', '/app/'],
    [module.organizationName, `/app/${encodeURIComponent(module.organizationName)}`],
    [`${module.name}/${module.provider}`, moduleHref(module)],
  ]
}

/** The registry host that `source` addresses name: the base URL's host, else the request's. */
export function hostOf(c: Context, deps: WebDeps): string {
  return (deps.baseUrl ?? new URL(c.req.url)).host
}
