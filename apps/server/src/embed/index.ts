/**
 * Cairn, a private module registry for Terraform and OpenTofu, embedded in a Node service:
 * `createCairn(options)` returns a fetch handler, the use cases and `close()`. See docs/embedding.md.
 *
 * @packageDocumentation
 */

export { createCairn, type Cairn } from './create-cairn.ts'
export type {
  CairnArchiveLimits,
  CairnBlobOptions,
  CairnGithubAppOptions,
  CairnOptions,
  CairnStoreOptions,
  CairnUpstreamRegistryOptions,
  CairnVcsOptions,
} from './cairn-options.ts'
export type { LogLevel } from '../platform/logger.ts'
export type { ApiDocsPage } from '@cairn/http'
export { ConfigError } from '../config-error.ts'
export { DataDirBusyError } from '../platform/data-dir-lock.ts'
export { CairnError, isCairnError, OPERATOR } from '@cairn/core'
export type { BlobStore, Edition, ErrorCode, Principal, UseCases, UserPrincipal } from '@cairn/core'
export type { ErrorLog } from '@cairn/core'
