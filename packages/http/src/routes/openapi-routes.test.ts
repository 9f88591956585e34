import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

type Document = { openapi: string; info: { version: string }; paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>> }

/** Every method and path the app routes, in OpenAPI's `{param}` form. */
function routesOf(app: { routes: readonly { method: string; path: string }[] }): Set<string> {
  const routes = app.routes.filter((route) => route.method !== 'ALL')
  return new Set(routes.map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`))
}

function operationsOf(document: Document): Set<string> {
  return new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => key !== 'servers').map((method) => `${method} ${path}`)))
}

describe('GET /api/openapi.json', () => {
  it.each(['self-hosted', 'hosted'] as const)('is a valid OpenAPI 3.1 document describing every route of the %s edition', async (edition) => {
    const t = await testApp({ edition })
    const response = await t.call('GET', '/api/openapi.json', null)
    expect(response.status).toBe(200)
    const document = (await response.json()) as Document
    expect(document.openapi).toMatch(/^3\.1\./)
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect([...routesOf(t.app)].filter((route) => !operationsOf(document).has(route))).toEqual([])
    expect(operationsOf(document).size).toBeGreaterThan(60)
  })

  it('describes request bodies with the schemas that validate them', async () => {
    const t = await testApp()
    const document = (await (await t.call('GET', '/api/openapi.json', null)).json()) as Document
    const create = document.paths['/api/v2/organizations/{org}/registry-modules/{registry}/{namespace}/{name}/{provider}/versions']?.['post']
    expect(create?.tags).toEqual(['registry-modules'])
    expect(JSON.stringify(create?.requestBody)).toContain('"required":["version"]')
    expect(JSON.stringify(create?.requestBody)).toContain('"const":"registry-module-versions"')
  })

  it('serves the reference page, which loads the document', async () => {
    const t = await testApp()
    const page = await t.call('GET', '/api/docs', null)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/api/openapi.json')
  })

  it('sends the reference page with a Content-Security-Policy whose fresh nonce is on its scripts only', async () => {
    const t = await testApp()
    const nonces = []
    for (let request = 0; request < 2; request += 1) {
      const page = await t.call('GET', '/api/docs', null)
      const policy = page.headers.get('Content-Security-Policy') ?? ''
      expect(policy).toContain("default-src 'self'")
      expect(policy).toContain("connect-src 'self'")
      expect(policy).toContain("frame-ancestors 'none'")
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1]
      expect(nonce).toBeDefined()
      const html = await page.text()
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce ?? ''}"`)
      nonces.push(nonce)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })
})
