import type { UpstreamRegistry } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSubject } from './use-subject.ts'

/** How the public registry answers: as a registry does, with an error status, with a body that is not JSON, or not in time. */
export type UpstreamBehaviour = 'normal' | 'error status' | 'not json' | 'too slowly'

/** A client of a public registry, and that registry, fresh for each test. */
export interface UpstreamRegistryUnderTest {
  readonly registry: UpstreamRegistry
  /** Makes `versions` of `namespace/name/provider` available upstream, oldest first. */
  publish(address: string, versions: readonly string[]): void
  /** How the registry answers from then on. */
  answer(behaviour: UpstreamBehaviour): void
  dispose(): Promise<void>
}

export type UpstreamRegistryHarness = () => Promise<UpstreamRegistryUnderTest>

const VPC = { namespace: 'terraform-aws-modules', name: 'vpc', provider: 'aws' }
const at = (name: string) => ({ ...VPC, name })

/**
 * What every `UpstreamRegistry` promises the hosted edition's proxy (`PublicModules`): the
 * versions, one version and the latest of a module provider as the public registry has them,
 * `not_found` for what it lacks, `upstream_failed` and `upstream_timeout` for a registry that
 * fails or is too slow, and no failure kept once it answers again. Answers may be cached, so no
 * test asks twice about something that changed upstream.
 */
export function upstreamRegistryContract(name: string, open: UpstreamRegistryHarness): void {
  describe(`UpstreamRegistry contract: ${name}`, () => {
    const upstream = useSubject(open)
    beforeEach(() => upstream().publish('terraform-aws-modules/vpc/aws', ['5.0.0', '5.1.0']))

    it('lists every version of a module provider', async () => {
      const answer = await upstream().registry.versions(VPC)
      expect(answer.modules.map((module) => module.versions.map(({ version }) => version))).toEqual([['5.0.0', '5.1.0']])
    })

    it('details one version, and the latest, as the registry has them', async () => {
      await expect(upstream().registry.moduleVersion(VPC, '5.0.0')).resolves.toMatchObject({
        id: 'terraform-aws-modules/vpc/aws/5.0.0',
        version: '5.0.0',
      })
      await expect(upstream().registry.latest(VPC)).resolves.toMatchObject({ id: 'terraform-aws-modules/vpc/aws/5.1.0', version: '5.1.0' })
    })

    it('answers not_found for a module provider or a version the registry lacks', async () => {
      await expect(upstream().registry.versions(at('absent'))).rejects.toMatchObject({ code: 'not_found' })
      await expect(upstream().registry.moduleVersion(at('absent'), '1.0.0')).rejects.toMatchObject({ code: 'not_found' })
      await expect(upstream().registry.latest(at('absent'))).rejects.toMatchObject({ code: 'not_found' })
      await expect(upstream().registry.moduleVersion(VPC, '9.9.9')).rejects.toMatchObject({ code: 'not_found' })
    })

    it('answers upstream_failed when the registry answers an error or what is not JSON', async () => {
      upstream().answer('error status')
      await expect(upstream().registry.versions(VPC)).rejects.toMatchObject({ code: 'upstream_failed' })
      await expect(upstream().registry.latest(VPC)).rejects.toMatchObject({ code: 'upstream_failed' })
      upstream().answer('not json')
      await expect(upstream().registry.moduleVersion(VPC, '5.0.0')).rejects.toMatchObject({ code: 'upstream_failed' })
    })

    it('answers upstream_timeout when the registry does not answer in time', async () => {
      upstream().answer('too slowly')
      await expect(upstream().registry.versions(VPC)).rejects.toMatchObject({ code: 'upstream_timeout' })
    })

    it('keeps no failure: once the registry answers again, so does the client', async () => {
      upstream().answer('error status')
      await expect(upstream().registry.latest(VPC)).rejects.toMatchObject({ code: 'upstream_failed' })
      upstream().answer('normal')
      await expect(upstream().registry.latest(VPC)).resolves.toMatchObject({ version: '5.1.0' })
    })
  })
}
