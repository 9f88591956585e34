import { html } from 'hono/html'
import type { Html } from './layout.ts'

/**
 * Code to paste elsewhere, with a button that copies it (the page script shows the button and
 * says how it went). Long lines scroll, so the block takes the keyboard's focus to scroll by.
 */
export function copyableCode(id: string, code: string, buttonLabel: string): Html {
  return html`<div class="copyable">
  <pre tabindex="0"><code id="${id}">${code}</code></pre>
  <button type="button" class="copy" data-copy="${id}" hidden>${buttonLabel}</button>
  <span class="copied" role="status" aria-live="polite"></span>
</div>`
}
