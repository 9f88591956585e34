import { describe, expect, it } from 'vitest'
import { MAX_README_DESCRIPTION_LENGTH, readmeDescription } from './readme-description.ts'

describe('a description from a README', () => {
  it('is the first paragraph, after the title and the badges', () => {
    const readme = [
      '# terraform-aws-vpc',
      '',
      '[![CI](https://ci.example.com/badge.svg)](https://ci.example.com) ![License](https://img.example.com/mit.svg)',
      '',
      'Terraform module which creates **VPC** resources',
      'on [AWS](https://aws.amazon.com), with `subnets` and _route tables_.',
      '',
      'More in the second paragraph.',
    ].join('\n')
    expect(readmeDescription(readme)).toBe('Terraform module which creates VPC resources on AWS, with subnets and route tables.')
  })

  it('leaves out HTML, comments, setext headings, code blocks and lists before the prose', () => {
    const readme = [
      '<p align="center"><img src="https://example.com/logo.png"></p>',
      '<!-- generated',
      'by a tool -->',
      'Network',
      '=======',
      '  ```hcl',
      'module "x" {}',
      '  ```',
      '- a list item',
      '',
      'Makes a network &amp; its <b>subnets</b>: see <https://example.com/docs>.',
    ].join('\n')
    expect(readmeDescription(readme)).toBe('Makes a network & its subnets: see https://example.com/docs.')
  })

  it('ends a paragraph at a block of HTML or a rule, skips setext headings, and takes no text from scripts and styles', () => {
    expect(readmeDescription('Network\n---\n\nThe network.\n\n---')).toBe('The network.')
    expect(readmeDescription('Made to try <em>everything</em>.\n<script>window.pwned = true</script>\n<img src="x" onerror="y">')).toBe(
      'Made to try everything.',
    )
    expect(readmeDescription('<style>p { color: red }</style>\n\nA plain <script>x()</script>opening.')).toBe('A plain')
    expect(readmeDescription('First.\n<div>\nSecond.\n</div>')).toBe('First.')
  })

  it('keeps words with underscores and stars that are no emphasis', () => {
    expect(readmeDescription('Sets enable_dns_hostnames and 2 * 3 subnets.')).toBe('Sets enable_dns_hostnames and 2 * 3 subnets.')
  })

  it('is cut at a word, with an ellipsis, to at most 300 characters', () => {
    const description = readmeDescription(`${'word '.repeat(100)}end`)
    expect(description.length).toBeLessThanOrEqual(MAX_README_DESCRIPTION_LENGTH)
    expect(description).toMatch(/^(word )+word…$/)
  })

  it('is empty without a README or any prose near its top', () => {
    expect(readmeDescription(null)).toBe('')
    expect(readmeDescription('# Title\n\n![badge](https://example.com/b.svg)\n\n## Usage\n\n```\ncode\n```')).toBe('')
    expect(readmeDescription(`${'## A heading\n\n'.repeat(2000)}Far too late.`)).toBe('')
  })
})
