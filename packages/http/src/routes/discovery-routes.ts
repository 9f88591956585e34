import { Hono } from 'hono'
import type { AppEnv } from '../http-deps.ts'
import { MODULES_V1 } from './module-registry-routes.ts'
import { PROVIDERS_V1 } from './provider-registry-routes.ts'
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

/**
 * The services this host offers, as TFE announces them (reference §4.1); relative to this
 * document, under the path the app is mounted at.
 */
function services(basePath: string) {
  return {
    'modules.v1': `${basePath}${MODULES_V1}`,
    'providers.v1': `${basePath}${PROVIDERS_V1}`,
    'motd.v1': `${basePath}/api/terraform/motd`,
    'state.v2': `${basePath}${API_V2}`,
    'tfe.v2': `${basePath}${API_V2}`,
    'tfe.v2.1': `${basePath}${API_V2}`,
    'tfe.v2.2': `${basePath}${API_V2}`,
    'versions.v1': 'https://checkpoint-api.hashicorp.com/v1/versions/',
    'login.v1': {
      client: 'terraform-cli',
      grant_types: ['authz_code'],
      authz: `${basePath}/app/settings/tokens?source=terraform-login`,
      token: `${basePath}/api/v2/tokens`,
      ports: [10000, 10010],
    },
  } as const
}

/** `GET /.well-known/terraform.json`, open to all; the CLI insists on `application/json`. */
export function discoveryRoutes(basePath: string) {
  const document = services(basePath)
  return new Hono<AppEnv>().get('/.well-known/terraform.json', DISCOVERY, (c) => c.json(document))
}
