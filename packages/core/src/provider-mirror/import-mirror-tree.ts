import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { StoredBlob } from '../ports/blob-store.ts'
import type { MirroredArchiveRepository } from '../ports/mirrored-archive-repository.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import { readBounded } from '../providers/bounded-read.ts'
import { mirroredArchiveBlobKey, type MirroredArchive } from './mirrored-archive.ts'
import { mirrorServes } from './mirror-policy.ts'
import { isVersionFile, treeArchivesOf, type TreeArchive } from './mirror-tree.ts'
import type { ProviderMirrorDeps } from './provider-mirror-deps.ts'

/** A tree's JSON files are a few lines each. */
const MAX_JSON_BYTES = 1024 * 1024
const MAX_TREE_FILES = 10_000

interface StagedZip {
  readonly id: string
  readonly blobKey: string
  readonly stored: StoredBlob
}

const refuse = (message: string) => CairnError.invalidField('archive', message)

/**
 * Imports a tree written by `terraform providers mirror DIR`, sent as a tar of DIR: every archive
 * a `<version>.json` lists must be in the tree and match one of its hashes (`h1:` of the zip's
 * files, or `zh:` of the zip), or nothing is imported. Archives the mirror already holds with the
 * same hash are left as they are; one held with another hash refuses the import.
 */
export class ImportMirrorTree {
  readonly #deps: ProviderMirrorDeps

  constructor(deps: ProviderMirrorDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly tree: ByteStream }, principal: Principal): Promise<{ readonly imported: MirroredArchive[] }> {
    assertSiteAdmin(principal)
    const zips = new Map<string, StagedZip>()
    try {
      const listed = await this.#read(command.tree, zips)
      const archives = await Promise.all(listed.map((entry) => this.#checked(entry, zips)))
      const imported = await this.#deps.unitOfWork.run(async ({ mirroredArchives }) => {
        const added: MirroredArchive[] = []
        for (const archive of archives) if (await addUnlessHeld(mirroredArchives, archive)) added.push(archive)
        return added
      })
      const kept = new Set(imported.map((archive) => archive.id))
      await this.#discard([...zips.values()].filter((zip) => !kept.has(zip.id)))
      return { imported }
    } catch (error) {
      await this.#discard([...zips.values()])
      throw error
    }
  }

  /** Every zip into the blob store as it streams by, and the archives the version files list. */
  async #read(tree: ByteStream, zips: Map<string, StagedZip>): Promise<TreeArchive[]> {
    const listed: TreeArchive[] = []
    const limits = { maxFiles: MAX_TREE_FILES, maxFileBytes: this.#deps.maxMirrorArchiveBytes }
    for await (const file of this.#deps.providerPackages.filesOf(tree, limits)) {
      if (file.path.endsWith('.zip')) {
        const id = this.#deps.ids.next('provmirror')
        const blobKey = mirroredArchiveBlobKey({ id })
        zips.set(file.path, { id, blobKey, stored: { size: 0, sha256: '' } })
        const stored = await this.#deps.blobs.put(blobKey, file.content, { maxBytes: this.#deps.maxMirrorArchiveBytes })
        zips.set(file.path, { id, blobKey, stored })
      } else if (isVersionFile(file.path)) {
        const text = new TextDecoder().decode(await readBounded(file.content, MAX_JSON_BYTES, 'archive'))
        listed.push(...treeArchivesOf(file.path, text))
      }
    }
    if (listed.length === 0)
      throw refuse('holds no <hostname>/<namespace>/<type>/<version>.json: send a tar of the folder terraform providers mirror wrote')
    return listed
  }

  async #checked(entry: TreeArchive, zips: ReadonlyMap<string, StagedZip>): Promise<MirroredArchive> {
    const name = `${entry.hostname}/${entry.namespace}/${entry.type} ${entry.version} ${entry.os}_${entry.arch}`
    if (!mirrorServes(this.#deps.mirrorPolicy, entry)) throw refuse(`has ${name}, which the mirror's policy does not serve`)
    const zip = zips.get(entry.path)
    if (zip === undefined) throw refuse(`lacks ${entry.path}, the zip of ${name}`)
    const h1 = await this.#deps.providerPackages.h1Of(await this.#deps.blobs.get(zip.blobKey))
    const matches = entry.hashes.some((hash) => hash === h1 || hash === `zh:${zip.stored.sha256}`)
    if (!matches) throw refuse(`has ${entry.path}, which matches none of the hashes of ${name} (${h1}): it was changed`)
    const now = this.#deps.clock.now()
    const { path, hashes: _hashes, ...platform } = entry
    const filename = path.split('/').at(-1) ?? path
    return { ...platform, id: zip.id, filename, size: zip.stored.size, h1, sha256: zip.stored.sha256, createdAt: now, lastUsedAt: now }
  }

  async #discard(zips: readonly StagedZip[]): Promise<void> {
    await Promise.all(zips.map((zip) => this.#deps.blobs.delete(zip.blobKey)))
  }
}

/** Adds the archive unless the mirror holds it already with the same hash; refuses one held with another. */
async function addUnlessHeld(mirroredArchives: MirroredArchiveRepository, archive: MirroredArchive): Promise<boolean> {
  const held = (await mirroredArchives.archivesOf(archive, archive.version)).find(
    (candidate) => candidate.os === archive.os && candidate.arch === archive.arch,
  )
  if (held === undefined) {
    await mirroredArchives.add(archive)
    return true
  }
  if (held.sha256 === archive.sha256) return false
  throw refuse(`has ${archive.filename}, which differs from the one the mirror holds (${held.h1}): remove that version first`)
}
