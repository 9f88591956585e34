import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'

/** acme's vpc/aws with 1.0.0 and 1.1.0 ready, and a reader signed in. */
async function withModule() {
  const t = await webTestApp()
  await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# one' })
  await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.1.0', archive: '1.1.0\n# two' })
  return { t, reader: await t.signIn(t.reader.token) }
}

describe('the pages of submodules and examples', () => {
  it("the module page's Submodules and Examples tabs link each to its page, counted in correct plurals", async () => {
    const { t, reader } = await withModule()
    const page = await (await t.browse('/app/acme/vpc/aws', reader)).text()
    expect(page).toContain(
      '<a href="/app/acme/vpc/aws/modules/subnet?version=1.1.0"><code>modules/subnet</code></a>: 3 inputs, 1 output, 1 resource',
    )
    expect(page).toContain(
      '<a href="/app/acme/vpc/aws/examples/basic?version=1.1.0"><code>examples/basic</code></a>: 0 inputs, 0 outputs, 0 resources',
    )
  })

  it("a submodule's page shows its inputs, outputs, resources, providers, safe README and the //modules usage snippet", async () => {
    const { t, reader } = await withModule()
    const response = await t.browse('/app/acme/vpc/aws/modules/subnet?version=1.0.0', reader)
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('<h1><code>modules/subnet</code></h1>\n<p class="description">One subnet of the network.</p>')
    expect(page).toContain('A submodule of <a href="/app/acme/vpc/aws?version=1.0.0">')
    expect(page).toContain(
      'module &quot;subnet&quot; {\n  source  = &quot;cairn.test/acme/vpc/aws//modules/subnet&quot;\n  version = &quot;1.0.0&quot;\n}',
    )
    expect(page).toMatch(
      /id="tab-inputs">Inputs \(3\)[\s\S]*id="tab-outputs">Outputs \(1\)[\s\S]*id="tab-resources">Resources \(1\)[\s\S]*id="tab-providers">Providers \(1\)/,
    )
    for (const name of ['cidr', 'zone', 'tags', 'subnet_id', 'aws_subnet.this', 'hashicorp/aws']) expect(page).toContain(name)
    const readme = page.slice(page.indexOf('id="readme-heading"'))
    expect(readme).toContain('<h1>Subnet</h1>')
    expect(readme).not.toContain('<script')
    expect(page).toContain('<a href="/app/acme/vpc/aws/modules/subnet" aria-current="page">modules/subnet</a>')
  })

  it("an example's page uses //examples, and says when it has no README", async () => {
    const { t, reader } = await withModule()
    const page = await (await t.browse('/app/acme/vpc/aws/examples/basic', reader)).text()
    expect(page).toContain('An example of')
    expect(page).toContain('source  = &quot;cairn.test/acme/vpc/aws//examples/basic&quot;')
    expect(page).toContain('version = &quot;1.1.0&quot;')
    expect(page).toContain('This example has no README.')
  })

  it('a part, version or module that is not there, or not to be seen, is 404 as for the module page', async () => {
    const { t, reader } = await withModule()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.2.0', archive: 'bad archive' })
    const owner = await t.signIn(t.owner.token)
    const stranger = await t.signIn(t.stranger.token)
    const cases = [
      ['/app/acme/vpc/aws/modules/nope', reader],
      ['/app/acme/vpc/aws/examples/subnet', reader],
      ['/app/acme/vpc/aws/modules/subnet?version=9.9.9', reader],
      // A failed version has no parts: it serves no archive.
      ['/app/acme/vpc/aws/modules/subnet?version=1.2.0', owner],
      ['/app/acme/vpc/aws/modules/subnet', stranger],
    ] as const
    for (const [path, who] of cases) expect((await t.browse(path, who)).status, path).toBe(404)
  })
})
