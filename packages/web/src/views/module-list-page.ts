import type { ModuleView, Page, RegistryModuleSort } from '@cairn/core'
import { html } from 'hono/html'
import { description } from './description.ts'
import { firstModule } from './first-module.ts'
import { layout, type Html, type PageFrame } from './layout.ts'
import { moduleHref } from './module-href.ts'
import { plural } from './plural.ts'
import { providerList, type ProviderSummary } from './provider-list.ts'
import { moduleStatusWords, toneClass } from './status-words.ts'

/** What the list shows: the search as the user typed it. */
export interface ModuleListFilter {
  readonly search: string
  readonly provider: string
  readonly sort: RegistryModuleSort
}

export interface ModuleListModel {
  readonly organizationName: string
  readonly filter: ModuleListFilter
  readonly page: Page<ModuleView>
  /** The organization's first private providers, listed below its modules, and how many it has. */
  readonly providers: { readonly summaries: readonly ProviderSummary[]; readonly total: number }
  /** Where clients reach this server (`https://registry.example.com`), for the commands an empty organization shows. */
  readonly origin: string
}

export function moduleListPage(frame: PageFrame, model: ModuleListModel): Html {
  const { organizationName, filter } = model
  return layout(
    frame,
    html`<h1>Modules of ${organizationName}</h1>
<form class="search" method="get" role="search" aria-label="Modules" data-live-search>
  <div>
    <label for="q">Name</label>
    <input id="q" name="q" type="search" value="${filter.search}" placeholder="e.g. vpc" autocomplete="off" aria-controls="results">
  </div>
  <div>
    <label for="provider">Provider</label>
    <input id="provider" name="provider" value="${filter.provider}" placeholder="e.g. aws" autocomplete="off" aria-controls="results">
  </div>
  <div>
    <label for="sort">Sort by</label>
    <select id="sort" name="sort" aria-controls="results">
      <option value="name" ${filter.sort === 'name' ? 'selected' : ''}>Name</option>
      <option value="recently-published" ${filter.sort === 'recently-published' ? 'selected' : ''}>Recently published</option>
    </select>
  </div>
  <button type="submit">Search</button>
</form>
<section id="results" aria-live="polite" aria-label="Results">
${results(model)}
</section>
${providerList({ organizationName, origin: model.origin, ...model.providers })}`,
  )
}

function results({ organizationName, filter, page, origin }: ModuleListModel): Html {
  if (page.total === 0 && filter.search === '' && filter.provider === '') return firstModule(organizationName, origin)
  if (page.total === 0) {
    return html`<p class="empty">No module matches. Check the spelling, search for part of the name, or
      <a href="/app/${encodeURIComponent(organizationName)}">clear the search</a>.</p>`
  }
  const rows = page.items.map((view) => {
    const latest = [...view.versions].reverse().find((v) => v.status === 'ok')
    return html`<li>
  <a href="${moduleHref(view.module)}"><strong>${view.module.name}</strong></a>
  <span class="tag">${view.module.provider}</span>
  ${latest === undefined ? notYet(view) : html`<span>v${latest.version}, published <time datetime="${latest.createdAt.toISOString()}">${day(latest.createdAt)}</time></span>`}
  ${description(latest?.description ?? '')}
</li>`
  })
  return html`<p>${plural(page.total, 'module')}</p>
<ul class="modules">${rows}</ul>
${pagination(filter, page)}`
}

/** A module with no version ready: where it stands, in words. */
function notYet(view: ModuleView): Html {
  const status = moduleStatusWords(view.module)
  return html`<span class="${toneClass(status)}">${status.tone === 'ready' ? 'No version ready' : status.text}</span>`
}

function pagination(filter: ModuleListFilter, page: Page<ModuleView>): Html | '' {
  const pages = Math.ceil(page.total / page.request.size)
  if (pages <= 1) return ''
  const link = (n: number, label: string) => {
    const query = new URLSearchParams({ q: filter.search, provider: filter.provider, sort: filter.sort, page: String(n) })
    return html`<a href="?${query.toString()}">${label}</a>`
  }
  const current = page.request.number
  return html`<nav class="pages" aria-label="Pages">
  ${current > 1 ? link(current - 1, 'Previous page') : ''}
  <span>Page ${current} of ${pages}</span>
  ${current < pages ? link(current + 1, 'Next page') : ''}
</nav>`
}

export function day(date: Date): string {
  return date.toISOString().slice(0, 10)
}
