import type { ModuleMetadata, ModulePart } from '@cairn/core'
import { html } from 'hono/html'
import type { Html } from './layout.ts'
import { inputsTable, outputsTable, providersTable, resourcesTable } from './part-tables.ts'
import { plural } from './plural.ts'

export type Tab = readonly [id: string, label: string, count: number, body: Html]

/** The tabs every part has: the root module's, a submodule's or an example's configuration. */
export function partTabs(part: ModulePart): Tab[] {
  return [
    ['inputs', 'Inputs', part.inputs.length, inputsTable(part)],
    ['outputs', 'Outputs', part.outputs.length, outputsTable(part)],
    ['resources', 'Resources', part.resources.length, resourcesTable(part)],
    ['providers', 'Providers', part.providerRequirements.length, providersTable(part)],
  ]
}

/** The version's analysed configuration: its root's tabs, and its submodules and examples, each linked to its page at `hrefOf`. */
export function metadataTabs(metadata: ModuleMetadata, hrefOf: (part: ModulePart) => string): Html {
  return tabs([
    ...partTabs(metadata.root),
    ['submodules', 'Submodules', metadata.submodules.length, parts(metadata.submodules, 'submodules', hrefOf)],
    ['examples', 'Examples', metadata.examples.length, parts(metadata.examples, 'examples', hrefOf)],
  ])
}

/**
 * One section per tab. Without JavaScript the tab list is a list of in-page links to the
 * sections; the script turns it into ARIA tabs.
 */
export function tabs(list: readonly Tab[]): Html {
  return html`<div class="tabs" data-tabs>
  <nav aria-label="Module details"><ul class="tablist">${list.map(([id, label, count]) => html`<li><a href="#${id}" id="tab-${id}">${label} (${count})</a></li>`)}</ul></nav>
  ${list.map(([id, label, , body]) => html`<section id="${id}" class="panel" aria-labelledby="heading-${id}"><h2 id="heading-${id}">${label}</h2>${body}</section>`)}
</div>`
}

function parts(list: readonly ModulePart[], what: string, hrefOf: (part: ModulePart) => string): Html {
  if (list.length === 0) return html`<p class="empty">No ${what}.</p>`
  const items = list.map(
    (p) =>
      html`<li><a href="${hrefOf(p)}"><code>${p.path}</code></a>: ${plural(p.inputs.length, 'input')}, ${plural(p.outputs.length, 'output')}, ${plural(p.resources.length, 'resource')}</li>`,
  )
  return html`<ul class="parts">${items}</ul>`
}
