import { html } from 'hono/html'
import type { Html } from './layout.ts'

/** What a module (or part) is, in the words its README opens with (`readmeDescription`): the registry protocol's `description`. */
export function description(text: string): Html | '' {
  return text === '' ? '' : html`<p class="description">${text}</p>`
}
