import { apiDocs } from '@cairn/api-docs'
import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

type Operation = { summary?: string; description?: string; tags?: string[]; requestBody?: unknown }
type Document = {
  openapi: string
  info: { version: string }
  tags: { description: string }[]
  paths: Record<string, Record<string, Operation>>
}

/** Every method and path the app routes, in OpenAPI's `{param}` form. */
function routesOf(app: { routes: readonly { method: string; path: string }[] }): Set<string> {
  const routes = app.routes.filter((route) => route.method !== 'ALL')
  return new Set(routes.map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`))
}

function operationsOf(document: Document): Set<string> {
  return new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'servers')
        .map((method) => `${method} ${path}`),
    ),
  )
}

/** The route as documented: aliases (a trailing slash, the admin API without `/api/v2`) under the path they repeat. */
function documentedAs(route: string, operations: Set<string>): string {
  const [method = '', path = ''] = route.split(' ')
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path
  const canonical = `${method} ${trimmed.startsWith('/admin/') ? `/api/v2${trimmed}` : trimmed}`
  return operations.has(canonical) ? canonical : route
}

async function documentOf(edition: 'self-hosted' | 'hosted' = 'self-hosted'): Promise<{ document: Document; routes: Set<string> }> {
  const t = await testApp({ edition })
  const document = (await (await t.call('GET', '/api/openapi.json', null)).json()) as Document
  return { document, routes: routesOf(t.app) }
}

describe('GET /api/openapi.json', () => {
  it.each(['self-hosted', 'hosted'] as const)(
    'is a valid OpenAPI 3.1 document describing every route of the %s edition',
    async (edition) => {
      const t = await testApp({ edition })
      const response = await t.call('GET', '/api/openapi.json', null)
      expect(response.status).toBe(200)
      const document = (await response.json()) as Document
      expect(document.openapi).toMatch(/^3\.1\./)
      const result = await validate(structuredClone(document) as never)
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
      const operations = operationsOf(document)
      expect([...routesOf(t.app)].filter((route) => !operations.has(documentedAs(route, operations)))).toEqual([])
      expect(operations.size).toBeGreaterThan(60)
    },
  )

  it.each(['self-hosted', 'hosted'] as const)(
    'describes each operation of the %s edition once: an alias path is routed but not listed',
    async (edition) => {
      const { document, routes } = await documentOf(edition)
      const operations = Object.values(document.paths).flatMap((item) =>
        Object.entries(item)
          .filter(([key]) => key !== 'servers')
          .map(([, operation]) => operation),
      )
      const summaries = operations.map((operation) => `${operation.tags?.join()}: ${operation.summary}`)
      expect(summaries.filter((summary, index) => summaries.indexOf(summary) !== index)).toEqual([])
      expect(Object.keys(document.paths).filter((path) => path.length > 1 && path.endsWith('/'))).toEqual([])
      if (edition === 'self-hosted') {
        expect(routes).toContain('get /admin/users')
        expect(document.paths['/admin/users']).toBeUndefined()
        expect(document.paths['/api/v2/admin/users']?.['get']?.summary).toBe('List users')
        // Served under /admin only: listed there.
        expect(document.paths['/admin/initial-admin-user']?.['post']).toBeDefined()
      }
    },
  )

  it('names no internal document: no spec sections in descriptions', async () => {
    const { document } = await documentOf()
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
    const texts = [
      ...document.tags.map((tag) => tag.description),
      ...operations.flatMap((operation) => [operation.summary ?? '', operation.description ?? '']),
    ]
    expect(texts.filter((text) => /§|\bspec\b/i.test(text))).toEqual([])
  })

  it('describes request bodies with the schemas that validate them', async () => {
    const t = await testApp()
    const document = (await (await t.call('GET', '/api/openapi.json', null)).json()) as Document
    const create =
      document.paths['/api/v2/organizations/{org}/registry-modules/{registry}/{namespace}/{name}/{provider}/versions']?.['post']
    expect(create?.tags).toEqual(['registry-modules'])
    expect(JSON.stringify(create?.requestBody)).toContain('"required":["version"]')
    expect(JSON.stringify(create?.requestBody)).toContain('"const":"registry-module-versions"')
  })

  it('serves the reference page, which loads the document and its script from here', async () => {
    const t = await testApp({ apiDocs: apiDocs() })
    const page = await t.call('GET', '/api/docs', null)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('/api/openapi.json')
    expect(html).toContain('src="/api/docs/standalone.js"')
    const script = await t.call('GET', '/api/docs/standalone.js', null)
    expect(script.headers.get('Content-Type')).toContain('text/javascript')
    expect((await script.bytes()).length).toBeGreaterThan(1024 * 1024)
  })

  it('has no reference page when the host added none, and still serves the document', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/api/docs', null)).status).toBe(404)
    expect((await t.call('GET', '/api/docs/standalone.js', null)).status).toBe(404)
    expect((await t.call('GET', '/api/openapi.json', null)).status).toBe(200)
  })

  it('sends the reference page with a Content-Security-Policy whose fresh nonce is on its scripts only', async () => {
    const t = await testApp({ apiDocs: apiDocs() })
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
