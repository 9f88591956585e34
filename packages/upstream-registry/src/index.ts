export * from './http-upstream-registry.ts'
export { HttpProviderOrigin, type HttpProviderOriginOptions } from './provider-origin/http-provider-origin.ts'
