import type { Organization } from '@cairn/core'
import { html } from 'hono/html'
import { layout, type Html, type PageFrame } from './layout.ts'

/** The organizations the user belongs to: where module lists start. */
export function organizationsPage(frame: PageFrame, organizations: readonly Organization[]): Html {
  const body =
    organizations.length === 0
      ? html`<p>You are not a member of any organization yet. Ask an owner of one to add you, or create one with
          <code>POST /api/v2/organizations</code>.</p>`
      : html`<ul class="cards">${organizations.map((o) => html`<li><a href="/app/${encodeURIComponent(o.name)}">${o.name}</a></li>`)}</ul>`
  return layout(frame, html`<h1>Organizations</h1>${body}`)
}
