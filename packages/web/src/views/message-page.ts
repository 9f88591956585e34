import { html } from 'hono/html'
import { layout, type Html, type PageFrame } from './layout.ts'

/** A page that only says something: not found, refused, or an error, and where to go next. */
export function messagePage(frame: PageFrame, message: { readonly heading: string; readonly text: string }): Html {
  return layout(frame, html`<h1>${message.heading}</h1><p>${message.text}</p><p><a href="/app/">Back to your organizations</a></p>`)
}
