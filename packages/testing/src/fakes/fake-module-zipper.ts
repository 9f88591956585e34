import { CairnError, type ByteStream, type ModuleZipper } from '@cairn/core'

/** What starts the fake's "zip": the archive follows it, unchanged. */
export const FAKE_ZIP_PREFIX = 'fake-zip:'

/**
 * A zipper for unit tests: its "zip" is the archive behind `FAKE_ZIP_PREFIX`, and it refuses an
 * archive that starts with `bad` as the real one refuses what is no gzip tarball.
 */
export class FakeModuleZipper implements ModuleZipper {
  async *zip(archive: ByteStream): ByteStream {
    const chunks: Uint8Array[] = []
    for await (const chunk of archive) chunks.push(chunk)
    const whole = Buffer.concat(chunks)
    if (whole.subarray(0, 3).toString() === 'bad') throw CairnError.invalidField('archive', 'is not a gzip tarball')
    yield new TextEncoder().encode(FAKE_ZIP_PREFIX)
    yield whole
  }
}
