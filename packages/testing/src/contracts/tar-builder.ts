/** One entry of a tar built for a test: a file (content), a directory, or a symbolic link. */
export type TarEntry =
  | { readonly path: string; readonly content: string | Uint8Array }
  | { readonly path: string; readonly directory: true }
  | { readonly path: string; readonly linkTo: string }

const BLOCK = 512
const encoder = new TextEncoder()

/** A ustar archive of `entries`, in order: the input side of tests of tar readers (short names only). */
export function tarOf(entries: readonly TarEntry[]): Uint8Array {
  const blocks: Uint8Array[] = []
  for (const entry of entries) {
    const content =
      'content' in entry ? (typeof entry.content === 'string' ? encoder.encode(entry.content) : entry.content) : new Uint8Array()
    const type = 'directory' in entry ? '5' : 'linkTo' in entry ? '2' : '0'
    blocks.push(headerOf(entry.path, content.byteLength, type, 'linkTo' in entry ? entry.linkTo : ''))
    const padded = new Uint8Array(Math.ceil(content.byteLength / BLOCK) * BLOCK)
    padded.set(content)
    blocks.push(padded)
  }
  blocks.push(new Uint8Array(BLOCK * 2))
  const whole = new Uint8Array(blocks.reduce((size, block) => size + block.byteLength, 0))
  let offset = 0
  for (const block of blocks) {
    whole.set(block, offset)
    offset += block.byteLength
  }
  return whole
}

function headerOf(path: string, size: number, type: string, linkTo: string): Uint8Array {
  const header = new Uint8Array(BLOCK)
  const put = (text: string, at: number) => header.set(encoder.encode(text), at)
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0')
  put(path, 0)
  put(octal(0o644, 8), 100)
  put(octal(0, 8), 108)
  put(octal(0, 8), 116)
  put(octal(size, 12), 124)
  put(octal(0, 12), 136)
  put('        ', 148)
  put(type, 156)
  put(linkTo, 157)
  put('ustar\u000000', 257)
  const checksum = header.reduce((sum, byte) => sum + byte, 0)
  put(`${octal(checksum, 7)}\u0000`, 148)
  return header
}
