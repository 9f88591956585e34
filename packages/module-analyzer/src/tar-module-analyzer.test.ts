import type { ModuleMetadata } from '@cairn/core'
import { collect, fixtureModule, hostile, packDirectory, tarGz } from '@cairn/test-fixtures'
import { beforeAll, describe, expect, it } from 'vitest'
import { useAnalyzers } from './test-support/analyzers.ts'
import { useTempRoot } from './test-support/temp-root.ts'

const tempRoot = useTempRoot()
const newAnalyzer = useAnalyzers()

const analyze = (archive: AsyncIterable<Uint8Array>): Promise<ModuleMetadata> => newAnalyzer({ tempRoot: tempRoot().path }).analyze(archive)

describe('TarModuleAnalyzer on the network fixture', () => {
  let network: ModuleMetadata
  beforeAll(async () => {
    network = await newAnalyzer().analyze(packDirectory(fixtureModule('network')))
  })
  const input = (name: string) => network.root.inputs.find((candidate) => candidate.name === name)

  it('keeps every type constraint as written, without the parser`s ${} wrapper', () => {
    expect(Object.fromEntries(network.root.inputs.map(({ name, type }) => [name, type]))).toEqual({
      name: 'string',
      cidr_block: 'string',
      az_count: 'number',
      enable_nat_gateway: 'bool',
      private_subnet_cidrs: 'list(string)',
      subnet_weights: 'map(number)',
      flow_logs: expect.stringMatching(/^object\(\{\s+enabled\s+= bool\s+retention_days = optional\(number, 30\)/),
      allowed_ports: 'set(number)',
      peer: 'tuple([string, number, bool])',
      extra_tags: 'any',
      db_password: 'string',
      legacy: null,
      cost_center: 'string',
      owners: 'list(string)',
    })
  })

  it('gives defaults as JSON text, and requires exactly the inputs without one', () => {
    expect(input('cidr_block')).toMatchObject({ default: '"10.0.0.0/16"', required: false })
    expect(input('az_count')).toMatchObject({ default: '3', required: false })
    expect(input('enable_nat_gateway')).toMatchObject({ default: 'true', required: false })
    expect(input('private_subnet_cidrs')).toMatchObject({ default: '["10.0.1.0/24","10.0.2.0/24"]' })
    expect(input('flow_logs')).toMatchObject({ default: '{"enabled":false}' })
    // `default = null` is a default: Terraform does not ask for the variable.
    expect(input('peer')).toMatchObject({ default: 'null', required: false })
    expect(network.root.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(['db_password', 'legacy', 'name', 'owners'])
  })

  it('reads descriptions (heredocs included) and sensitivity, from .tf and .tf.json alike', () => {
    expect(input('flow_logs')?.description).toBe('Flow log settings.\nLeave `destination` unset to log to CloudWatch.\n')
    expect(input('cost_center')).toMatchObject({ description: 'Billing code added to every resource.', default: '"platform-42"' })
    expect(network.root.inputs.filter((i) => i.sensitive).map((i) => i.name)).toEqual(['db_password', 'owners'])
    expect(network.root.outputs).toEqual([
      { name: 'cost_center', description: null, sensitive: false },
      { name: 'db_password', description: "Echoed for the bastion's bootstrap script.", sensitive: true },
      { name: 'private_subnet_ids', description: null, sensitive: false },
      { name: 'vpc_id', description: 'The id of the VPC.', sensitive: false },
    ])
  })

  it('lists managed resources, not data sources, ordered by type and name', () => {
    expect(network.root.resources).toEqual([
      { type: 'aws_ec2_tag', name: 'cost_center' },
      { type: 'aws_internet_gateway', name: 'this' },
      { type: 'aws_vpc', name: 'this' },
      { type: 'random_id', name: 'suffix' },
    ])
  })

  it('reads required providers in the object form and the legacy string form', () => {
    expect(network.root.providerRequirements).toEqual([
      { name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '>= 5.0, < 6.0' },
      { name: 'null', namespace: '', source: '', version: '~> 3.2' },
      { name: 'random', namespace: 'hashicorp', source: 'registry.terraform.io/hashicorp/random', version: '' },
    ])
  })

  it('reads module calls with their source and version', () => {
    expect(network.root.moduleCalls).toEqual([
      { name: 'flow_logs', source: 'terraform-aws-modules/vpc/aws//modules/vpc-flow-logs', version: '~> 5.0' },
      { name: 'private_subnets', source: './modules/subnet', version: '' },
    ])
  })

  it('describes the root with its README', () => {
    expect(network.root).toMatchObject({ path: '', name: '', empty: false, readme: expect.stringMatching(/^# network\n/) })
  })

  it('describes each submodule in path order, a JSON-only one and one without configuration included', () => {
    expect(network.submodules.map(({ path, name, empty }) => ({ path, name, empty }))).toEqual([
      { path: 'modules/docs-only', name: 'docs-only', empty: true },
      { path: 'modules/flow-logs', name: 'flow-logs', empty: false },
      { path: 'modules/subnet', name: 'subnet', empty: false },
    ])
    const [docsOnly, flowLogs, subnet] = network.submodules
    expect(docsOnly).toMatchObject({ readme: expect.stringMatching(/^# docs-only/), inputs: [], resources: [] })
    expect(flowLogs).toMatchObject({
      readme: null,
      inputs: [
        { name: 'log_group_name', type: 'string', description: 'Where the logs go.', required: true },
        { name: 'retention_days', type: 'number', default: '14', required: false },
      ],
      outputs: [{ name: 'id', description: "The flow log's id.", sensitive: false }],
      resources: [
        { type: 'aws_cloudwatch_log_group', name: 'this' },
        { type: 'aws_flow_log', name: 'this' },
      ],
      providerRequirements: [{ name: 'aws', namespace: '', source: '', version: '>= 4.0' }],
    })
    expect(subnet).toMatchObject({
      readme: '# subnet\n\nOne subnet per range, in the VPC given.\n',
      inputs: [{ name: 'cidrs' }, { name: 'vpc_id' }],
      outputs: [{ name: 'ids' }],
      resources: [{ type: 'aws_subnet', name: 'this' }],
    })
  })

  it('describes each example in path order, finding a README in any letter case', () => {
    expect(network.examples).toMatchObject([
      {
        path: 'examples/basic',
        name: 'basic',
        empty: false,
        readme: expect.stringMatching(/^# Basic example/),
        moduleCalls: [{ name: 'network', source: '../..', version: '' }],
      },
      {
        path: 'examples/complete',
        name: 'complete',
        readme: null,
        outputs: [{ name: 'vpc_id' }],
        providerRequirements: [{ name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '~> 5.40' }],
      },
    ])
  })
})

describe('TarModuleAnalyzer', () => {
  it('removes its temporary directory after a successful analysis', async () => {
    await analyze(packDirectory(fixtureModule('minimal')))
    expect(await tempRoot().contents()).toEqual([])
  })

  it('reads archives whose paths start with ./, as `tar -C dir .` writes them', async () => {
    const metadata = await analyze(packDirectory(fixtureModule('minimal'), { prefix: './' }))
    expect(metadata.root.inputs).toEqual([
      { name: 'greeting', type: 'string', description: null, default: '"hello"', required: false, sensitive: false },
    ])
    expect(metadata.root.outputs).toEqual([{ name: 'message', description: null, sensitive: false }])
  })

  it('reads archives without directory entries, finding submodules from their files', async () => {
    const metadata = await analyze(
      tarGz([
        { path: 'main.tf', body: 'variable "a" {}\n' },
        { path: 'modules/empty/notes.txt', body: 'to do\n' },
        { path: 'modules/vpc/main.tf', body: 'resource "aws_vpc" "this" {}\n' },
      ]),
    )
    expect(metadata.submodules).toMatchObject([
      { path: 'modules/empty', empty: true, readme: null },
      { path: 'modules/vpc', empty: false, resources: [{ type: 'aws_vpc', name: 'this' }] },
    ])
  })

  it('does not analyse deeper directories, hidden files or files directly in modules/', async () => {
    const metadata = await analyze(
      tarGz([
        { path: 'main.tf', body: 'variable "a" {}\n' },
        { path: '.hidden.tf', body: 'variable "hidden" {}\n' },
        { path: 'modules/stray.tf', body: 'this is { not parsed' },
        { path: 'modules/vpc/tests/fixture.tf', body: 'neither { is this' },
        { path: 'test/main.tf', body: 'variable "test" {}\n' },
      ]),
    )
    expect(metadata.root.inputs.map((i) => i.name)).toEqual(['a'])
    expect(metadata.submodules).toMatchObject([{ path: 'modules/vpc', empty: true }])
  })

  it('closes the archive stream as soon as it refuses the archive', async () => {
    let closed = false
    const archive = (async function* () {
      try {
        yield* hostile.compressionBomb(1024 * 1024 * 1024, 8 * 1024 * 1024)
      } finally {
        closed = true
      }
    })()
    await expect(analyze(archive)).rejects.toMatchObject({ code: 'invalid' })
    expect(closed).toBe(true)
  })

  it('passes on a failure of the archive stream itself, and still removes its directory', async () => {
    const whole = await collect(packDirectory(fixtureModule('network')))
    const broken = (async function* () {
      yield whole.subarray(0, whole.length / 2)
      throw new Error('connection reset by peer')
    })()
    await expect(analyze(broken)).rejects.toThrow('connection reset by peer')
    expect(await tempRoot().contents()).toEqual([])
  })

  it('runs analyses concurrently without mixing them up', async () => {
    const [network, minimal] = await Promise.all([
      analyze(packDirectory(fixtureModule('network'))),
      analyze(packDirectory(fixtureModule('minimal'))),
    ])
    expect(network.submodules).toHaveLength(3)
    expect(minimal.root.inputs.map((i) => i.name)).toEqual(['greeting'])
    expect(await tempRoot().contents()).toEqual([])
  })
})
