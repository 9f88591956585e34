import type { ApiDocsPage } from '@cairn/http'

const PACKAGE = '@cairn/api-docs'

/**
 * The API reference page of `@cairn/api-docs` when it is installed, else none (`/api/docs` is then
 * 404). An optional peer of the server, loaded here only: a host embedding Cairn never gets
 * Scalar unless it installs the package itself.
 */
export async function optionalApiDocs(): Promise<ApiDocsPage | undefined> {
  try {
    const { apiDocs } = await import('@cairn/api-docs')
    return apiDocs()
  } catch (error) {
    // Only its own absence: a package of its that is missing is a broken installation, said as such.
    if (error instanceof Error && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`'${PACKAGE}'`))
      return undefined
    throw error
  }
}
