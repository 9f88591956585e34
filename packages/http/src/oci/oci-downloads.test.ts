import { describe, expect, it } from 'vitest'
import { moduleOrganization, publish } from '../test-support/module-fixtures.ts'
import { testApp } from '../test-support/test-app.ts'

const DOWNLOAD = '/api/registry/v1/modules/acme/vpc/aws/1.0.0/download'

async function downloadAnswer(moduleDownloads?: 'archive' | 'oci') {
  const t = await testApp({ baseUrl: new URL('https://registry.example.test'), ...(moduleDownloads !== undefined && { moduleDownloads }) })
  const { publisher, reader } = await moduleOrganization(t)
  await publish(t, publisher, { name: 'vpc', provider: 'aws', version: '1.0.0' })
  const response = await t.app.request(DOWNLOAD, { headers: { Authorization: `Bearer ${reader}` } })
  const manifest = await t.app.request('/v2/acme/modules/vpc/aws/manifests/1.0.0', { headers: { Authorization: `Bearer ${reader}` } })
  return { response, digest: manifest.headers.get('Docker-Content-Digest') }
}

describe('modules.v1 downloads as OCI sources (moduleDownloads)', () => {
  it('answers the signed archive link by default', async () => {
    const { response } = await downloadAnswer()
    expect(response.status).toBe(204)
    expect(response.headers.get('X-Terraform-Get')).toMatch(/^https:\/\/registry\.example\.test\/.*module\.tar\.gz$/)
  })

  it('answers the oci:// source pinned by the manifest digest when set to oci', async () => {
    const { response, digest } = await downloadAnswer('oci')
    expect(response.status).toBe(204)
    expect(response.headers.get('X-Terraform-Get')).toBe(`oci://registry.example.test/acme/modules/vpc/aws?digest=${digest ?? ''}`)
  })
})
