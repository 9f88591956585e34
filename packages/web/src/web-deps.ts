import type { UseCases, UserPrincipal } from '@cairn/core'

/** The use cases the web pages call; the pages hold no rules of their own. */
export type WebUseCases = Pick<
  UseCases,
  | 'authenticateSession'
  | 'signIn'
  | 'signOut'
  | 'cliLogin'
  | 'organizations'
  | 'registryModules'
  | 'moduleVersions'
  | 'registryProviders'
  | 'providerVersions'
  | 'userTokens'
  | 'serviceTokens'
  | 'organizationServiceTokens'
  | 'manageProviderMirror'
>

export interface WebDeps extends WebUseCases {
  /** Where clients reach this server: the host of usage snippets; the request's own URL when absent. */
  readonly baseUrl?: URL
  /** Where archives are uploaded (`{upload_url}`); the base URL when absent. */
  readonly uploadUrl?: URL
}

/** What the web middleware leaves for page handlers. */
export interface WebEnv {
  Variables: {
    /** The signed-in user, when the session cookie authenticates. */
    user: UserPrincipal | undefined
    /** This browser's CSRF token, which every form echoes. */
    csrfToken: string
    /** The client's address, when the host app that mounts the UI tells it (for backing off password guessing). */
    clientAddress?: string
  }
}
