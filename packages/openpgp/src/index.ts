export { OpenPgpJsSignatures } from './openpgp-js-signatures.ts'
