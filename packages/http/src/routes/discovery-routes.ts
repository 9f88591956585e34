import { LOGIN_CLIENT } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv } from '../http-deps.ts'
import { MODULES_V1 } from './module-registry-routes.ts'
import { PROVIDERS_V1 } from './provider-registry-routes.ts'
import { LOGIN_TOKEN_PATH } from './login-token-routes.ts'
import { operation } from '../openapi/operation.ts'
import { json } from '../openapi/responses.ts'

const DISCOVERY = operation({
  summary: 'Service discovery',
  description: 'Where Terraform and OpenTofu find the registry protocol and the API; always at the host’s root.',
  tag: 'operations',
  security: [],
  errors: 'none',
  responses: { 200: json('The services this host offers', { type: 'object', additionalProperties: true }) },
})

const API_V2 = '/api/v2/'
/** The web UI's approval page for the CLI's login (packages/web's login routes, under `/app`). */
export const LOGIN_AUTHORIZE_PATH = '/app/login/authorize'

/**
 * The services this host offers, as TFE announces them (reference §4.1); relative to this
 * document, under the path the app is mounted at.
 */
function services(basePath: string, withLogin: boolean) {
  const services = {
    'modules.v1': `${basePath}${MODULES_V1}`,
    'providers.v1': `${basePath}${PROVIDERS_V1}`,
    'motd.v1': `${basePath}/api/terraform/motd`,
    'state.v2': `${basePath}${API_V2}`,
    'tfe.v2': `${basePath}${API_V2}`,
    'tfe.v2.1': `${basePath}${API_V2}`,
    'tfe.v2.2': `${basePath}${API_V2}`,
    'versions.v1': 'https://checkpoint-api.hashicorp.com/v1/versions/',
  } as const
  // The approval page is the web UI's: without the UI there is no page to approve on, and the
  // CLIs fall back to tfe.v2's token paste.
  if (!withLogin) return services
  const login = {
    client: LOGIN_CLIENT.id,
    grant_types: ['authz_code'],
    authz: `${basePath}${LOGIN_AUTHORIZE_PATH}`,
    token: `${basePath}${LOGIN_TOKEN_PATH}`,
    ports: LOGIN_CLIENT.ports,
  }
  return { ...services, 'login.v1': login }
}

/**
 * `GET /.well-known/terraform.json`, open to all; the CLI insists on `application/json`.
 * `login.v1` only when the web UI serves its approval page.
 */
export function discoveryRoutes(basePath: string, withLogin: boolean) {
  const document = services(basePath, withLogin)
  return new Hono<AppEnv>().get('/.well-known/terraform.json', DISCOVERY, (c) => c.json(document))
}
