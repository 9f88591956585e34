/**
 * The start-up log line's message while the site has no administrator; the line carries the IACT
 * itself in its `initialAdminToken` field, the one place Cairn ever writes it.
 */
export function initialAdminInstructions(url: string, minutes: number): string {
  return (
    `Cairn has no site administrator yet: within ${minutes} minutes, create the first one from this machine with ` +
    `POST ${url}/admin/initial-admin-user?token=<initialAdminToken> and a JSON body of username, email and password ` +
    `(the token is also at ${url}/admin/retrieve-iact, from this machine only; a restart issues a new one)`
  )
}
