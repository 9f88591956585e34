import {
  CairnError,
  createUseCases,
  OPERATOR,
  workJobs,
  type ByteStream,
  type ModuleAnalyzer,
  type ModuleMetadata,
  type ModulePart,
  type Principal,
} from '@cairn/core'
import { createHttpApp } from '@cairn/http'
import { InMemoryExpiringCache } from '@cairn/memory'
import { addMember, FAKE_METADATA, inMemoryDeps, settledVersion } from '@cairn/testing'
import { createWebApp } from '../web-app.ts'

export const ORIGIN = 'http://cairn.test'

/**
 * An analyser whose archives are a README: the archive's text becomes the root README, and a
 * second input (`<version>_only`) tells versions apart. Text starting with `bad` is refused.
 * `hold` keeps analyses under way until released, for pages to be read meanwhile.
 */
class ReadmeAnalyzer implements ModuleAnalyzer {
  #held: Promise<void> | undefined

  /** Holds every analysis from now on; answers what releases them. */
  hold(): () => void {
    let release = () => {}
    this.#held = new Promise((resolve) => {
      release = resolve
    })
    return () => {
      this.#held = undefined
      release()
    }
  }

  async analyze(archive: ByteStream): Promise<ModuleMetadata> {
    await this.#held
    let text = ''
    for await (const chunk of archive) text += new TextDecoder().decode(chunk)
    if (text.startsWith('bad'))
      throw new CairnError('invalid', 'the archive is not a gzip tarball', [{ field: 'archive', message: 'is not a gzip tarball' }])
    const [marker = 'any', ...rest] = text.split('\n')
    const input = {
      name: `${marker}_only`,
      type: 'string',
      description: `only in ${marker}`,
      default: null,
      required: true,
      sensitive: false,
    }
    return {
      root: { ...FAKE_METADATA.root, readme: rest.join('\n'), inputs: [...FAKE_METADATA.root.inputs, input] },
      submodules: [SUBNET],
      examples: [BASIC],
    }
  }
}

/** Every version's one submodule: three inputs, one output, one resource, a provider and a README that tries a script. */
const SUBNET: ModulePart = {
  ...FAKE_METADATA.root,
  path: 'modules/subnet',
  name: 'subnet',
  readme: '# Subnet\n\nOne subnet of the network.\n\n<script>window.pwned = true</script>',
  inputs: ['cidr', 'zone', 'tags'].map((name) => ({
    name,
    type: 'string',
    description: `the ${name}`,
    default: null,
    required: true,
    sensitive: false,
  })),
  outputs: [{ name: 'subnet_id', description: 'the subnet', sensitive: false }],
  resources: [{ name: 'this', type: 'aws_subnet' }],
  providerRequirements: [{ name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '>= 5.0' }],
}

/** Every version's one example, which has no README. */
const BASIC: ModulePart = {
  ...FAKE_METADATA.root,
  path: 'examples/basic',
  name: 'basic',
  readme: null,
  inputs: [],
  outputs: [],
  resources: [],
}

/**
 * The whole HTTP app with the web UI, over in-memory adapters. `acme` is owned by `owner`, with
 * `reader` a plain member; `stranger` owns `other`.
 */
export async function webTestApp() {
  const analyzer = new ReadmeAnalyzer()
  const ports = { ...inMemoryDeps(), analyzer }
  const useCases = createUseCases(ports)
  // Uploads queue their analysis; the in-memory queue runs it in this process.
  await workJobs(ports.jobs, useCases)
  const webApp = createWebApp(useCases)
  const app = createHttpApp({
    ...useCases,
    health: ports.health,
    edition: 'self-hosted',
    answerCache: new InMemoryExpiringCache(),
    log: { error: () => undefined },
    webApp,
  })

  async function signUp(username: string) {
    const user = await useCases.createUser.execute({ username, email: `${username}@example.com` }, OPERATOR)
    const { bearer } = await useCases.userTokens.create.execute({ user: { id: user.id } }, OPERATOR)
    return { user, token: bearer, principal: await useCases.authenticateToken.execute(bearer) }
  }
  const owner = await signUp('owner')
  const reader = await signUp('reader')
  const stranger = await signUp('stranger')
  await useCases.organizations.create({ name: 'acme', email: 'acme@example.com' }, owner.principal)
  await addMember(useCases, { organizationName: 'acme', email: reader.user.email }, owner.principal)
  await useCases.organizations.create({ name: 'other', email: 'other@example.com' }, stranger.principal)

  /** Publishes `name`/`provider` version `version` of `organization` with `archive` as its text; answers the version once settled. */
  async function publish(principal: Principal, module: PublishedArchive) {
    const { organizationName, address } = targetOf(module)
    await useCases.registryModules
      .create({ organizationName, name: module.name, provider: module.provider }, principal)
      .catch(() => undefined)
    const created = await useCases.moduleVersions.create({ organizationName, address, version: module.version }, principal)
    return settledVersion(ports.unitOfWork, (await send(created.uploadObjectId, module.archive)).id)
  }

  /** Sends `archive` to the upload link that an existing version's manager is handed, as a re-run CI job does; answers once stored. */
  async function uploadAgain(principal: Principal, module: PublishedArchive) {
    const shown = await useCases.moduleVersions.show({ ...targetOf(module), version: module.version }, principal)
    return send(shown.uploadObjectId, module.archive)
  }

  function send(objectId: string | null, archive: string) {
    const bytes = new TextEncoder().encode(archive)
    return useCases.moduleVersions.upload({
      objectId: objectId ?? '',
      content: (async function* () {
        yield bytes
      })(),
    })
  }

  async function setPassword(userId: string, password: string): Promise<void> {
    const hash = await ports.passwords.hash(password)
    await ports.unitOfWork.run(({ users }) => users.setPasswordHash(userId, hash))
  }

  /** A browser's request: its cookies, and for changes the Origin a same-site form sends. */
  async function browse(path: string, options: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Accept: 'text/html', ...options.headers }
    if (options.cookie !== undefined) headers['Cookie'] = options.cookie
    const init: RequestInit = { headers, redirect: 'manual' }
    if (options.form !== undefined) {
      headers['Origin'] ??= ORIGIN
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      Object.assign(init, { method: 'POST', body: new URLSearchParams(options.form).toString() })
    }
    return app.request(`${ORIGIN}${path}`, init)
  }

  /** Signs in with `token` as a browser does; answers the cookies to send from then on. */
  async function signIn(token: string): Promise<{ cookie: string; csrf: string }> {
    const page = await browse('/app/sign-in')
    const csrfCookie = cookieOf(page, 'cairn_csrf')
    const csrf = csrfCookie.split('=')[1] ?? ''
    const answer = await browse('/app/sign-in', { cookie: csrfCookie, form: { _csrf: csrf, token, next: '/app/' } })
    if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`)
    return { cookie: `${csrfCookie}; ${cookieOf(answer, 'cairn_session')}`, csrf }
  }

  return {
    app,
    useCases,
    clock: ports.clock,
    unitOfWork: ports.unitOfWork,
    hold: () => analyzer.hold(),
    setPassword,
    owner,
    reader,
    stranger,
    publish,
    uploadAgain,
    browse,
    signIn,
  }
}

interface PublishedArchive {
  readonly organization?: string
  readonly name: string
  readonly provider: string
  readonly version: string
  readonly archive: string
}

function targetOf(module: PublishedArchive) {
  const organizationName = module.organization ?? 'acme'
  return {
    organizationName,
    address: { registryName: 'private', namespace: organizationName, name: module.name, provider: module.provider } as const,
  }
}

/** `name=value` of a cookie the response sets. */
export function cookieOf(response: Response, name: string): string {
  const found = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
  if (found === undefined) throw new Error(`no ${name} cookie set`)
  return found.split(';')[0] ?? ''
}

export type WebTestApp = Awaited<ReturnType<typeof webTestApp>>
