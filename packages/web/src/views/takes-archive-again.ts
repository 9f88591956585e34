import type { ModuleVersionSummary } from '@cairn/core'
import { watchedStatusWords } from './status-words.ts'

/**
 * Whether the page offers to send an archive for this version again: none has arrived yet (its
 * upload link was never used), the last one failed, or the last one meant to replace the archive
 * it serves failed. The API takes an archive at the link of any of them at once, so the page
 * does not wait either.
 */
export function takesArchiveAgain(version: Pick<ModuleVersionSummary, 'status' | 'error' | 'attempt'>): boolean {
  return version.status === 'pending' || watchedStatusWords(version).tone === 'failed'
}
