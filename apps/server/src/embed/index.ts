export { createCairn, type Cairn } from './create-cairn.ts'
export type { CairnArchiveLimits, CairnBlobOptions, CairnOptions, CairnStoreOptions, CairnUpstreamRegistryOptions } from './cairn-options.ts'
export { ConfigError } from '../config.ts'
export { DataDirBusyError } from '../platform/data-dir-lock.ts'
