import { existsSync } from 'node:fs'
import { buildTofuOnce, TOFU_MATRIX, TOFU_VERSION, whyNoTofu } from './opentofu.ts'

/** Where these machines have HashiCorp's CLI; it is not built here (its licence is not open source). */
export const TERRAFORM = '/usr/local/bin/terraform'

/** A CLI that installs modules from a registry. tofu and terraform take the same flags, environment and CLI configuration. */
export interface ModuleCli {
  /** The name tests are reported under. */
  readonly cli: string
  /** Why it cannot run here, or undefined when it can. */
  readonly skipped: string | undefined
  /** Its binary; the first call may build it. */
  readonly binary: () => Promise<string>
  /** How it names itself, as in "OpenTofu has been successfully initialized!". */
  readonly product: 'OpenTofu' | 'Terraform'
}

/** Every CLI the module end-to-end suite runs, for `describe.each`. */
export const MODULE_CLIS: readonly ModuleCli[] = [
  { cli: `OpenTofu ${TOFU_VERSION}`, skipped: whyNoTofu(), binary: buildTofuOnce, product: 'OpenTofu' },
  ...TOFU_MATRIX.map((version) => ({
    cli: `OpenTofu ${version}`,
    skipped: whyNoTofu(version),
    binary: () => buildTofuOnce(version),
    product: 'OpenTofu' as const,
  })),
  {
    cli: 'Terraform',
    skipped: existsSync(TERRAFORM) ? undefined : `${TERRAFORM} is absent`,
    binary: async () => TERRAFORM,
    product: 'Terraform',
  },
]
