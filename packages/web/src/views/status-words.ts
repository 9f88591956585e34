import type { ModuleVersionStatus, ModuleVersionSummary, RegistryModule, RegistryModuleStatus } from '@cairn/core'

/** How a status reads to its reader: done, on its way, or an error to act on (styled as one). */
export type Tone = 'ready' | 'waiting' | 'failed'

export interface StatusWords {
  readonly tone: Tone
  /** A word or two, for a version's option in a picker. */
  readonly label: string
  /** The whole status: the label and, for a failed version, why. */
  readonly text: string
}

/**
 * The words of every version status; pages never show the status itself. Keyed by the core's
 * type, so a status added there does not compile until it has words here.
 */
export const VERSION_STATUS_WORDS = {
  pending: ['waiting', 'Processing'],
  cloning: ['waiting', 'Processing'],
  reg_ingressing: ['waiting', 'Processing'],
  ok: ['ready', 'Ready'],
  clone_failed: ['failed', 'Failed'],
  reg_ingress_req_failed: ['failed', 'Failed'],
  reg_ingress_failed: ['failed', 'Failed'],
} as const satisfies Record<ModuleVersionStatus, readonly [Tone, string]>

/** The words of every module status, likewise. */
export const MODULE_STATUS_WORDS = {
  pending: ['waiting', 'Waiting for a first version'],
  no_version_tags: ['waiting', 'Waiting for a version tag in its repository'],
  setup_failed: ['failed', 'Failed: its repository could not be read'],
  setup_complete: ['ready', 'Ready'],
} as const satisfies Record<RegistryModuleStatus, readonly [Tone, string]>

export function versionStatusWords(version: Pick<ModuleVersionSummary, 'status' | 'error'>): StatusWords {
  const [tone, label] = VERSION_STATUS_WORDS[version.status]
  return { tone, label, text: tone === 'failed' ? `${label}: ${version.error ?? 'no reason was recorded'}` : label }
}

export function moduleStatusWords(module: Pick<RegistryModule, 'status'>): StatusWords {
  const [tone, label] = MODULE_STATUS_WORDS[module.status]
  return { tone, label, text: label }
}

/** The existing style of a status: failures as errors. */
export function toneClass(words: StatusWords): string {
  return words.tone === 'failed' ? 'error' : ''
}
