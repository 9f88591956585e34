import { CairnError, type Principal, type UseCases } from '@cairn/core'
import type { z } from 'zod'
import type { CairnLifecycle } from './cairn-lifecycle.ts'
import type { CairnUseCases, ModuleVersionTarget } from './cairn-use-cases.ts'
import { checkedCommand, checkedOperation } from './checked-operation.ts'
import { COMMANDS } from './command-schemas.ts'

/** The host's operations over the core's use cases, each checked and refused once `lifecycle` closes. */
export function cairnUseCasesOver(useCases: UseCases, lifecycle: CairnLifecycle): CairnUseCases {
  const operation = <Command, Result>(schema: z.ZodType<Command>, run: (command: Command, principal: Principal) => Promise<Result>) =>
    checkedOperation(lifecycle, schema, run)
  return {
    users: {
      create: operation(COMMANDS.createUser, (command, principal) => useCases.createUser.execute(command, principal)),
    },
    tokens: {
      createForUser: operation(COMMANDS.createUserToken, (command, principal) => useCases.userTokens.create.execute(command, principal)),
      createForTeam: operation(COMMANDS.teamToken, (command, principal) => useCases.serviceTokens.createTeamToken(command, principal)),
      createForOrganization: operation(COMMANDS.organizationToken, (command, principal) =>
        useCases.serviceTokens.createOrganizationToken(command, principal),
      ),
      authenticate: checkedCommand(lifecycle, COMMANDS.authenticate, (command: { readonly token: string }) =>
        useCases.authenticateToken.execute(command.token),
      ),
    },
    organizations: {
      create: operation(COMMANDS.createOrganization, (command, principal) => useCases.organizations.create(command, principal)),
      show: operation(COMMANDS.showOrganization, (command, principal) => useCases.organizations.show(command, principal)),
      list: operation(COMMANDS.listOrganizations, (command, principal) => useCases.organizations.list(command.page, principal)),
    },
    teams: {
      create: operation(COMMANDS.createTeam, (command, principal) => useCases.teams.create(command, principal)),
      list: operation(COMMANDS.listTeams, (command, principal) => useCases.teams.list(command, principal)),
    },
    modules: {
      create: operation(COMMANDS.createModule, (command, principal) => useCases.registryModules.create(command, principal)),
      show: operation(COMMANDS.moduleTarget, (command, principal) => useCases.registryModules.show(command, principal)),
      list: operation(COMMANDS.listModules, (command, principal) => useCases.registryModules.list(command, principal)),
      createVersion: operation(COMMANDS.moduleVersionTarget, (command, principal) => useCases.moduleVersions.create(command, principal)),
      showVersion: operation(COMMANDS.moduleVersionTarget, (command, principal) => useCases.moduleVersions.show(command, principal)),
      uploadVersion: operation(COMMANDS.uploadVersion, async ({ content, ...target }, principal) => {
        const objectId = await uploadObjectOf(useCases, target, principal)
        return useCases.moduleVersions.upload({ objectId, content })
      }),
    },
    providers: {
      create: operation(COMMANDS.createProvider, (command, principal) => useCases.registryProviders.create(command, principal)),
      show: operation(COMMANDS.providerTarget, (command, principal) =>
        useCases.registryProviders.show({ ...command, includeVersions: true }, principal),
      ),
    },
  }
}

/** Where the version's archive goes, when the principal may upload it: what its upload link names. */
async function uploadObjectOf(useCases: UseCases, target: ModuleVersionTarget, principal: Principal): Promise<string> {
  const { uploadObjectId } = await useCases.moduleVersions.show(target, principal)
  if (uploadObjectId === null) throw CairnError.notFound('upload link')
  return uploadObjectId
}
