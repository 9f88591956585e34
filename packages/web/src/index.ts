export { createWebApp } from './web-app.ts'
export type { WebDeps, WebEnv, WebUseCases } from './web-deps.ts'
