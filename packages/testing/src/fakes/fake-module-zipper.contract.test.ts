import { moduleZipperContract } from '../contracts/index.ts'
import { FAKE_ZIP_PREFIX, FakeModuleZipper } from './fake-module-zipper.ts'

moduleZipperContract('fake', () => ({
  zipper: new FakeModuleZipper(),
  archiveOf: async (files) => new TextEncoder().encode(JSON.stringify(files)),
  filesOf: async (zip) => JSON.parse(new TextDecoder().decode(zip).slice(FAKE_ZIP_PREFIX.length)) as Record<string, string>,
}))
