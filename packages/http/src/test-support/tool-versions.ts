import { expect } from 'vitest'
import type { TestApp } from './test-app.ts'

/** The admin prefixes the tool-version routes are mounted under. */
export const ADMIN_PREFIXES = ['/api/v2/admin', '/admin']

export const SHA = 'c'.repeat(64)
/** A tool version's required attributes: its linux/amd64 binary. */
export const toolVersionAttributes = { version: '1.9.0', url: 'https://releases.example.com/tofu_1.9.0.zip', sha: SHA }
export const ARCHS = [
  { url: 'https://x.test/arm.zip', sha: 'd'.repeat(64), os: 'linux', arch: 'arm64' },
  { url: 'https://x.test/amd.zip', sha: 'e'.repeat(64), os: 'linux', arch: 'amd64' },
  { url: 'https://x.test/s390x.zip', sha: 'f'.repeat(64), os: 'linux', arch: 's390x' },
]
export const toolVersionBody = (attrs: Record<string, unknown>, type = 'tool-versions') => ({ data: { type, attributes: attrs } })

export interface ToolVersionDoc {
  data: { id: string; type: string; attributes: Record<string, unknown>; links: { self: string } }
}

/** Creates a tool version under `base` as the administrator of `t`, which must answer 201. */
export async function createToolVersion(
  t: TestApp,
  base: string,
  attrs: Record<string, unknown> = toolVersionAttributes,
): Promise<ToolVersionDoc['data']> {
  const response = await t.call('POST', base, t.adminToken, toolVersionBody(attrs))
  expect(response.status).toBe(201)
  return ((await response.json()) as ToolVersionDoc).data
}
