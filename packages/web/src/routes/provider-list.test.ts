import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'
import { publishProvider } from '../test-support/web-test-providers.ts'

const providersSection = (page: string) => /<section class="providers"[\s\S]*?<\/section>/.exec(page)?.[0] ?? ''

describe("an organization's providers, beside its modules", () => {
  it('lists each with its latest installable version, that version’s platforms and all downloads', async () => {
    const t = await webTestApp()
    const two = [
      { os: 'linux', arch: 'amd64' },
      { os: 'darwin', arch: 'arm64' },
    ]
    await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '1.0.0', platforms: two })
    // Higher, but its signature never came: not what terraform installs.
    await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '1.1.0', files: 'shasums' })
    await publishProvider(t.useCases, t.owner.principal, { name: 'dns', version: '0.1.0', files: 'none' })
    for (const os of ['linux', 'darwin'])
      await t.useCases.providerProtocol.download(
        { namespace: 'acme', type: 'time', version: '1.0.0', os, arch: os === 'linux' ? 'amd64' : 'arm64' },
        t.reader.principal,
      )
    // Counted in memory; the server writes them every few seconds.
    await t.useCases.providerProtocol.flushDownloads()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# vpc' })
    const { cookie } = await t.signIn(t.reader.token)
    const page = await (await t.browse('/app/acme', { cookie })).text()
    expect(page).toContain('href="/app/acme/vpc/aws"')
    const section = providersSection(page)
    expect(section).toContain('<h2 id="providers-heading">Providers</h2>')
    expect(section).toContain('2 providers')
    expect(section).toMatch(
      /<a href="\/app\/acme\/providers\/acme\/time"><strong>acme\/time<\/strong><\/a>\s*<span>v1\.0\.0, 2 platforms<\/span>\s*<span>2 downloads<\/span>/,
    )
    expect(section).toMatch(
      /<a href="\/app\/acme\/providers\/acme\/dns"><strong>acme\/dns<\/strong><\/a>\s*<span>No installable version yet \(1 version\)<\/span>\s*<span>0 downloads<\/span>/,
    )
    expect(section).not.toContain('has no providers yet')
  })

  it('an organization without providers tells how to publish one, with this server and the organization in the command', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# vpc' })
    const { cookie } = await t.signIn(t.reader.token)
    const section = providersSection(await (await t.browse('/app/acme', { cookie })).text())
    expect(section).toContain('This organization has no providers yet.')
    expect(section).toContain('<code id="first-provider">')
    expect(section).toContain('data-copy="first-provider"')
    expect(section).toContain(
      'pnpm --silent cairn providers publish dist \\\n  --address http://cairn.test --organization acme --public-key signing-key.asc',
    )
    expect(section).toContain('“Publish a provider”')
  })

  it('is not shown to those outside the organization, whose page is not found', async () => {
    const t = await webTestApp()
    await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '1.0.0' })
    const { cookie } = await t.signIn(t.stranger.token)
    const response = await t.browse('/app/acme', { cookie })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('acme/time')
  })
})
