import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { organizationAccess, type OrganizationAccess } from '../organizations/organization-access.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { GpgKey } from './gpg-key.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'

type GpgKeyTarget = { readonly namespace: string; readonly keyId: string }

/**
 * The GPG keys that sign private providers' releases, by namespace (an organization's name):
 * members read them, owners and teams that manage modules add, move and remove them. Adding a key
 * to, or moving one into, a namespace the caller may not manage is refused as "namespace not
 * authorized", as the real API does.
 */
export class GpgKeys {
  readonly #deps: ProviderUseCaseDeps

  constructor(deps: ProviderUseCaseDeps) {
    this.#deps = deps
  }

  async create(command: { readonly namespace: string; readonly asciiArmor: string }, principal: Principal): Promise<GpgKey> {
    // Authorized first, so that a caller who may not use the namespace learns nothing of its armor's fate.
    await this.#deps.unitOfWork.read((repositories) => authorizeNamespace(repositories, principal, command.namespace))
    const keyId = await this.#deps.openpgp.keyIdOf(command.asciiArmor)
    return this.#deps.unitOfWork.run(async (repositories) => {
      await authorizeNamespace(repositories, principal, command.namespace)
      const now = this.#deps.clock.now()
      const key: GpgKey = {
        id: await repositories.gpgKeys.nextId(),
        organizationName: command.namespace,
        namespace: command.namespace,
        keyId,
        asciiArmor: command.asciiArmor,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.gpgKeys.add(key)
      await recordAuditEvent(this.#deps, repositories, { type: 'gpg_key.created', principal, ...audited(key) })
      return key
    })
  }

  /** The keys of those namespaces the caller may read; the others add nothing. */
  list(command: { readonly namespaces: readonly string[]; readonly page: PageRequest }, principal: Principal): Promise<Page<GpgKey>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const readable: string[] = []
      for (const namespace of new Set(command.namespaces)) {
        if ((await accessTo(repositories, principal, namespace)).canRead) readable.push(namespace)
      }
      return repositories.gpgKeys.list(readable, command.page)
    })
  }

  show(target: GpgKeyTarget, principal: Principal): Promise<GpgKey> {
    return this.#deps.unitOfWork.read((repositories) => findKey(repositories, principal, target, 'canRead'))
  }

  /** Moves a key to another namespace, the one change the API allows. */
  update(command: GpgKeyTarget & { readonly newNamespace: string }, principal: Principal): Promise<GpgKey> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const key = await findKey(repositories, principal, command, 'canManageModules')
      if (command.newNamespace === key.namespace) return key
      await authorizeNamespace(repositories, principal, command.newNamespace)
      const moved: GpgKey = {
        ...key,
        namespace: command.newNamespace,
        organizationName: command.newNamespace,
        updatedAt: this.#deps.clock.now(),
      }
      await repositories.gpgKeys.update(moved)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'gpg_key.updated',
        principal,
        ...audited(moved),
        changes: [{ attribute: 'namespace', from: key.namespace, to: moved.namespace }],
      })
      return moved
    })
  }

  async delete(target: GpgKeyTarget, principal: Principal): Promise<void> {
    await this.#deps.unitOfWork.run(async (repositories) => {
      const key = await findKey(repositories, principal, target, 'canManageModules')
      await repositories.gpgKeys.remove(key.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'gpg_key.deleted', principal, ...audited(key) })
    })
  }
}

async function accessTo(repositories: Repositories, principal: Principal, namespace: string): Promise<OrganizationAccess> {
  if ((await repositories.organizations.findByName(namespace)) === undefined)
    return { canRead: false, canManageModules: false, canManageWorkspaces: false, isOwner: false }
  return organizationAccess(repositories, principal, namespace)
}

/** Refuses a namespace the caller may not manage keys in, as the real API words it (a refusal, not a 404). */
async function authorizeNamespace(repositories: Repositories, principal: Principal, namespace: string): Promise<void> {
  if (!(await accessTo(repositories, principal, namespace)).canManageModules) {
    throw new CairnError('forbidden', `namespace not authorized: you may not manage the GPG keys of ${JSON.stringify(namespace)}`)
  }
}

async function findKey(
  repositories: Repositories,
  principal: Principal,
  target: GpgKeyTarget,
  need: keyof OrganizationAccess,
): Promise<GpgKey> {
  const key = (await accessTo(repositories, principal, target.namespace))[need]
    ? await repositories.gpgKeys.find(target.namespace, target.keyId)
    : undefined
  if (key === undefined) throw CairnError.notFound('gpg key')
  return key
}

function audited(key: GpgKey) {
  return { targetId: key.id, targetName: `${key.namespace} ${key.keyId}`, organizationName: key.organizationName }
}
