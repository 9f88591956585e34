export { createHttpApp, MAX_JSON_BODY_BYTES } from './app.ts'
export type { AppEnv, ErrorLog, HttpDeps } from './http-deps.ts'
export type { ServedRequest } from './served-requests.ts'
export { JSON_API } from './jsonapi/media-type.ts'
