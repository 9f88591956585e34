/** READMEs longer than this are cut before rendering, so that one module cannot make a page huge. */
export const MAX_README_CHARS = 256 * 1024

/**
 * A README's Markdown as HTML that is safe to place in a page. The Markdown renderer and the
 * HTML sanitizer (about 3 MiB of heap) load with the first README shown, not at start.
 */
export async function renderReadme(source: string): Promise<string> {
  const text =
    source.length > MAX_README_CHARS
      ? `${source.slice(0, MAX_README_CHARS)}\n\n*(README cut: it is longer than ${MAX_README_CHARS / 1024} KiB.)*`
      : source
  const { readmeHtml } = await import('./readme-html.ts')
  return readmeHtml(text)
}
