import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

describe('service discovery (reference §4.1)', () => {
  it('answers without credentials, in application/json, with the TFE service keys', async () => {
    const { app } = await testApp()
    const response = await app.request('/.well-known/terraform.json', { headers: { Accept: 'application/json' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json(;|$)/)
    const services = (await response.json()) as Record<string, unknown>
    expect(services).toMatchObject({
      'modules.v1': '/api/registry/v1/modules/',
      'tfe.v2': '/api/v2/',
      'tfe.v2.1': '/api/v2/',
      'tfe.v2.2': '/api/v2/',
      'state.v2': '/api/v2/',
      'motd.v1': '/api/terraform/motd',
    })
  })

  it('announces no login.v1 without the web UI, whose page approves a login: the CLIs then ask for a token to paste', async () => {
    const { app } = await testApp()
    const services = (await (await app.request('/.well-known/terraform.json')).json()) as Record<string, unknown>
    expect(services).not.toHaveProperty('login.v1')
  })
})
