import { providerPackageReaderContract } from '@cairn/testing/contracts'
import { TarZipProviderPackageReader } from './tar-zip-provider-package-reader.ts'

providerPackageReaderContract('tar and fflate', () => new TarZipProviderPackageReader())
