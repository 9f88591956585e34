/** What the start-up log says while the site has no administrator: the IACT, and how to use it. */
export function initialAdminInstructions(url: string, token: string): string {
  return [
    'Cairn has no site administrator yet. Create the first one with this initial admin creation token',
    `(also at ${url}/admin/retrieve-iact, from this machine only):`,
    `  initial admin creation token: ${token}`,
    `  curl -H 'Content-Type: application/json' -d '{"username":"admin","email":"admin@example.com","password":"…"}' \\`,
    `    '${url}/admin/initial-admin-user?token=${token}'`,
  ].join('\n')
}
