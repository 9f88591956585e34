import { CairnError, DEFAULT_PAGE_SIZE, type ModuleVersionSummary } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { renderReadme } from '../readme.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { moduleListPage } from '../views/module-list-page.ts'
import { modulePage } from '../views/module-page.ts'
import { organizationsPage } from '../views/organizations-page.ts'
import { versionStatusWords } from '../views/status-words.ts'
import { signedIn, targetOf } from './module-target.ts'
import { frameOf } from './page-frame.ts'

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
      const sort = c.req.query('sort') === 'recently-published' ? 'recently-published' : 'name'
      const number = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1))
      const page = await deps.registryModules.list(
        {
          organizationName,
          registryName: 'private',
          ...(search !== '' && { search }),
          ...(provider !== '' && { provider }),
          sort,
          page: { number, size: DEFAULT_PAGE_SIZE },
        },
        signedIn(c),
      )
      const trail = [['Organizations', '/app/'], [organizationName, `/app/${encodeURIComponent(organizationName)}`]] as const
      return c.html(moduleListPage(frameOf(c, `Modules of ${organizationName}`, trail), organizationName, { search, provider, sort }, page))
    })
    .get('/:org/:name/:provider', async (c) => {
      const principal = signedIn(c)
      const target = targetOf(c)
      const view = await deps.registryModules.show(target, principal)
      // Publishing again after a failure is granted exactly to those who manage the organization's
      // modules: they see every version, however it stands; others only the ready ones.
      const canManage = view.permissions.canRetry
      const versions = view.versions.filter((v) => canManage || versionStatusWords(v).tone === 'ready')
      const chosen = chooseVersion(versions, c.req.query('version'))
      const selected = chosen === undefined ? undefined : (await deps.moduleVersions.show({ ...target, version: chosen.version }, principal)).version
      const readme = selected?.metadata?.root.readme ?? null
      const { module } = view
      const trail = [
        ['Organizations', '/app/'],
        [module.organizationName, `/app/${encodeURIComponent(module.organizationName)}`],
        [`${module.name}/${module.provider}`, new URL(c.req.url).pathname],
      ] as const
      const frame = frameOf(c, `${module.name} (${module.provider})`, trail)
      const readmeHtml = readme === null ? null : renderReadme(readme)
      // A VCS module's versions come from its repository: the API hands nobody an upload link for them.
      const canUpload = canManage && module.publishingMechanism === 'non_vcs'
      const permissions = { canManage, canUpload, canDelete: view.permissions.canDelete }
      return c.html(modulePage(frame, { view, versions, selected, readmeHtml, ...permissions, host: hostOf(c, deps) }))
    })
}

/**
 * The version asked for (`not_found` when the user may not pick it), else the latest ready one,
 * else (for managers) the latest one.
 */
function chooseVersion(versions: readonly ModuleVersionSummary[], asked: string | undefined): ModuleVersionSummary | undefined {
  const newestFirst = [...versions].reverse()
  if (asked === undefined) return newestFirst.find((v) => versionStatusWords(v).tone === 'ready') ?? newestFirst[0]
  const found = newestFirst.find((v) => v.version === asked)
  if (found === undefined) throw CairnError.notFound('module version')
  return found
}

/** The registry host that `source` addresses name: the base URL's host, else the request's. */
function hostOf(c: Context, deps: WebDeps): string {
  return (deps.baseUrl ?? new URL(c.req.url)).host
}
