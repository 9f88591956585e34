import { html } from 'hono/html'
import { copyableCode } from './copyable-code.ts'
import type { Html } from './layout.ts'

/** Where a module, submodule or example is used from, and which version: what the snippet puts in its `module` block. */
export interface Usage {
  /** The block's label: the module's or part's name. */
  readonly label: string
  /** `host/namespace/name/provider`, then `//modules/<name>` or `//examples/<name>` for a part. */
  readonly source: string
  readonly version: string
}

/** The `module` block that uses it, with a button that copies it (shown by the page script). */
export function usageSnippet(usage: Usage): Html {
  const snippet = `module "${blockLabel(usage.label)}" {\n  source  = "${usage.source}"\n  version = "${usage.version}"\n}`
  return html`<section class="usage" aria-labelledby="usage-heading">
  <h2 id="usage-heading">Usage</h2>
  ${copyableCode('snippet', snippet, 'Copy snippet')}
</section>`
}

/** A name as an HCL block label can hold it: a directory's name may have characters a label may not. */
function blockLabel(name: string): string {
  const label = name.replace(/[^A-Za-z0-9_-]/g, '_')
  return /^[A-Za-z_]/.test(label) ? label : `_${label}`
}
