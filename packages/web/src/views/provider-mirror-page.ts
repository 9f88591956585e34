import type { MirroredArchive, Page } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, layout, type Html, type PageFrame } from './layout.ts'
import { timeOf } from './moment.ts'
import { PROVIDER_MIRROR_PATH } from './provider-mirror-href.ts'

const MiB = 1024 * 1024

const sizeOf = (bytes: number) => (bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`)

/** Where a version's removal form posts: the provider and version in the path, as the admin API names them. */
export function removalPath(archive: MirroredArchive): string {
  return `${PROVIDER_MIRROR_PATH}/${[archive.hostname, archive.namespace, archive.type, archive.version].map(encodeURIComponent).join('/')}/remove`
}

/** Every version of the page's archives, with its own removal form before its first platform. */
function rows(archives: readonly MirroredArchive[], csrfToken: string): Html[] {
  return archives.map((archive, index) => {
    const previous = archives[index - 1]
    const firstOfVersion = previous === undefined || removalPath(previous) !== removalPath(archive)
    return html`<tr>
      <td>${firstOfVersion ? `${archive.hostname}/${archive.namespace}/${archive.type}` : ''}</td>
      <td>${firstOfVersion ? archive.version : ''}</td>
      <td>${archive.os}_${archive.arch}</td>
      <td>${sizeOf(archive.size)}</td>
      <td>${timeOf(archive.lastUsedAt)}</td>
      <td>${
        firstOfVersion
          ? html`<form method="post" action="${removalPath(archive)}">${csrfField(csrfToken)}<button type="submit">Remove version</button></form>`
          : ''
      }</td>
    </tr>`
  })
}

/** What the provider mirror holds, for site admins: providers, versions, platforms, size and last use, a version removable. */
export function providerMirrorPage(frame: PageFrame, page: Page<MirroredArchive>): Html {
  const body =
    page.total === 0
      ? html`<p>The mirror holds no provider yet. Import a <code>terraform providers mirror</code> tree with
          <code>POST /api/v2/admin/provider-mirror/imports</code>, or turn on pull-through (<code>CAIRN_MIRROR_PULL_THROUGH</code>).</p>`
      : html`<p>${page.total} archive${page.total === 1 ? '' : 's'}.</p>
          <table class="mirror">
            <thead><tr><th>Provider</th><th>Version</th><th>Platform</th><th>Size</th><th>Last used</th><th></th></tr></thead>
            <tbody>${rows(page.items, frame.csrfToken)}</tbody>
          </table>`
  return layout(frame, html`<h1>Provider mirror</h1>${body}`)
}
