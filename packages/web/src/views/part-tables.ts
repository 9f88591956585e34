import type { ModulePart } from '@cairn/core'
import { html } from 'hono/html'
import type { Html } from './layout.ts'

/** A part's inputs, outputs, resources and providers, one table each: for the module's root, a submodule or an example. */
export function inputsTable(part: ModulePart): Html {
  const rows = part.inputs.map(
    (i) =>
      html`<tr><th scope="row"><code>${i.name}</code></th><td><code>${i.type ?? 'any'}</code></td><td>${i.description ?? ''}</td><td>${i.default === null ? '' : html`<code>${i.default}</code>`}</td><td>${i.required ? 'yes' : 'no'}</td></tr>`,
  )
  return table('Inputs', ['Name', 'Type', 'Description', 'Default', 'Required'], rows)
}

export function outputsTable(part: ModulePart): Html {
  const rows = part.outputs.map((o) => html`<tr><th scope="row"><code>${o.name}</code></th><td>${o.description ?? ''}</td></tr>`)
  return table('Outputs', ['Name', 'Description'], rows)
}

export function resourcesTable(part: ModulePart): Html {
  const rows = part.resources.map(
    (r) => html`<tr><th scope="row"><code>${r.type}.${r.name}</code></th><td><code>${r.type}</code></td></tr>`,
  )
  return table('Resources', ['Address', 'Type'], rows)
}

export function providersTable(part: ModulePart): Html {
  const rows = part.providerRequirements.map(
    (p) => html`<tr><th scope="row"><code>${p.name}</code></th><td>${p.source}</td><td><code>${p.version}</code></td></tr>`,
  )
  return table('Providers', ['Name', 'Source', 'Version'], rows)
}

function table(caption: string, headings: readonly string[], rows: readonly Html[]): Html {
  if (rows.length === 0) return html`<p class="empty">No ${caption.toLowerCase()}.</p>`
  return html`<table><caption class="visually-hidden">${caption}</caption><thead><tr>${headings.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}
