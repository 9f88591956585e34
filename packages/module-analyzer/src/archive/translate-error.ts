import { refusal } from './refusal.ts'

/**
 * Turns a failure of the decompressor or of the tar parser into the refusal it means. Anything
 * else (a full disk, a bug) is returned as is.
 */
export function translateError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const { code, tarCode } = error as Error & { code?: unknown; tarCode?: unknown }
  if (typeof tarCode === 'string') return refusal(`is not a valid tar archive (${tarMessage(error.message)})`)
  if (typeof code === 'string' && code.startsWith('Z_')) {
    // zlib says "unexpected end of file" for a stream cut short, and names the damage otherwise.
    return code === 'Z_BUF_ERROR'
      ? refusal('is truncated: the gzip stream ends early')
      : refusal(`is not valid gzip data (${error.message})`)
  }
  return error
}

// In strict mode the tar package prefixes its warnings with their code: "TAR_BAD_ARCHIVE: …".
function tarMessage(message: string): string {
  return message.replace(/^TAR_[A-Z_]+: /, '')
}
