import type { ModuleMetadata } from './module-metadata.ts'

/** The longest description taken from a README. */
export const MAX_README_DESCRIPTION_LENGTH = 300

/** How much of a README is read for it: its opening paragraph is near the top, and READMEs run to a MiB. */
export const README_DESCRIPTION_READ_CHARS = 16 * 1024

/** Lines that end a paragraph and are no part of one: headings, rules, fences, lists, tables, quotes, indented code, link definitions. */
const NOT_PROSE = /^(#{1,6}(\s|$)|(-{3,}|\*{3,}|_{3,})\s*$|[-*+]\s|\d+[.)]\s|\||>|\s{4}|\t|\[[^\]]+\]:\s)/
/** HTML that starts a block of its own, which ends a paragraph (as in CommonMark). */
const HTML_BLOCK =
  /^\s{0,3}<\/?(address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form|h[1-6]|header|hr|iframe|li|main|nav|ol|p|pre|script|section|style|table|textarea|ul)(\s|\/?>|$)/i
/** A setext heading's underline: the paragraph above it was a heading. */
const UNDERLINE = /^(=+|-+)\s*$/

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

/**
 * A module's description when none is set: the first paragraph of its README as plain text
 * (headings, badges and images, HTML, code blocks, lists and link targets left out; the words of
 * links, emphasis and code kept), cut at a word to at most 300 characters. Empty when there is no
 * README or no paragraph of prose near its top.
 */
export function readmeDescription(readme: string | null): string {
  if (readme === null) return ''
  for (const paragraph of paragraphs(readme.slice(0, README_DESCRIPTION_READ_CHARS))) {
    const text = plainText(paragraph)
    if (text !== '') return cut(text)
  }
  return ''
}

/** A version's description: its root README's opening, empty for a version without metadata. */
export function versionDescription(metadata: Pick<ModuleMetadata, 'root'> | null): string {
  return readmeDescription(metadata?.root.readme ?? null)
}

/** The README's paragraphs of prose, in order, each as its lines. */
function* paragraphs(markdown: string): Generator<string[]> {
  let lines: string[] = []
  let fenced = false
  // Comments, and what script and style elements hold, are never text: each ends a paragraph.
  const text = markdown.replace(/<!--[\s\S]*?(-->|$)|<(script|style)\b[\s\S]*?(<\/\2\s*>|$)/gi, '\n\n')
  for (const line of text.split(/\r\n?|\n/)) {
    const fence = /^\s{0,3}(```|~~~)/.test(line)
    if (fence) fenced = !fenced
    const ends = fence || fenced || line.trim() === '' || NOT_PROSE.test(line) || HTML_BLOCK.test(line)
    // An underline beneath prose makes it a heading, even `---`, which is a rule elsewhere.
    if (!fence && !fenced && lines.length > 0 && UNDERLINE.test(line)) lines = []
    else if (!ends) lines.push(line.trim())
    else if (lines.length > 0) {
      yield lines
      lines = []
    }
  }
  if (lines.length > 0 && !fenced) yield lines
}

function plainText(lines: readonly string[]): string {
  return lines
    .join(' ')
    .replace(/!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/\[([^\]]*)\](\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(^|[^\w*~])(\*{1,3}|_{1,3}|~~)(?=\S)(.*?\S)\2(?![\w*~])/g, '$1$3')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most the longest description, ending at a word with an ellipsis when it was longer. */
function cut(text: string): string {
  if (text.length <= MAX_README_DESCRIPTION_LENGTH) return text
  const head = text.slice(0, MAX_README_DESCRIPTION_LENGTH - 1)
  const space = head.lastIndexOf(' ')
  return `${(space > 0 ? head.slice(0, space) : head).replace(/[\s,;:.]+$/, '')}…`
}
