import { expect } from 'vitest'
import { json, type SingleDoc } from './documents.ts'
import type { TestApp } from './test-app.ts'

/** The fake git host's address, as the connection names it. */
export const GIT_HOST = 'http://git.test'

/** Connects organization `acme` (as its owner) to the fake git host; answers the ot- token id. */
export async function connectGitHost(t: TestApp, ownerToken: string): Promise<string> {
  const body = {
    data: {
      type: 'oauth-clients',
      attributes: { 'service-provider': 'github', 'http-url': GIT_HOST, 'oauth-token-string': t.deps.vcs.password },
    },
  }
  const response = await t.call('POST', '/api/v2/organizations/acme/oauth-clients', ownerToken, body)
  expect(response.status).toBe(201)
  const { data } = await json<SingleDoc>(response)
  const tokens = data.relationships?.['oauth-tokens']?.data as { id: string }[]
  return tokens[0]?.id ?? ''
}

export const vcsBody = (vcsRepo: Record<string, unknown>, attributes: Record<string, unknown> = {}) => ({
  data: { type: 'registry-modules', attributes: { ...attributes, 'vcs-repo': vcsRepo } },
})

/** Waits until `check` passes (jobs run in the background), or fails with its last error. */
export async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}
