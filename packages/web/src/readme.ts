import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

/** READMEs longer than this are cut before rendering, so that one module cannot make a page huge. */
export const MAX_README_CHARS = 256 * 1024

const markdown = new MarkdownIt({ html: true, linkify: true })

/**
 * Only structure and formatting survive: no script, style, form or frame element, no event
 * handler or style attribute, links only to http(s), mailto and in-page anchors, images only
 * from https. Raw HTML in a README is allowed through markdown-it and cleaned here, the one place
 * that decides what reaches the page.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'samp',
    'em',
    'strong',
    'b',
    'i',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose source was refused is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs['src'] === undefined,
  // Links leave Cairn without handing it the page they came from.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    // An image its author left undescribed is marked decorative, rather than read out as a URL.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
  },
}

/** A README's Markdown as HTML that is safe to place in a page. */
export function renderReadme(source: string): string {
  const text =
    source.length > MAX_README_CHARS
      ? `${source.slice(0, MAX_README_CHARS)}\n\n*(README cut: it is longer than ${MAX_README_CHARS / 1024} KiB.)*`
      : source
  return sanitizeHtml(markdown.render(text), POLICY)
}
