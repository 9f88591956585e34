import type { ModuleCall, ModuleInput, ModuleOutput, ModuleResource, ProviderRequirement } from '@cairn/core'
import { bodiesOf, isTrue, labelled, stringOf, type Body } from './blocks.ts'

/** What one configuration file declares; a directory's declarations are the union of its files'. */
export interface Declarations {
  readonly inputs: ModuleInput[]
  readonly outputs: ModuleOutput[]
  readonly resources: ModuleResource[]
  readonly providerRequirements: ProviderRequirement[]
  readonly moduleCalls: ModuleCall[]
}

/**
 * Reads the declarations of one parsed file. Data sources are not listed: the metadata's
 * resources are the managed resources a module creates, as the registry protocol shows them.
 */
export function declarationsOf(document: Body): Declarations {
  return {
    inputs: labelled(document['variable'], 1).map(({ labels, body }) => input(labels[0] ?? '', body)),
    outputs: labelled(document['output'], 1).map(({ labels, body }) => ({
      name: labels[0] ?? '',
      description: stringOf(body, 'description'),
      sensitive: isTrue(body, 'sensitive'),
    })),
    resources: labelled(document['resource'], 2).map(({ labels }) => ({ type: labels[0] ?? '', name: labels[1] ?? '' })),
    providerRequirements: bodiesOf(document['terraform'])
      .flatMap((terraform) => bodiesOf(terraform['required_providers']))
      .flatMap((requirements) => Object.entries(requirements).filter(([name]) => name !== '//'))
      .map(([name, requirement]) => providerRequirement(name, requirement)),
    moduleCalls: labelled(document['module'], 1).map(({ labels, body }) => ({
      name: labels[0] ?? '',
      source: stringOf(body, 'source') ?? '',
      version: stringOf(body, 'version') ?? '',
    })),
  }
}

function input(name: string, body: Body): ModuleInput {
  const hasDefault = Object.hasOwn(body, 'default')
  return {
    name,
    type: typeExpression(body['type']),
    description: stringOf(body, 'description'),
    default: hasDefault ? JSON.stringify(body['default']) : null,
    required: !hasDefault,
    sensitive: isTrue(body, 'sensitive'),
  }
}

/**
 * The type constraint as written. The HCL parser wraps expressions in `${…}`; the JSON syntax
 * writes the bare expression (`"list(string)"`).
 */
export function typeExpression(value: unknown): string | null {
  if (typeof value !== 'string') return null
  return /^\$\{(.*)\}$/s.exec(value)?.[1] ?? value
}

/** `aws = { source = "hashicorp/aws", version = ">= 5.0" }`, or the older `aws = ">= 5.0"`. */
function providerRequirement(name: string, requirement: unknown): ProviderRequirement {
  if (typeof requirement === 'string') return { name, namespace: '', source: '', version: requirement }
  const body = bodiesOf(requirement)[0] ?? {}
  const source = stringOf(body, 'source') ?? ''
  return { name, namespace: namespaceOf(source), source, version: stringOf(body, 'version') ?? '' }
}

/** `hashicorp/aws` and `registry.terraform.io/hashicorp/aws` both have the namespace `hashicorp`. */
function namespaceOf(source: string): string {
  const parts = source.split('/')
  if (parts.length === 2) return parts[0] ?? ''
  if (parts.length === 3) return parts[1] ?? ''
  return ''
}
