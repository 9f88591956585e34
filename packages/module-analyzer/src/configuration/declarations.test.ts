import { describe, expect, it } from 'vitest'
import { declarationsOf, typeExpression } from './declarations.ts'

describe('declarationsOf, on the shapes of the JSON syntax', () => {
  it('reads blocks written as objects, as arrays of objects, and skips // comments', () => {
    const declarations = declarationsOf({
      '//': 'a comment at the top',
      variable: [{ a: { type: 'string' } }, { b: [{ default: 1 }, { default: 2 }] }],
      resource: { aws_vpc: { '//': 'a comment among labels', main: {} }, aws_subnet: [{ one: {}, two: [{}] }] },
      module: { vpc: { source: 'acme/vpc/aws', version: '1.0.0' }, local: { source: './modules/x' } },
    })
    expect(declarations.inputs.map(({ name, default: value }) => [name, value])).toEqual([
      ['a', null],
      ['b', '1'],
      ['b', '2'],
    ])
    expect(declarations.resources).toEqual([
      { type: 'aws_vpc', name: 'main' },
      { type: 'aws_subnet', name: 'one' },
      { type: 'aws_subnet', name: 'two' },
    ])
    expect(declarations.moduleCalls).toEqual([
      { name: 'vpc', source: 'acme/vpc/aws', version: '1.0.0' },
      { name: 'local', source: './modules/x', version: '' },
    ])
  })

  it('reads required providers from every terraform block, in both forms', () => {
    const { providerRequirements } = declarationsOf({
      terraform: [
        { required_providers: [{ aws: { source: 'hashicorp/aws', version: '~> 5.0' } }] },
        { required_providers: { legacy: '>= 1.0', bare: {}, custom: { source: 'tf.example.com/acme/custom' } } },
      ],
    })
    expect(providerRequirements).toEqual([
      { name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '~> 5.0' },
      { name: 'legacy', namespace: '', source: '', version: '>= 1.0' },
      { name: 'bare', namespace: '', source: '', version: '' },
      { name: 'custom', namespace: 'acme', source: 'tf.example.com/acme/custom', version: '' },
    ])
  })

  it('treats only a literal true as sensitive and only strings as descriptions', () => {
    const { inputs, outputs } = declarationsOf({
      variable: { a: { sensitive: '${var.flag}', description: 3 } },
      output: { b: { sensitive: true, description: 'B' } },
    })
    expect(inputs).toEqual([{ name: 'a', type: null, description: null, default: null, required: true, sensitive: false }])
    expect(outputs).toEqual([{ name: 'b', description: 'B', sensitive: true }])
  })

  it('ignores what is not a block body', () => {
    expect(declarationsOf({ variable: 'nonsense', output: [1, null], resource: { aws_vpc: 'x' } })).toEqual({
      inputs: [],
      outputs: [],
      resources: [],
      providerRequirements: [],
      moduleCalls: [],
    })
  })
})

describe('typeExpression', () => {
  it('unwraps the HCL parser`s ${} and keeps the JSON syntax`s bare expression', () => {
    expect(typeExpression('${map(object({ a = string }))}')).toBe('map(object({ a = string }))')
    expect(typeExpression('list(string)')).toBe('list(string)')
    expect(typeExpression(undefined)).toBeNull()
  })
})
