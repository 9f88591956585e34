import { CairnError, type ModuleVersion, type ModuleVersionSummary, type ModuleView } from '@cairn/core'
import type { Context } from 'hono'
import { versionStatusWords } from '../views/status-words.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { signedIn, targetOf } from './module-target.ts'

/** A module provider as the user may see it, and the version a page of it shows. */
export interface ShownVersion {
  readonly view: ModuleView
  /** The versions the user may pick: ready ones, and every one for those who manage modules. */
  readonly versions: readonly ModuleVersionSummary[]
  /** The version shown, with its metadata; undefined when there is none the user may see. */
  readonly selected: ModuleVersion | undefined
  /** Whether the user manages the organization's modules, so sees every version. */
  readonly canManage: boolean
}

/** The module the path names and the version its `?version=` asks for (see `chooseVersion`). */
export async function shownVersion(c: Context<WebEnv>, deps: WebDeps): Promise<ShownVersion> {
  const principal = signedIn(c)
  const target = targetOf(c)
  const view = await deps.registryModules.show(target, principal)
  // Publishing again after a failure is granted exactly to those who manage the organization's
  // modules: they see every version, however it stands; others only the ready ones.
  const canManage = view.permissions.canRetry
  const versions = view.versions.filter((v) => canManage || versionStatusWords(v).tone === 'ready')
  const chosen = chooseVersion(versions, c.req.query('version'))
  const selected =
    chosen === undefined ? undefined : (await deps.moduleVersions.show({ ...target, version: chosen.version }, principal)).version
  return { view, versions, selected, canManage }
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
