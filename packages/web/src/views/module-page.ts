import { versionDescription, type ModuleVersion, type ModuleVersionSummary, type ModuleView } from '@cairn/core'
import { html, raw } from 'hono/html'
import { layout, type Html, type PageFrame } from './layout.ts'
import { day } from './module-list-page.ts'
import { metadataTabs } from './metadata-tabs.ts'
import { partHref } from './module-href.ts'
import { attemptNotice } from './attempt-notice.ts'
import { description } from './description.ts'
import { moduleStatusWords, toneClass, versionStatusWords } from './status-words.ts'
import { usageSnippet } from './usage-snippet.ts'
import { recoveryActions, uploadForm } from './version-forms.ts'

export interface ModulePageModel {
  readonly view: ModuleView
  /** The versions the user may pick: ready ones, and every one for managers. */
  readonly versions: readonly ModuleVersionSummary[]
  /** The version shown, with its metadata; undefined when none is ready. */
  readonly selected: ModuleVersion | undefined
  /** The README of the version shown, already sanitized. */
  readonly readmeHtml: string | null
  /** Whether the user sees every version, however it stands: those who manage modules. */
  readonly canManage: boolean
  /** Whether the user may upload from the page (also again, to a version whose archive failed): managers of a module without VCS. */
  readonly canUpload: boolean
  /** Whether the user may delete versions: the organization's owners, as for the API. */
  readonly canDelete: boolean
  /** The registry host of usage snippets (`registry.example.com`). */
  readonly host: string
}

export function modulePage(frame: PageFrame, model: ModulePageModel): Html {
  const { module } = model.view
  const selected = model.selected
  const status = moduleStatusWords(module)
  return layout(
    frame,
    html`<h1>${module.name} <span class="tag">${module.provider}</span></h1>
${description(versionDescription(selected?.metadata ?? null))}
<p class="${toneClass(status)}">Module status: ${status.text}</p>
${versionPicker(model)}
${selected === undefined ? html`<p class="empty">No version of this module is ready yet.${model.canUpload ? ' Upload one below.' : ''}</p>` : versionBody(frame.csrfToken, model, selected)}
${model.canUpload ? uploadForm(frame.csrfToken, module, selected) : ''}`,
  )
}

function versionPicker(model: ModulePageModel): Html | '' {
  if (model.versions.length === 0) return ''
  const options = [...model.versions].reverse().map((v) => {
    const words = versionStatusWords(v)
    return html`<option value="${v.version}" ${v.version === model.selected?.version ? 'selected' : ''}>${v.version}${words.tone === 'ready' ? '' : ` (${words.label})`}</option>`
  })
  return html`<form class="versions" method="get" data-auto-submit>
  <label for="version">Version</label>
  <select id="version" name="version">${options}</select>
  <button type="submit">Show</button>
</form>`
}

function versionBody(csrfToken: string, model: ModulePageModel, version: ModuleVersion): Html {
  const summary = model.versions.find((v) => v.id === version.id)
  const total = model.view.versions.reduce((sum, v) => sum + v.downloads, 0)
  const words = versionStatusWords(version)
  const ready = words.tone === 'ready'
  // A version serving no archive, and not being processed: its archive failed, or none arrived.
  const stuck = words.tone === 'failed' || version.status === 'pending'
  return html`${stuck ? recoveryActions(csrfToken, model, { version, words }) : ''}
<dl class="facts">
  <div><dt>Status</dt><dd class="${toneClass(words)}">${words.label}</dd></div>
  ${ready ? html`<div><dt>Published</dt><dd><time datetime="${version.createdAt.toISOString()}">${day(version.createdAt)}</time></dd></div>` : ''}
  <div><dt>Downloads of this version</dt><dd>${summary?.downloads ?? 0}</dd></div>
  <div><dt>Downloads of all versions</dt><dd>${total}</dd></div>
</dl>
${attemptNotice(version, model.canUpload)}
${ready ? usage(model, version.version) : ''}
${version.metadata === null ? '' : metadataTabs(version.metadata, (part) => partHref(model.view.module, part, version.version))}
<section class="readme" aria-labelledby="readme-heading">
  <h2 id="readme-heading">README</h2>
  ${model.readmeHtml === null ? html`<p class="empty">This version has no README.</p>` : raw(model.readmeHtml)}
</section>`
}

function usage(model: ModulePageModel, version: string): Html {
  const { module } = model.view
  return usageSnippet({ label: module.name, source: `${model.host}/${module.namespace}/${module.name}/${module.provider}`, version })
}
