/**
 * The API reference page at `/api/docs`, opt-in: `createCairn({ …, apiDocs: apiDocs() })`. A
 * separate package because Scalar's bundle and its dependencies weigh far more than Cairn itself.
 *
 * @packageDocumentation
 */
export { apiDocs, type ApiDocs, type ApiDocsPageRequest } from './api-docs.ts'
