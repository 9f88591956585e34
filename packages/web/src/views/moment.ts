import { html } from 'hono/html'
import type { Html } from './layout.ts'

/** A moment to the minute, in UTC. */
export function minute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** A moment as a `<time>` element: to the minute for people, exact for machines. */
export function timeOf(date: Date): Html {
  return html`<time datetime="${date.toISOString()}">${minute(date)}</time>`
}

/** When a token last authenticated a request, to the minute; written every few seconds, so a use may show a little later. */
export function lastUse(token: { readonly lastUsedAt: Date | null }): Html {
  return token.lastUsedAt === null ? html`<span class="hint">Never</span>` : timeOf(token.lastUsedAt)
}
