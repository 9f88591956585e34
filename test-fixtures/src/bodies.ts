/** Content generated on the fly, so that a test can stream hundreds of megabytes without holding them. */
export interface GeneratedBody {
  readonly size: number
  /**
   * `zeros` compresses about 1000-fold, `text` (numbered lines) about 10-fold, `noise` (seeded
   * pseudo-random bytes) not at all.
   */
  readonly fill: 'zeros' | 'text' | 'noise'
}

const CHUNK = 64 * 1024

/** The body's bytes, in chunks of at most 64 KiB. */
export function* generateBody({ size, fill }: GeneratedBody): Generator<Uint8Array> {
  const chunks = fill === 'zeros' ? zeros() : fill === 'text' ? text() : noise()
  for (let produced = 0; produced < size;) {
    const chunk = chunks.next().value.subarray(0, size - produced)
    produced += chunk.length
    yield chunk
  }
}

function* zeros(): Generator<Uint8Array, never> {
  const chunk = new Uint8Array(CHUNK)
  for (;;) yield chunk
}

function* text(): Generator<Uint8Array, never> {
  const encoder = new TextEncoder()
  for (let line = 0; ;) {
    let chunk = ''
    while (chunk.length < CHUNK) chunk += `${(line++).toString().padStart(9, '0')} resource tags for the audit trail\n`
    yield encoder.encode(chunk)
  }
}

function* noise(): Generator<Uint8Array, never> {
  // xorshift32: fast, seeded, and as incompressible as gzip can tell.
  let state = 0x2545f491
  for (;;) {
    const chunk = new Uint8Array(CHUNK)
    const words = new Uint32Array(chunk.buffer)
    for (let i = 0; i < words.length; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      words[i] = state >>> 0
    }
    yield chunk
  }
}
