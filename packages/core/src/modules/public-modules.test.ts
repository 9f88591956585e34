import { inMemoryDeps, signUpUser, type InMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { isCairnError } from '../errors/cairn-error.ts'
import type { Edition } from '../shared/edition.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const VPC = { namespace: 'terraform-aws-modules', name: 'vpc', provider: 'aws' }

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  return isCairnError(error) ? error.code : `not a CairnError: ${String(error)}`
}

describe('PublicModules: the curated public-module proxy (spec §1.3–1.4)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal

  async function setUp(edition: Edition, curatingOrganization = 'acme') {
    deps = inMemoryDeps({ edition })
    deps.upstream.publish('terraform-aws-modules/vpc/aws', ['5.0.0', '5.1.0'])
    cases = createUseCases(deps)
    owner = await signUpUser(cases, 'olivia')
    await cases.organizations.create({ name: curatingOrganization, email: 'owners@acme.test' }, owner)
    if (edition === 'hosted') {
      await cases.registryModules.create({ organizationName: curatingOrganization, ...VPC, registryName: 'public' }, owner)
    }
  }

  describe('hosted edition', () => {
    beforeEach(() => setUp('hosted'))

    it('serves a module curated by an organization the user belongs to', async () => {
      expect(await cases.publicModules.versions(VPC, owner)).toMatchObject({
        modules: [{ versions: [{ version: '5.0.0' }, { version: '5.1.0' }] }],
      })
      expect(await cases.publicModules.moduleVersion(VPC, 'v5.0.0', owner)).toMatchObject({ version: '5.0.0' })
      expect(await cases.publicModules.latest(VPC, owner)).toMatchObject({ version: '5.1.0' })
    })

    it('refuses, without asking the upstream, a module curated only where the caller cannot read', async () => {
      const stranger = await signUpUser(cases, 'nora')
      await cases.organizations.create({ name: 'other', email: 'owners@other.test' }, stranger)
      const otherToken = await cases.serviceTokens.createOrganizationToken({ organizationName: 'other' }, stranger)
      const otherOrganization: Principal = await cases.authenticateToken.execute(otherToken.bearer)
      for (const principal of [stranger, otherOrganization]) {
        expect(await codeOf(cases.publicModules.versions(VPC, principal))).toBe('not_found')
        expect(await codeOf(cases.publicModules.latest(VPC, principal))).toBe('not_found')
        expect(await codeOf(cases.publicModules.moduleVersion(VPC, '5.0.0', principal))).toBe('not_found')
      }
      expect(deps.upstream.requests).toEqual([])
    })

    it('refuses a private module of the same address: only public records count', async () => {
      await cases.registryModules.create({ organizationName: 'acme', name: 'iam', provider: 'aws' }, owner)
      deps.upstream.publish('acme/iam/aws', ['1.0.0'])
      expect(await codeOf(cases.publicModules.versions({ namespace: 'acme', name: 'iam', provider: 'aws' }, owner))).toBe('not_found')
      expect(deps.upstream.requests).toEqual([])
    })

    it('bad_request for a version that is not semver, without asking the upstream', async () => {
      expect(await codeOf(cases.publicModules.moduleVersion(VPC, 'latest', owner))).toBe('bad_request')
      expect(deps.upstream.requests).toEqual([])
    })
  })

  it('the operator reads every organization, past the first page of them', async () => {
    await setUp('hosted', 'zz-last')
    for (let n = 0; n < 100; n++) await cases.organizations.create({ name: `org-${n}`, email: `o${n}@example.com` }, owner)
    expect(await cases.publicModules.latest(VPC, OPERATOR)).toMatchObject({ version: '5.1.0' })
  })

  it('self-hosted edition: not_found, without asking the upstream', async () => {
    await setUp('self-hosted')
    expect(await codeOf(cases.publicModules.versions(VPC, OPERATOR))).toBe('not_found')
    expect(deps.upstream.requests).toEqual([])
  })
})
