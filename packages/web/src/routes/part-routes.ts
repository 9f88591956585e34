import { CairnError } from '@cairn/core'
import { Hono } from 'hono'
import { renderReadme } from '../readme.ts'
import { partPage, type PartKind } from '../views/part-page.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { hostOf, moduleTrail } from './module-routes.ts'
import { frameOf } from './page-frame.ts'
import { shownVersion } from './shown-version.ts'

/** The page of each submodule and example of a version. Mounted at /app, behind sign-in. */
export function partRoutes(deps: WebDeps) {
  return new Hono<WebEnv>().get('/:org/:name/:provider/:kind{modules|examples}/:part', async (c) => {
    const kind = c.req.param('kind') as PartKind
    const { view, selected } = await shownVersion(c, deps)
    // Only a version that serves an archive has its parts analysed.
    const parts = kind === 'modules' ? selected?.metadata?.submodules : selected?.metadata?.examples
    const part = parts?.find(({ name }) => name === c.req.param('part'))
    if (selected === undefined || part === undefined) throw CairnError.notFound(kind === 'modules' ? 'submodule' : 'example')
    const { module } = view
    const frame = frameOf(c, `${part.path} of ${module.name} (${module.provider})`, [
      ...moduleTrail(module),
      [part.path, new URL(c.req.url).pathname],
    ])
    const readmeHtml = part.readme === null ? null : await renderReadme(part.readme)
    return c.html(partPage(frame, { module, version: selected, kind, part, readmeHtml, host: hostOf(c, deps) }))
  })
}
