import type { ModuleMetadata, ModulePart } from '@cairn/core'
import { html } from 'hono/html'
import type { Html } from './layout.ts'

type Tab = readonly [id: string, label: string, count: number, body: Html]

/**
 * The version's analysed configuration, one section per tab. Without JavaScript the tab list is
 * a list of in-page links to the sections; the script turns it into ARIA tabs.
 */
export function metadataTabs(metadata: ModuleMetadata): Html {
  const { root } = metadata
  const tabs: Tab[] = [
    ['inputs', 'Inputs', root.inputs.length, inputs(root)],
    ['outputs', 'Outputs', root.outputs.length, outputs(root)],
    ['resources', 'Resources', root.resources.length, resources(root)],
    ['providers', 'Providers', root.providerRequirements.length, providers(root)],
    ['submodules', 'Submodules', metadata.submodules.length, parts(metadata.submodules, 'submodules')],
    ['examples', 'Examples', metadata.examples.length, parts(metadata.examples, 'examples')],
  ]
  return html`<div class="tabs" data-tabs>
  <nav aria-label="Module details"><ul class="tablist">${tabs.map(([id, label, count]) => html`<li><a href="#${id}" id="tab-${id}">${label} (${count})</a></li>`)}</ul></nav>
  ${tabs.map(([id, label, , body]) => html`<section id="${id}" class="panel" aria-labelledby="heading-${id}"><h2 id="heading-${id}">${label}</h2>${body}</section>`)}
</div>`
}

function table(caption: string, headings: readonly string[], rows: readonly Html[]): Html {
  if (rows.length === 0) return html`<p class="empty">No ${caption.toLowerCase()}.</p>`
  return html`<table><caption class="visually-hidden">${caption}</caption><thead><tr>${headings.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

function inputs(part: ModulePart): Html {
  const rows = part.inputs.map(
    (i) => html`<tr><th scope="row"><code>${i.name}</code></th><td><code>${i.type ?? 'any'}</code></td><td>${i.description ?? ''}</td><td>${i.default === null ? '' : html`<code>${i.default}</code>`}</td><td>${i.required ? 'yes' : 'no'}</td></tr>`,
  )
  return table('Inputs', ['Name', 'Type', 'Description', 'Default', 'Required'], rows)
}

function outputs(part: ModulePart): Html {
  const rows = part.outputs.map((o) => html`<tr><th scope="row"><code>${o.name}</code></th><td>${o.description ?? ''}</td></tr>`)
  return table('Outputs', ['Name', 'Description'], rows)
}

function resources(part: ModulePart): Html {
  const rows = part.resources.map((r) => html`<tr><th scope="row"><code>${r.type}.${r.name}</code></th><td><code>${r.type}</code></td></tr>`)
  return table('Resources', ['Address', 'Type'], rows)
}

function providers(part: ModulePart): Html {
  const rows = part.providerRequirements.map(
    (p) => html`<tr><th scope="row"><code>${p.name}</code></th><td>${p.source}</td><td><code>${p.version}</code></td></tr>`,
  )
  return table('Providers', ['Name', 'Source', 'Version'], rows)
}

function parts(list: readonly ModulePart[], what: string): Html {
  if (list.length === 0) return html`<p class="empty">No ${what}.</p>`
  return html`<ul>${list.map((p) => html`<li><code>${p.path}</code>: ${p.inputs.length} inputs, ${p.outputs.length} outputs, ${p.resources.length} resources</li>`)}</ul>`
}
