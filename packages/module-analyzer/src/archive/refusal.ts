import { CairnError } from '@cairn/core'

/**
 * The error for an archive that is not accepted. `reason` completes the sentence "the archive …",
 * which is how `CairnError.invalidField` summarises it, and is shown to the person who uploaded it.
 */
export function refusal(reason: string): CairnError {
  return CairnError.invalidField('archive', reason)
}

/** `16 MiB`, `512 KiB`, `300 bytes`: limits as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MiB`
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KiB`
  return `${bytes} bytes`
}

function oneDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '')
}
