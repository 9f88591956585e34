/**
 * A GPG public key that signs a namespace's provider releases. The armor is kept byte for byte,
 * as clients echo it back; `keyId` is read from it (16 upper-case hex digits).
 */
export interface GpgKey {
  /** A decimal string, as Terraform Enterprise's ids for keys are. */
  readonly id: string
  readonly organizationName: string
  readonly namespace: string
  readonly keyId: string
  readonly asciiArmor: string
  readonly createdAt: Date
  readonly updatedAt: Date
}
