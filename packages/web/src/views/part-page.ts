import { readmeDescription, type ModulePart, type ModuleVersion, type RegistryModule } from '@cairn/core'
import { html, raw } from 'hono/html'
import { layout, type Html, type PageFrame } from './layout.ts'
import { partTabs, tabs } from './metadata-tabs.ts'
import { moduleHref } from './module-href.ts'
import { description } from './description.ts'
import { usageSnippet } from './usage-snippet.ts'

/** The two kinds of parts a module has besides its root, by the directory that holds them. */
export type PartKind = 'modules' | 'examples'

export interface PartPageModel {
  readonly module: RegistryModule
  readonly version: ModuleVersion
  readonly kind: PartKind
  readonly part: ModulePart
  /** The part's README, already sanitized. */
  readonly readmeHtml: string | null
  /** The registry host of usage snippets (`registry.example.com`). */
  readonly host: string
}

/** A submodule's or an example's page: what it takes, gives, makes and needs, how to use it, and its README. */
export function partPage(frame: PageFrame, model: PartPageModel): Html {
  const { module, version, kind, part } = model
  const source = `${model.host}/${module.namespace}/${module.name}/${module.provider}//${part.path}`
  return layout(
    frame,
    html`<h1><code>${part.path}</code></h1>
${description(readmeDescription(part.readme))}
<p>${kind === 'modules' ? 'A submodule' : 'An example'} of <a href="${moduleHref(module, version.version)}">${module.name} <span class="tag">${module.provider}</span></a>, version ${version.version}.</p>
${usageSnippet({ label: part.name, source, version: version.version })}
${tabs(partTabs(part))}
<section class="readme" aria-labelledby="readme-heading">
  <h2 id="readme-heading">README</h2>
  ${model.readmeHtml === null ? html`<p class="empty">This ${kind === 'modules' ? 'submodule' : 'example'} has no README.</p>` : raw(model.readmeHtml)}
</section>`,
  )
}
