import type { ModuleVersion } from '@cairn/core'
import { html } from 'hono/html'
import type { Html } from './layout.ts'
import { timeOf } from './moment.ts'
import { attemptStatusWords, STILL_SERVED, toneClass } from './status-words.ts'

/**
 * A new archive for a version that is served already, beside its Ready: being checked, or refused
 * (why, by whom, when), while clients keep getting the archive served.
 */
export function attemptNotice(version: ModuleVersion, canUpload: boolean): Html | '' {
  const words = attemptStatusWords(version)
  const { attempt } = version
  if (words === undefined || attempt === null) return ''
  if (words.tone !== 'failed') {
    return html`<p class="attempt" role="status">${words.text}. Until it is ready, this version is served with the archive it has.</p>`
  }
  return html`<div class="attempt ${toneClass(words)}" role="status">
  <p>${words.text}</p>
  <p>The archive came from ${attempt.startedBy}, ${timeOf(attempt.at)}. ${STILL_SERVED}${canUpload ? ' To replace it, upload a fixed archive for this version below.' : ''}</p>
</div>`
}
