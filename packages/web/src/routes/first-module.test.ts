import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'

describe("an organization's page with no modules", () => {
  it('shows the three ways to a first module, with copyable commands naming this server and the organization', async () => {
    const t = await webTestApp()
    const { cookie } = await t.signIn(t.reader.token)
    const page = await (await t.browse('/app/acme', { cookie })).text()
    expect(page).toContain('This organization has no modules yet.')
    expect(page).toMatch(/<h3>1\. With the API<\/h3>[\s\S]*<h3>2\. Upload in this page<\/h3>[\s\S]*<h3>3\. From a repository<\/h3>/)
    for (const id of ['first-module-api', 'first-module-upload', 'first-module-vcs']) {
      expect(page).toContain(`<code id="${id}">`)
      expect(page).toContain(`data-copy="${id}"`)
    }
    expect(page).toContain('API=http://cairn.test/api/v2')
    expect(page).toContain('$API/organizations/acme/registry-modules/private/acme/vpc/aws/versions')
    expect(page).toContain('$API/organizations/acme/oauth-clients')
    expect(page).toContain('$API/organizations/acme/registry-modules/vcs')
  })

  it('is not shown once the organization has a module, nor for a search that matches nothing', async () => {
    const t = await webTestApp()
    await t.useCases.registryModules.create({ organizationName: 'acme', name: 'dns', provider: 'aws' }, t.owner.principal)
    const { cookie } = await t.signIn(t.reader.token)
    for (const path of ['/app/acme', '/app/acme?q=nothing'])
      expect(await (await t.browse(path, { cookie })).text(), path).not.toContain('Publish a first module')
  })
})
