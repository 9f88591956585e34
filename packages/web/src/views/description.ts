import { readmeDescription } from '@cairn/core'
import { html } from 'hono/html'
import type { Html } from './layout.ts'

/** What a module (or part) is, in the words its README opens with: the registry protocol's `description`. */
export function description(readme: string | null): Html | '' {
  const text = readmeDescription(readme)
  return text === '' ? '' : html`<p class="description">${text}</p>`
}
