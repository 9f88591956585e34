export { createHttpApp, MAX_JSON_BODY_BYTES } from './app.ts'
export type { AppEnv, ErrorLog, HttpDeps } from './http-deps.ts'
export { JSON_API } from './jsonapi/media-type.ts'
