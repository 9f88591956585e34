import type { Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import type { ProviderLinkBases } from '../resources/provider-file-links.ts'
import { uploadBase } from './registry-module-routes.ts'

/** Where this request's provider links start: uploads on the upload host, downloads on the app. */
export function providerLinkBases(c: Context<AppEnv>, deps: HttpDeps): ProviderLinkBases {
  return { uploadBase: uploadBase(c, deps), appRoot: appRoot(c, deps) }
}
