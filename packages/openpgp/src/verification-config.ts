import { config, enums, type Config } from 'openpgp'

/**
 * openpgp.js's defaults, except that DSA keys verify: Terraform and OpenTofu check provider
 * signatures with Go's OpenPGP library (ProtonMail go-crypto), which accepts RSA, DSA and EdDSA,
 * and a registry that refused a key the CLI accepts would lock out its releases. ElGamal stays
 * refused (it cannot sign); RSA under 2047 bits, MD5/RIPEMD and SHA-1 message signatures stay
 * refused as openpgp.js refuses them.
 */
export const VERIFICATION_CONFIG: Config = {
  ...config,
  rejectPublicKeyAlgorithms: new Set([enums.publicKey.elgamal]),
}
