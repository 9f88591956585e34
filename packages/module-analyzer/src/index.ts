export { TarModuleAnalyzer, TEMP_DIRECTORY_PREFIX } from './tar-module-analyzer.ts'
export { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits, type TarModuleAnalyzerOptions } from './analyzer-options.ts'
export { sweepTemporaryDirectories } from './sweep-temporary-directories.ts'
export { TarZipProviderPackageReader } from './provider-packages/tar-zip-provider-package-reader.ts'
