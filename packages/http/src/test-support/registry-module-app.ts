import { beforeEach, expect } from 'vitest'
import { json, type ErrorDoc } from './documents.ts'
import { moduleBody, moduleOrganization } from './module-fixtures.ts'
import { testApp, type TestApp } from './test-app.ts'
import { BASE } from './vpc-module.ts'

export interface RegistryModuleApp {
  readonly t: TestApp
  readonly tokens: Awaited<ReturnType<typeof moduleOrganization>>
  /** POSTs a registry module with `attributes`, as the publisher unless `token` says otherwise. */
  readonly create: (attributes: Record<string, unknown>, token?: string) => Promise<Response>
}

/**
 * For every test of the calling `describe`, a fresh app with the organization of moduleOrganization
 * and no modules yet; read its fields inside the tests, as each beforeEach replaces them.
 */
export function registryModuleAppPerTest(): RegistryModuleApp {
  let t: TestApp
  let tokens: RegistryModuleApp['tokens']
  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
  })
  return {
    get t() {
      return t
    },
    get tokens() {
      return tokens
    },
    create: (attributes, token = tokens.publisher) => t.call('POST', BASE, token, moduleBody(attributes)),
  }
}

/** The errors of `response`, which must answer `status`. */
export async function errorsOf(response: Response, status: number): Promise<ErrorDoc['errors']> {
  expect(response.status).toBe(status)
  return (await json<ErrorDoc>(response)).errors
}
