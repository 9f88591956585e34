import { MEMBERSHIP_STATUSES, parseEmail, type MembershipDetails, type MembershipStatus } from '@cairn/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { includedOf, listDocument, type ResourceObject } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { optionalText, parseInclude, queryError } from '../jsonapi/query-parameters.ts'
import { membershipResource, membershipUserResource } from '../resources/membership-resource.ts'
import { teamResource } from '../resources/team-resource.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, identifier, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'

/** An invitation: the address, and the teams the invitee joins (`relationships.teams`, optional). */
const INVITATION = resourceDocument('organization-memberships', attributes({ email: ['email', z.string()] }), {
  relationships: z.object({ teams: optional(z.object({ data: z.array(identifier('teams')) })) }),
})

const INCLUDE = queryParameter('include', 'user, teams')
const TAG = 'memberships'

/**
 * Organization memberships, TFE's API: owners invite an address (with the teams the invitee will
 * join), members list them (`include` takes `user` and `teams`), the invitee accepts or declines (Cairn's `actions/accept` and
 * `actions/decline`, which TFE leaves to its web UI), a member leaves by deleting their own.
 * Mounted at /api/v2.
 */
export function membershipRoutes(deps: RouteDeps) {
  const memberships = deps.memberships
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .post(
      '/organizations/:org/organization-memberships',
      operation({
        summary: 'Invite someone to an organization',
        tag: TAG,
        body: INVITATION,
        responses: { 201: oneResource('The invitation', 'organization-memberships') },
      }),
      async (c) => {
        const { attributes, relationships } = (await readDocument(c, INVITATION)).data
        const teamIds = relationships.teams?.data.map((team) => team.id) ?? []
        const details = await memberships.invite(
          { organizationName: c.req.param('org'), email: attributes.email, teamIds },
          c.var.principal,
        )
        return jsonApi(c, document(details, ['user']), 201)
      },
    )
    .get(
      '/organizations/:org/organization-memberships',
      operation({
        summary: 'List an organization’s memberships',
        tag: TAG,
        query: [
          INCLUDE,
          queryParameter('filter[status]', 'invited or active'),
          queryParameter('filter[email]', 'Addresses, repeated or comma-separated'),
          queryParameter('q', 'Matches usernames and e-mail addresses'),
          ...PAGE_QUERY,
        ],
        responses: { 200: resourceList('A page of memberships', 'organization-memberships') },
      }),
      cached,
      async (c) => {
        const include = parseInclude(c.req.query('include'), INCLUDES)
        const status = parseStatus(c.req.query('filter[status]'))
        const emails = parseEmails(c.req.queries('filter[email]'))
        const search = optionalText(c.req.query('q'))
        const page = await memberships.list(
          {
            organizationName: c.req.param('org'),
            ...(status !== undefined && { status }),
            ...(emails !== undefined && { emails }),
            ...(search !== undefined && { search }),
            page: parsePageRequest((name) => c.req.query(name)),
          },
          c.var.principal,
        )
        return jsonApi(
          c,
          listDocument(c, deps.baseUrl, page, page.items.map(membershipResource), { included: included(page.items, include) }),
        )
      },
    )
    .get(
      '/organization-memberships',
      operation({
        summary: 'List the caller’s memberships',
        tag: TAG,
        query: [INCLUDE],
        responses: { 200: resourceList('The memberships', 'organization-memberships') },
      }),
      cached,
      async (c) => {
        const include = parseInclude(c.req.query('include'), INCLUDES)
        const own = await memberships.listOwn(c.var.principal)
        return jsonApi(c, { data: own.map(membershipResource), ...includedOf(included(own, include)) })
      },
    )
    .get(
      '/organization-memberships/:id',
      operation({
        summary: 'Show a membership',
        tag: TAG,
        query: [INCLUDE],
        responses: { 200: oneResource('The membership', 'organization-memberships') },
      }),
      cached,
      async (c) => {
        const details = await memberships.show({ id: c.req.param('id') }, c.var.principal)
        return jsonApi(c, document(details, parseInclude(c.req.query('include'), INCLUDES)))
      },
    )
    .post(
      '/organization-memberships/:id/actions/accept',
      operation({
        summary: 'Accept an invitation',
        tag: TAG,
        responses: { 200: oneResource('The membership, now active', 'organization-memberships') },
      }),
      async (c) => {
        const details = await memberships.accept({ id: c.req.param('id') }, c.var.principal)
        return jsonApi(c, document(details, ['user']))
      },
    )
    .post(
      '/organization-memberships/:id/actions/decline',
      operation({ summary: 'Decline an invitation', tag: TAG, responses: { 204: noContent('Declined') } }),
      async (c) => {
        await memberships.decline({ id: c.req.param('id') }, c.var.principal)
        return c.body(null, 204)
      },
    )
    .delete(
      '/organization-memberships/:id',
      operation({ summary: 'Remove a membership, or leave', tag: TAG, responses: { 204: noContent('Removed') } }),
      async (c) => {
        await memberships.remove({ id: c.req.param('id') }, c.var.principal)
        return c.body(null, 204)
      },
    )
}

const INCLUDES = ['user', 'teams'] as const

function document(details: MembershipDetails, include: readonly string[]): { data: ResourceObject; included?: ResourceObject[] } {
  return { data: membershipResource(details), ...includedOf(included([details], include)) }
}

/** What `include` asks for: each membership's user (as an invitation shows it) and teams. */
function included(items: readonly MembershipDetails[], include: readonly string[]): ResourceObject[] {
  return [
    ...(include.includes('user') ? items.map(membershipUserResource) : []),
    ...(include.includes('teams') ? items.flatMap((details) => details.teams.map((team) => teamResource(team))) : []),
  ]
}

function parseStatus(raw: string | undefined): MembershipStatus | undefined {
  if (raw === undefined || raw === '') return undefined
  const status = MEMBERSHIP_STATUSES.find((value) => value === raw)
  if (status === undefined) throw queryError('filter[status]', `must be one of ${MEMBERSHIP_STATUSES.join(', ')}`)
  return status
}

/** `filter[email]`, repeated (as go-tfe sends it) or comma-separated (as TFE documents it). */
function parseEmails(raw: readonly string[] | undefined): string[] | undefined {
  const values = (raw ?? []).flatMap((value) => value.split(',')).filter((value) => value.trim() !== '')
  if (values.length === 0) return undefined
  return values.map((value) => {
    try {
      return parseEmail(value)
    } catch {
      throw queryError('filter[email]', `has an invalid address "${value}"`)
    }
  })
}
