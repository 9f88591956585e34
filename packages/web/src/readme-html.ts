import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

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

/** Markdown as HTML that is safe to place in a page. */
export function readmeHtml(markdownSource: string): string {
  return sanitizeHtml(markdown.render(markdownSource), POLICY)
}
