import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'

describe('the static files', () => {
  it('/favicon.ico answers an icon cached for 30 days, and every page names its SVG icon, cached for good', async () => {
    const t = await webTestApp()
    const ico = await t.app.request('/favicon.ico')
    expect(ico.status).toBe(200)
    expect(ico.headers.get('Content-Type')).toBe('image/x-icon')
    expect(ico.headers.get('Cache-Control')).toBe('public, max-age=2592000')
    // An ICO file's header: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await ico.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0])
    const page = await (await t.browse('/app/sign-in')).text()
    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(page)?.[1] ?? ''
    const svg = await t.app.request(icon)
    expect(svg.status).toBe(200)
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(svg.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await svg.text()).toMatch(/^<svg /)
  })
})
