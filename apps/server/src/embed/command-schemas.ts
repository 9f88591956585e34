import type {
  ByteStream,
  CreateOrganizationCommand,
  CreateRegistryModuleCommand,
  CreateRegistryProviderCommand,
  CreateTeamCommand,
  CreateUserCommand,
  CreateUserTokenCommand,
  PageRequest,
  Principal,
  ProviderTarget,
  RegistryModuleQuery,
} from '@cairn/core'
import { z } from 'zod'
import type { ModuleTarget, ModuleVersionTarget } from './cairn-use-cases.ts'

// The shapes of the facade's commands, checked before a use case sees them: a JavaScript caller
// that leaves out a field gets an `invalid` naming it, never a TypeError from deep inside. Values
// are the use cases' to judge (a name's characters, a version's syntax); these check shapes only.
// Each `satisfies` keeps a schema in agreement with the core's type for the command.

const text = z.string()
const flag = z.boolean().exactOptional()
const registryName = z.enum(['private', 'public'])

const page = z.strictObject({ number: z.number(), size: z.number() }) satisfies z.ZodType<PageRequest>

// Addresses as a view holds them, among its other fields: those are not checked, nor passed on.
const moduleAddress = z.object({ registryName, namespace: text, name: text, provider: text })
const moduleTarget = z.strictObject({ organizationName: text, address: moduleAddress }) satisfies z.ZodType<ModuleTarget>
const moduleVersionTarget = moduleTarget.extend({ version: text }) satisfies z.ZodType<ModuleVersionTarget>
const byteStream = z.custom<ByteStream>(
  (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
  'must be an async iterable of bytes (a Node stream, a Blob.stream())',
)

export const COMMANDS = {
  createUser: z.strictObject({
    username: text,
    email: text,
    isSiteAdmin: flag,
    isServiceAccount: flag,
  }) satisfies z.ZodType<CreateUserCommand>,
  createUserToken: z.strictObject({
    user: z.union([z.strictObject({ username: text }), z.strictObject({ id: text })]),
    description: text.exactOptional(),
  }) satisfies z.ZodType<CreateUserTokenCommand>,
  teamToken: z.strictObject({ teamId: text }),
  organizationToken: z.strictObject({ organizationName: text }),
  authenticate: z.strictObject({ token: text }),
  createOrganization: z.strictObject({
    name: text,
    email: text,
    collaboratorAuthPolicy: text.exactOptional(),
    speculativePlanManagementEnabled: flag,
  }) satisfies z.ZodType<CreateOrganizationCommand>,
  showOrganization: z.strictObject({ name: text }),
  listOrganizations: z.strictObject({ page }),
  createTeam: z.strictObject({
    organizationName: text,
    name: text,
    access: z.strictObject({ manageModules: flag, manageWorkspaces: flag }).exactOptional(),
    allowMemberTokenManagement: flag,
  }) satisfies z.ZodType<CreateTeamCommand>,
  listTeams: z.strictObject({ organizationName: text, page }),
  createModule: z.strictObject({
    organizationName: text,
    name: text,
    provider: text,
    namespace: text.exactOptional(),
    registryName: registryName.exactOptional(),
    noCode: flag,
  }) satisfies z.ZodType<CreateRegistryModuleCommand>,
  moduleTarget,
  listModules: z.strictObject({
    organizationName: text,
    search: text.exactOptional(),
    registryName: registryName.exactOptional(),
    provider: text.exactOptional(),
    sort: z.enum(['name', 'recently-published']).exactOptional(),
    page,
  }) satisfies z.ZodType<RegistryModuleQuery>,
  moduleVersionTarget,
  uploadVersion: moduleVersionTarget.extend({ content: byteStream }),
  createProvider: z.strictObject({
    organizationName: text,
    name: text,
    namespace: text.exactOptional(),
    registryName,
  }) satisfies z.ZodType<CreateRegistryProviderCommand>,
  providerTarget: z.strictObject({
    organizationName: text,
    address: z.object({ registryName, namespace: text, name: text }),
  }) satisfies z.ZodType<ProviderTarget>,
}

/** A principal as the use cases read it: `OPERATOR`, or one `tokens.authenticate` answered. */
export const PRINCIPAL = z.discriminatedUnion(
  'kind',
  [
    z.looseObject({ kind: z.literal('operator') }),
    z.looseObject({ kind: z.literal('user'), user: z.looseObject({ id: text }), credential: z.looseObject({ kind: text }) }),
    z.looseObject({ kind: z.literal('team'), team: z.looseObject({ id: text }), tokenId: text }),
    z.looseObject({ kind: z.literal('organization'), organizationName: text, tokenId: text }),
  ],
  { error: (issue) => (issue.input === undefined ? 'is required' : 'must be OPERATOR or a principal from tokens.authenticate') },
) satisfies z.ZodType<Pick<Principal, 'kind'>>
