import { describe, expect, it } from 'vitest'
import { MAX_README_CHARS, renderReadme } from './readme.ts'

describe('renderReadme: Markdown rendered, then sanitized on the server', () => {
  it('renders headings, code, tables and links', async () => {
    const html = await renderReadme('# VPC\n\nUse `cidr`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)')
    expect(html).toContain('<h1>VPC</h1>')
    expect(html).toContain('<code>cidr</code>')
    expect(html).toContain('<td>1</td>')
    expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer nofollow">docs</a>')
  })

  it.each([
    ['a script tag', '<script>window.pwned = 1</script>hello', /<script/i],
    ['an event handler', '<img src="https://example.com/x.png" onerror="window.pwned = 1">', /onerror/i],
    ['a javascript: link in Markdown', '[click](javascript:window.pwned=1)', /href="javascript/i],
    ['a javascript: link in HTML', '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /avascript/i],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)', /src="data/i],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /iframe/i],
    ['a style attribute', '<p style="position:fixed">x</p>', /style/i],
    ['a form', '<form action="https://evil.example"><input name="t"></form>', /<form|<input/i],
    ['an svg with script', '<svg><script>alert(1)</script></svg>', /<svg|<script/i],
    ['an http image', '<img src="http://tracker.example/p.gif">', /<img/i],
  ])('removes %s', async (_, source, forbidden) => {
    expect(await renderReadme(source)).not.toMatch(forbidden)
  })

  it('keeps https images', async () => {
    expect(await renderReadme('![diagram](https://example.com/d.png)')).toContain('<img alt="diagram" src="https://example.com/d.png" />')
  })

  it('marks an image without a description as decorative', async () => {
    expect(await renderReadme('<img src="https://example.com/d.png">')).toContain('<img alt="" src="https://example.com/d.png" />')
  })

  it('cuts a README larger than the bound, and says so', async () => {
    const html = await renderReadme('word '.repeat((1024 * 1024) / 5))
    expect(html.length).toBeLessThan(MAX_README_CHARS + 1024)
    expect(html).toContain('README cut')
  })
})
