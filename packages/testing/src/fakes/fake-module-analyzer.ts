import { CairnError, type ByteStream, type ModuleAnalyzer, type ModuleMetadata } from '@cairn/core'

/** What the fake analyser answers for any archive it accepts. */
export const FAKE_METADATA: ModuleMetadata = {
  root: {
    path: '',
    name: '',
    readme: '# Example',
    empty: false,
    inputs: [{ name: 'region', type: 'string', description: null, default: '"us-east-1"', required: false, sensitive: false }],
    outputs: [{ name: 'id', description: null, sensitive: false }],
    resources: [{ name: 'main', type: 'null_resource' }],
    providerRequirements: [],
    moduleCalls: [],
  },
  submodules: [],
  examples: [],
}

/**
 * An analyser for unit tests: it reads the whole archive and accepts it unless it starts with
 * `bad`, which it refuses the way the real analyser refuses a hostile archive.
 */
export class FakeModuleAnalyzer implements ModuleAnalyzer {
  async analyze(archive: ByteStream): Promise<ModuleMetadata> {
    let head = ''
    for await (const chunk of archive) if (head.length < 3) head += new TextDecoder().decode(chunk.slice(0, 3))
    if (head.startsWith('bad')) {
      throw new CairnError('invalid', 'the archive is not a gzip tarball', [{ field: 'archive', message: 'is not a gzip tarball' }])
    }
    return FAKE_METADATA
  }
}
