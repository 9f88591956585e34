import type { ModuleVersion, RegistryModule } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, type Html } from './layout.ts'
import type { ModulePageModel } from './module-page.ts'
import { moduleHref } from './module-href.ts'
import { toneClass, type StatusWords } from './status-words.ts'
import { takesArchiveAgain } from './takes-archive-again.ts'

/**
 * Where a version that serves no archive stands (it failed, or none arrived) and, for those
 * allowed, its way out: upload it again, or delete it (asked twice: the summary, then the button).
 */
export function recoveryActions(
  csrfToken: string,
  model: ModulePageModel,
  stuck: { readonly version: ModuleVersion; readonly words: StatusWords },
): Html {
  const { version, words } = stuck
  const { module } = model.view
  const onlyVersion = model.view.versions.length === 1
  const upload = words.tone === 'failed' ? 'upload a fixed archive for it below' : 'upload its archive below'
  const ways = [model.canUpload ? upload : '', model.canDelete ? 'delete it' : ''].filter((way) => way !== '')
  const text = words.tone === 'failed' ? words.text : `${words.text}: none has arrived yet.`
  return html`<p class="${toneClass(words)}" role="status">${text}</p>
${ways.length === 0 ? '' : html`<p>${words.tone === 'failed' ? 'To recover' : 'If it is not on its way'}, ${ways.join(', or ')}.</p>`}
${
  model.canDelete
    ? html`<details class="delete">
  <summary>Delete version ${version.version}</summary>
  <form method="post" action="${moduleHref(module)}/versions/${encodeURIComponent(version.version)}/delete">
    ${csrfField(csrfToken)}
    <p>This removes version ${version.version} for good, and its number can be used again.${onlyVersion ? ' It is the only version of this module, so the module is deleted with it.' : ''}</p>
    <button type="submit">Yes, delete version ${version.version}</button>
  </form>
</details>`
    : ''
}`
}

/** The upload form; on a version that takes an archive again it offers that version's number. */
export function uploadForm(csrfToken: string, module: RegistryModule, selected: ModuleVersion | undefined): Html {
  const again = selected !== undefined && takesArchiveAgain(selected) ? selected.version : ''
  return html`<section class="upload" aria-labelledby="upload-heading">
  <h2 id="upload-heading">Upload a version</h2>
  <form method="post" action="${moduleHref(module)}/versions" data-upload>
    ${csrfField(csrfToken)}
    <label for="new-version">Version number</label>
    <p class="hint" id="version-hint">A new number, or that of a version whose archive failed or never arrived, to upload it again.</p>
    <input id="new-version" name="version" value="${again}" required placeholder="1.2.0" pattern="v?[0-9]+\\.[0-9]+\\.[0-9]+.*" aria-describedby="version-hint">
    <label for="archive">Archive (.tar.gz)</label>
    <input id="archive" name="archive" type="file" accept=".tar.gz,.tgz,application/gzip" required>
    <button type="submit">Upload</button>
    <p class="upload-status" role="status" aria-live="polite"></p>
  </form>
  <noscript><p>Uploading from this page needs JavaScript; without it, use the API's upload link.</p></noscript>
</section>`
}
