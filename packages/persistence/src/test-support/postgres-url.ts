/**
 * The PostgreSQL the integration tests use: `TEST_DATABASE_URL`, or the one every Cairn
 * development and CI machine runs (127.0.0.1:5432, trust authentication, database `test`).
 */
export function postgresUrl(): string {
  return process.env['TEST_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
}
