import { CairnError, isCairnError, type UserPrincipal, type VersionWithUpload } from '@cairn/core'
import { Hono } from 'hono'
import { readForm } from '../read-form.ts'
import { moduleHref } from '../views/module-href.ts'
import { watchedStatusWords } from '../views/status-words.ts'
import { takesArchiveAgain } from '../views/takes-archive-again.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { setFlash } from './flash.ts'
import { signedIn, targetOf } from './module-target.ts'

type VersionTarget = ReturnType<typeof targetOf> & { readonly version: string }

/** Uploading a version (a new one, or a failed one again), watching its analysis, and deleting it. Mounted at /app. */
export function versionRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .post('/:org/:name/:provider/versions', async (c) => {
      const form = await readForm(c)
      const version = typeof form['version'] === 'string' ? form['version'].trim() : ''
      const { upload, again } = await versionToUpload(deps, { ...targetOf(c), version }, signedIn(c))
      if (upload.uploadObjectId === null) throw CairnError.notFound('registry module')
      const base = deps.uploadUrl ?? deps.baseUrl ?? new URL(new URL(c.req.url).origin)
      const uploadUrl = new URL(`v1/object/${upload.uploadObjectId}`, base.href.endsWith('/') ? base : `${base.href}/`)
      // The upload host answers once the archive is stored; the page then watches the status until the analysis settles it.
      const statusUrl = `${new URL(c.req.url).pathname}/${encodeURIComponent(upload.version.version)}/status`
      return c.json({ version: upload.version.version, uploadUrl: uploadUrl.href, statusUrl, again }, again ? 200 : 201)
    })
    .get('/:org/:name/:provider/versions/:version/status', async (c) => {
      const { version } = await deps.moduleVersions.show({ ...targetOf(c), version: c.req.param('version') }, signedIn(c))
      // A version served already stays Ready while a new archive for it is checked: the sender waits on that archive.
      const { tone, text } = watchedStatusWords(version)
      return c.json({ tone, text })
    })
    .post('/:org/:name/:provider/versions/:version/delete', async (c) => {
      const principal = signedIn(c)
      const target = { ...targetOf(c), version: c.req.param('version') }
      const { module, versions } = await deps.registryModules.show(target, principal)
      await deps.registryModules.removeVersion(target, principal)
      // The last version takes its module with it (spec §3), so there is no module page to return to.
      if (versions.length === 1) {
        setFlash(c, { kind: 'module-deleted', version: target.version, module: `${module.name}/${module.provider}` })
        return c.redirect(`/app/${encodeURIComponent(module.organizationName)}`, 303)
      }
      setFlash(c, { kind: 'version-deleted', version: target.version })
      return c.redirect(moduleHref(module), 303)
    })
}

/**
 * Where an archive for `version` goes. A version that takes an archive again (see
 * `takesArchiveAgain`) takes it through the link the API hands its managers with the version
 * (`moduleVersions.show`); any other number is created new, which one that exists already refuses
 * ("has already been taken"), as do non-managers.
 */
async function versionToUpload(
  deps: WebDeps,
  target: VersionTarget,
  principal: UserPrincipal,
): Promise<{ upload: VersionWithUpload; again: boolean }> {
  const existing = await deps.moduleVersions.show(target, principal).catch((error: unknown) => {
    if (isCairnError(error, 'not_found')) return undefined
    throw error
  })
  if (existing !== undefined && existing.uploadObjectId !== null && takesArchiveAgain(existing.version)) {
    return { upload: existing, again: true }
  }
  return { upload: await deps.moduleVersions.create(target, principal), again: false }
}
