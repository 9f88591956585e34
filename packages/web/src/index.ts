export { createWebApp } from './web-app.ts'
export type { WebDeps, WebEnv, WebUseCases } from './web-deps.ts'
export { MAX_FORM_BYTES } from './middleware/form-body-limit.ts'
