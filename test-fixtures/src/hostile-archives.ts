import type { GeneratedBody } from './bodies.ts'
import { collect, gzip, replay, tarGz, tarStream, type Bytes, type TarEntry } from './tar-archive.ts'

/**
 * Archives a module registry must refuse, each built fresh on every call and streamed as it is
 * read, so that a test can also check that the reader stopped early. Apart from its one defect
 * each is a sound module (a `main.tf` at the root), so the defect is the only reason to refuse it.
 */

const MAIN_TF = 'variable "name" {\n  type = string\n}\n'
const sound: TarEntry = { path: 'main.tf', body: MAIN_TF }
const withSound = (...entries: TarEntry[]): Bytes => tarGz([sound, ...entries])

/** `../escaped.tf`: a path that climbs out of the extraction directory. */
export const pathTraversal = (): Bytes => withSound({ path: '../escaped.tf', body: MAIN_TF })

/** A climb hidden in the middle of a path that starts inside the module. */
export const nestedPathTraversal = (): Bytes => withSound({ path: 'modules/vpc/../../../escaped.tf', body: MAIN_TF })

/** A harmless ustar name overridden by a pax `path` record that climbs out. */
export const paxPathTraversal = (): Bytes => withSound({ path: 'harmless.tf', pax: { path: '../escaped.tf' }, body: MAIN_TF })

/** A configuration file whose name (given in a pax header) is longer than file systems allow. */
export const overlongName = (): Bytes => withSound({ path: 'long.tf', pax: { path: `${'a'.repeat(300)}.tf` }, body: MAIN_TF })

/** An absolute path, e.g. one the test can check was not created. */
export const absolutePath = (path: string): Bytes => withSound({ path, body: MAIN_TF })

/** `link.tf -> target`. */
export const symbolicLink = (target = '/etc/passwd'): Bytes => withSound({ path: 'link.tf', type: 'symbolic-link', linkTarget: target })

/** A hard link to a file outside the archive. */
export const hardLink = (target = '/etc/passwd'): Bytes => withSound({ path: 'passwd.tf', type: 'hard-link', linkTarget: target })

export const characterDevice = (): Bytes => withSound({ path: 'null', type: 'character-device' })
export const blockDevice = (): Bytes => withSound({ path: 'sda', type: 'block-device' })
export const fifo = (): Bytes => withSound({ path: 'pipe', type: 'fifo' })

/** GNU's sparse-file type, which the `tar` package skips silently instead of reading. */
export const unsupportedType = (): Bytes => withSound({ path: 'sparse.bin', type: { flag: 'S' } })

/** `count` empty files besides `main.tf`. */
export const tooManyEntries = (count: number): Bytes =>
  tarGz(
    (function* () {
      yield sound
      for (let i = 0; i < count; i++) yield { path: `files/${String(i).padStart(6, '0')}.txt`, body: '' }
    })(),
  )

/** One file of `size` bytes (zeros), declared in its header before any of its content. */
export const oversizedEntry = (size: number): Bytes => withSound({ path: 'assets/disk.img', body: { size, fill: 'zeros' } })

/**
 * Incompressible files of `fileSize` bytes adding up to `totalBytes`: no entry is too large and
 * the ratio is 1, but the whole expands past a total limit.
 */
export const expansionBeyondTotal = (totalBytes: number, fileSize: number): Bytes =>
  manyFiles(totalBytes, { size: fileSize, fill: 'noise' }, 1)

/** A gzip bomb: files of zeros (each `fileSize`), `totalBytes` in all, compressed 1000-fold. */
export const compressionBomb = (totalBytes: number, fileSize: number): Bytes => manyFiles(totalBytes, { size: fileSize, fill: 'zeros' }, 9)

function manyFiles(totalBytes: number, body: GeneratedBody, level: number): Bytes {
  return tarGz(
    (function* () {
      yield sound
      for (let i = 0; i * body.size < totalBytes; i++) yield { path: `assets/${i}.bin`, body }
    })(),
    { level },
  )
}

/** A sound module, but a plain tar: not compressed. */
export const notGzip = (): Bytes => tarStream([sound])

/** A zip file's first bytes. */
export const zipFile = (): Bytes => replay(Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000', 'latin1'))

/** Gzip that holds text, not a tar. */
export const gzipOfText = (): Bytes => gzip(replay(Buffer.from('This is a README, not an archive.\n'.repeat(50))))

/** A sound archive cut in half. */
export async function* truncatedGzip(): Bytes {
  const whole = await collect(withSound({ path: 'README.md', body: '# module\n'.repeat(2000) }))
  yield* replay(whole.subarray(0, Math.floor(whole.length / 2)))
}

/** A sound archive whose second header has one byte changed, so that its checksum fails. */
export async function* corruptHeader(): Bytes {
  const tar = await collect(tarStream([sound, { path: 'outputs.tf', body: 'output "x" {\n  value = 1\n}\n' }]))
  // main.tf: one header block and one body block; the next header starts at 1024.
  const at = 1024 + 10
  tar[at] = (tar[at] ?? 0) ^ 0xff
  yield* gzip(replay(tar))
}

/** Zero bytes. */
export async function* emptyArchive(): Bytes {}

/** A sound tar.gz with no configuration at all. */
export const noConfiguration = (): Bytes => tarGz([{ path: 'README.md', body: '# Nothing here\n' }])

/** The module one directory down, as `tar czf module.tgz my-module/` makes it. */
export const moduleInSubdirectory = (): Bytes =>
  tarGz([
    { path: 'terraform-aws-thing', type: 'directory' },
    { path: 'terraform-aws-thing/main.tf', body: MAIN_TF },
  ])

/** A `.tf` file with an unclosed block. */
export const unparsableHcl = (): Bytes => withSound({ path: 'outputs.tf', body: 'output "id" {\n  value = aws_vpc.this.id\n' })

/** A `.tf.json` file that is not JSON. */
export const unparsableJson = (): Bytes => withSound({ path: 'tags.tf.json', body: '{ "variable": { ' })

/** The same path twice, the second copy meant to replace the first after a review. */
export const duplicatePath = (): Bytes => withSound({ path: 'main.tf', body: 'variable "other" {}\n' })

/** A pax header of `size` bytes, more than a reader should hold in memory for metadata. */
export const oversizedPaxHeader = (size: number): Bytes =>
  withSound({ path: 'variables.tf', pax: { comment: 'x'.repeat(size) }, body: MAIN_TF })

/** `x = [[[[…]]]]` nested `depth` levels in a `main.tf` of a few hundred bytes compressed. */
export const nestingBomb = (depth = 20_000): Bytes =>
  tarGz([{ path: 'main.tf', body: `locals {\n  x = ${'['.repeat(depth)}${']'.repeat(depth)}\n}\n` }])

/** A `.tf.json` variable whose default is a list nested `depth` levels deep. */
export const deepJsonDefault = (depth = 20_000): Bytes =>
  withSound({
    path: 'deep.tf.json',
    body: `{"variable": {"deep": {"default": ${'['.repeat(depth)}${']'.repeat(depth)}}}}`,
  })

/** `count` examples, each with a README of `readmeBytes`: small compressed, large as metadata. */
export const metadataBomb = (count = 100, readmeBytes = 1024 * 1024): Bytes =>
  tarGz(
    (function* () {
      yield sound
      for (let i = 0; i < count; i++) {
        yield { path: `examples/e${i}/main.tf`, body: MAIN_TF }
        yield { path: `examples/e${i}/README.md`, body: { size: readmeBytes, fill: 'text' } }
      }
    })(),
  )

/** One `main.tf` declaring `count` variables. */
export const manyInputs = (count: number): Bytes =>
  tarGz([{ path: 'main.tf', body: Array.from({ length: count }, (_, i) => `variable "v${i}" {}\n`).join('') }])
