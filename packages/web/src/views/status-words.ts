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
  // No archive has arrived: neither at its upload link nor from its repository.
  pending: ['waiting', 'Waiting for an archive'],
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

/**
 * How the latest attempt at a new archive reads beside a version that is served already (whose own
 * status stays Ready): under way, or failed with its reason. Undefined when there is none.
 */
export function attemptStatusWords(version: Pick<ModuleVersionSummary, 'status' | 'attempt'>): StatusWords | undefined {
  const { attempt } = version
  if (version.status !== 'ok' || attempt === null) return undefined
  const words = versionStatusWords(attempt)
  return words.tone === 'waiting' ? { ...words, text: `${words.label}: a new archive is being checked` } : words
}

/** What the version is served with while a new archive for it failed. */
export const STILL_SERVED = 'The version is still served with its previous archive.'

/**
 * What someone who sent an archive waits on: its attempt where the version is served already
 * (`attempt.status`, not the version's `ok`), else the version's own status.
 */
export function watchedStatusWords(version: Pick<ModuleVersionSummary, 'status' | 'error' | 'attempt'>): StatusWords {
  const attempt = attemptStatusWords(version)
  if (attempt === undefined) return versionStatusWords(version)
  return attempt.tone === 'failed' ? { ...attempt, text: `${attempt.text}. ${STILL_SERVED}` } : attempt
}

export function moduleStatusWords(module: Pick<RegistryModule, 'status'>): StatusWords {
  const [tone, label] = MODULE_STATUS_WORDS[module.status]
  return { tone, label, text: label }
}

/** The existing style of a status: failures as errors. */
export function toneClass(words: StatusWords): string {
  return words.tone === 'failed' ? 'error' : ''
}
