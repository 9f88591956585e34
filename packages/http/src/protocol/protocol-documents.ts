import { partRequirements, type ModulePart, type ModuleVersionDetail, type PublishedModule, type RegistryModule } from '@cairn/core'

/** The short form of a module version in lists (registry protocol "list shape"). */
export function shortModule({ module, latest }: PublishedModule) {
  return {
    id: `${module.namespace}/${module.name}/${module.provider}/${latest.version}`,
    owner: '',
    namespace: module.namespace,
    name: module.name,
    version: latest.version,
    provider: module.provider,
    provider_logo_url: '',
    // Cairn keeps no description of its own: the README's opening says what the module is.
    description: latest.description,
    source: sourceOf(module),
    tag: '',
    published_at: latest.createdAt.toISOString(),
    downloads: latest.downloads,
    verified: false,
  }
}

/** The detail shape of one version. */
export function moduleDetail(detail: ModuleVersionDetail) {
  const { version, metadata } = detail
  return {
    ...shortModule({ module: detail.module, latest: version }),
    root: partOf(metadata?.root ?? EMPTY_ROOT),
    submodules: (metadata?.submodules ?? []).map(partOf),
    examples: (metadata?.examples ?? []).map(partOf),
    providers: detail.providers,
    versions: detail.versions,
    deprecation: null,
  }
}

function partOf(part: ModulePart) {
  return {
    path: part.path,
    name: part.name,
    readme: part.readme ?? '',
    empty: part.empty,
    inputs: part.inputs.map((input) => ({
      name: input.name,
      type: input.type ?? '',
      description: input.description ?? '',
      default: input.default ?? '',
      required: input.required,
    })),
    outputs: part.outputs.map((output) => ({ name: output.name, description: output.description ?? '' })),
    dependencies: partRequirements(part).dependencies,
    provider_dependencies: partRequirements(part).providers,
    resources: part.resources.map(({ name, type }) => ({ name, type })),
  }
}

const EMPTY_ROOT: ModulePart = {
  path: '',
  name: '',
  readme: null,
  empty: true,
  inputs: [],
  outputs: [],
  resources: [],
  providerRequirements: [],
  moduleCalls: [],
}

/** Where the module is published from: its repository, or nothing for uploaded modules. */
function sourceOf(module: RegistryModule): string {
  return module.vcsRepo?.displayIdentifier ?? ''
}
