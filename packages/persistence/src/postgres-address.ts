/**
 * How a start-up error names the database: server, port, database and role from the URL, and
 * never its password (nor the URL, which may hold it).
 */
export interface PostgresAddress {
  /** `PostgreSQL at host:port` (or at the socket directory). */
  readonly server: string
  readonly database: string
  readonly user: string
}

/** The parts of `url` an error may name; a URL that does not parse names nothing but PostgreSQL. */
export function postgresAddress(url: string): PostgresAddress {
  const parsed = URL.parse(url)
  if (parsed === null) return { server: 'PostgreSQL', database: '(unknown)', user: '(unknown)' }
  // A socket directory can only be named by the query parameter; libpq's defaults otherwise.
  const host = parsed.searchParams.get('host') ?? (parsed.hostname === '' ? 'localhost' : parsed.hostname)
  const port = parsed.port === '' ? '5432' : parsed.port
  const user = decodeURIComponent(parsed.username) || (parsed.searchParams.get('user') ?? '(the default role)')
  const database = decodeURIComponent(parsed.pathname.slice(1)) || user
  return { server: `PostgreSQL at ${host}:${port}`, database, user }
}

/** `text` without the URL's password, should a driver have echoed it. */
export function withoutPassword(text: string, url: string): string {
  const parsed = URL.parse(url)
  const password = parsed === null ? '' : decodeURIComponent(parsed.password)
  return password === '' ? text : text.replaceAll(password, '***')
}
