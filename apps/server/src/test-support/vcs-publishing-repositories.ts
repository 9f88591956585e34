import { GitRepository } from '@cairn/test-fixtures'

/** The repositories the VCS publishing tests publish from, and the commit their branch-based module takes. */
export interface VcsPublishingRepositories {
  /** A monorepo: modules/dns and modules/vpc, tagged dns/v3.0.0 and vpc/v0.9.0. */
  readonly infra: GitRepository
  readonly infraCommit: string
}

/**
 * Builds, with real git under `gitRoot`: acme/terraform-aws-vpc, whose tags are v-prefixed and
 * plain semver, one not semver and one on a tree that is not HCL; and acme/infra (see above).
 */
export function createVcsPublishingRepositories(gitRoot: string): VcsPublishingRepositories {
  const vpc = GitRepository.create(gitRoot, 'acme/terraform-aws-vpc')
  vpc.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n', 'README.md': '# VPC\n' })
  vpc.tag('v1.0.0')
  vpc.tag('nightly')
  vpc.commit({ 'main.tf': 'this is { not hcl' })
  vpc.tag('1.1.0', true)
  vpc.commit({ 'main.tf': 'output "id" {\n  value = "x"\n}\n' })
  vpc.tag('v1.2.0')
  const infra = GitRepository.create(gitRoot, 'acme/infra')
  const infraCommit = infra.commit({ 'modules/dns/main.tf': 'variable "zone" {}\n', 'modules/vpc/main.tf': 'variable "cidr" {}\n' })
  infra.tag('dns/v3.0.0')
  infra.tag('vpc/v0.9.0')
  return { infra, infraCommit }
}
