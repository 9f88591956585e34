import { chunksOf, moduleAnalyzerContract } from '../contracts/index.ts'
import { FakeModuleAnalyzer } from './fake-module-analyzer.ts'

moduleAnalyzerContract('fake', async () => ({
  analyzer: new FakeModuleAnalyzer(),
  pack: (files) => chunksOf(JSON.stringify(files)),
  refused: { 'an archive starting with bad': { field: 'archive', archive: () => chunksOf('bad archive') } },
  leftovers: async () => [],
  async dispose() {},
}))
