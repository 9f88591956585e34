import { OPERATOR } from '@cairn/core'
import { fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { signUpUser, untilSettled } from '@cairn/testing'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CairnOptions } from './cairn-options.ts'
import { openCairn } from './create-cairn.ts'

/**
 * The analysis of an upload is a durable job in the embedded database: an archive stored by an
 * instance that stops before analysing it (here one that works no jobs) is analysed by the next
 * instance to start, from the same queue.
 */
describe('an upload stored, its instance stopped before the analysis, then another started', () => {
  it('answers reg_ingressing, and the next instance settles the version ok with the stored archive', async () => {
    const target = {
      organizationName: 'acme',
      address: { registryName: 'private' as const, namespace: 'acme', name: 'network', provider: 'aws' },
    }
    const options: CairnOptions = { store: { kind: 'embedded', dataDir: mkdtempSync(join(tmpdir(), 'cairn-upload-jobs-')) } }
    const archive = await new Response(packDirectory(fixtureModule('network')) as unknown as BodyInit).bytes()
    const first = await openCairn(options, { workers: false })
    try {
      const owner = await signUpUser(first.useCases, 'owner', { isSiteAdmin: true })
      await first.useCases.organizations.create({ name: 'acme', email: 'ops@acme.test' }, owner)
      await first.useCases.registryModules.create({ organizationName: 'acme', name: 'network', provider: 'aws' }, owner)
      const { uploadObjectId } = await first.useCases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)
      const uploaded = await first.fetch(
        new Request(`http://cairn.test/v1/object/${uploadObjectId ?? ''}`, { method: 'PUT', body: archive }),
      )
      expect(uploaded.status).toBe(200)
      expect(((await uploaded.json()) as { data: { attributes: { status: string } } }).data.attributes.status).toBe('reg_ingressing')
    } finally {
      await first.close()
    }

    const second = await openCairn(options)
    try {
      const show = () => second.useCases.moduleVersions.show({ ...target, version: '1.0.0' }, OPERATOR)
      const { version } = await untilSettled(show, (shown) => shown.version.status, 30_000)
      expect(version).toMatchObject({ status: 'ok', uploadGeneration: 1, archive: { size: archive.byteLength } })
      expect(version.metadata?.root.resources.length).toBeGreaterThan(0)
    } finally {
      await second.close()
    }
  }, 120_000)
})
