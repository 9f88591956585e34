export * from './http-upstream-registry.ts'
