import type { ModuleVersion, ModuleVersionSummary, ModuleView } from '@cairn/core'
import { html, raw } from 'hono/html'
import { csrfField, layout, type Html, type PageFrame } from './layout.ts'
import { moduleHref } from './module-href.ts'
import { day } from './module-list-page.ts'
import { metadataTabs } from './metadata-tabs.ts'

export interface ModulePageModel {
  readonly view: ModuleView
  /** The versions the user may pick: ok ones, and failed ones too for managers. */
  readonly versions: readonly ModuleVersionSummary[]
  /** The version shown, with its metadata; undefined when none is ready. */
  readonly selected: ModuleVersion | undefined
  /** The README of the version shown, already sanitized. */
  readonly readmeHtml: string | null
  readonly canManage: boolean
  /** The registry host of usage snippets (`registry.example.com`). */
  readonly host: string
}

export function modulePage(frame: PageFrame, model: ModulePageModel): Html {
  const { module } = model.view
  const selected = model.selected
  return layout(
    frame,
    html`<h1>${module.name} <span class="tag">${module.provider}</span></h1>
${versionPicker(model)}
${selected === undefined ? html`<p class="empty">No version of this module is ready yet.${model.canManage ? ' Upload one below.' : ''}</p>` : versionBody(model, selected)}
${model.canManage ? uploadForm(frame.csrfToken, model) : ''}`,
  )
}

function versionPicker(model: ModulePageModel): Html | '' {
  if (model.versions.length === 0) return ''
  const options = [...model.versions].reverse().map(
    (v) => html`<option value="${v.version}" ${v.version === model.selected?.version ? 'selected' : ''}>${v.version}${v.status === 'ok' ? '' : ` (${v.status})`}</option>`,
  )
  return html`<form class="versions" method="get" data-auto-submit>
  <label for="version">Version</label>
  <select id="version" name="version">${options}</select>
  <button type="submit">Show</button>
</form>`
}

function versionBody(model: ModulePageModel, version: ModuleVersion): Html {
  const summary = model.versions.find((v) => v.id === version.id)
  const total = model.view.versions.reduce((sum, v) => sum + v.downloads, 0)
  const failed = version.status === 'ok' ? '' : html`<p class="error" role="status">This version is <strong>${version.status}</strong>${version.error === null ? '' : html`: ${version.error}`}</p>`
  return html`${failed}
<dl class="facts">
  <div><dt>Published</dt><dd><time datetime="${version.createdAt.toISOString()}">${day(version.createdAt)}</time></dd></div>
  <div><dt>Downloads of this version</dt><dd>${summary?.downloads ?? 0}</dd></div>
  <div><dt>Downloads of all versions</dt><dd>${total}</dd></div>
</dl>
${version.status === 'ok' ? usage(model, version.version) : ''}
${version.metadata === null ? '' : metadataTabs(version.metadata)}
<section class="readme" aria-labelledby="readme-heading">
  <h2 id="readme-heading">README</h2>
  ${model.readmeHtml === null ? html`<p class="empty">This version has no README.</p>` : raw(model.readmeHtml)}
</section>`
}

function usage(model: ModulePageModel, version: string): Html {
  const { module } = model.view
  const snippet = `module "${module.name}" {\n  source  = "${model.host}/${module.namespace}/${module.name}/${module.provider}"\n  version = "${version}"\n}`
  return html`<section class="usage" aria-labelledby="usage-heading">
  <h2 id="usage-heading">Usage</h2>
  <pre><code id="snippet">${snippet}</code></pre>
  <button type="button" class="copy" data-copy="snippet" hidden>Copy snippet</button>
  <span class="copied" role="status" aria-live="polite"></span>
</section>`
}

function uploadForm(csrfToken: string, model: ModulePageModel): Html {
  return html`<section class="upload" aria-labelledby="upload-heading">
  <h2 id="upload-heading">Upload a version</h2>
  <form method="post" action="${moduleHref(model.view.module)}/versions" data-upload>
    ${csrfField(csrfToken)}
    <label for="new-version">New version</label>
    <input id="new-version" name="version" required placeholder="1.2.0" pattern="v?[0-9]+\\.[0-9]+\\.[0-9]+.*">
    <label for="archive">Archive (.tar.gz)</label>
    <input id="archive" name="archive" type="file" accept=".tar.gz,.tgz,application/gzip" required>
    <button type="submit">Upload</button>
    <p class="upload-status" role="status" aria-live="polite"></p>
  </form>
  <noscript><p>Uploading from this page needs JavaScript; without it, use the API's upload link.</p></noscript>
</section>`
}
