import type { ByteStream, ProviderPackageReader, TreeFile } from '@cairn/core'
import { tarFiles } from './tar-files.ts'
import { zipH1 } from './zip-h1.ts'

/** Provider zips read with fflate, mirror trees with the `tar` package the module archives use. */
export class TarZipProviderPackageReader implements ProviderPackageReader {
  h1Of(zip: ByteStream): Promise<string> {
    return zipH1(zip)
  }

  filesOf(tree: ByteStream, limits: { readonly maxFiles: number; readonly maxFileBytes: number }): AsyncIterable<TreeFile> {
    return tarFiles(tree, limits)
  }
}
