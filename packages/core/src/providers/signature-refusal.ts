import { CairnError } from '../errors/cairn-error.ts'
import type { SignatureCheck } from '../ports/openpgp-signatures.ts'

const REFUSALS: Record<Exclude<SignatureCheck, 'valid'>, string> = {
  armored: 'is ASCII-armored; terraform and tofu accept only a binary detached signature (gpg --detach-sign, without --armor)',
  unreadable: 'is not an OpenPGP signature; sign SHA256SUMS with gpg --detach-sign',
  other_key: "was made by another key than the version's key-id",
  mismatch: "does not match SHA256SUMS: the file changed after it was signed, or the version's key can no longer sign",
}

/** Raises why a SHA256SUMS signature that did not verify is refused, naming the file. */
export function refuseSignature(check: Exclude<SignatureCheck, 'valid'>): never {
  throw CairnError.invalidField('shasums-sig', `SHA256SUMS.sig ${REFUSALS[check]}`)
}
