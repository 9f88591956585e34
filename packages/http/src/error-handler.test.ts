import { CairnError } from '@cairn/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from './error-handler.ts'
import type { AppEnv } from './http-deps.ts'

function failingWith(error: Error): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.onError(errorHandler({ error: () => undefined }))
  app.get('/', () => {
    throw error
  })
  return app
}

describe('errorHandler', () => {
  it('a 429 says when to retry as Retry-After and as the float X-RateLimit-Reset that go-tfe parses', async () => {
    const response = await failingWith(CairnError.rateLimited('too many failed sign-ins', 90)).request('/')
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe('90')
    expect(Number.parseFloat(response.headers.get('X-RateLimit-Reset') ?? '')).toBe(90)
  })

  it('other errors carry no rate-limit header', async () => {
    const response = await failingWith(CairnError.notFound('module')).request('/')
    expect(response.status).toBe(404)
    expect(response.headers.get('X-RateLimit-Reset')).toBeNull()
  })
})
